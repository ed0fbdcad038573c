import { useId } from 'react';
import { cn } from '@/lib/cn';

/** CheckboxGroup is a fieldset of checkboxes editing a list of values. */
export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  className,
}: {
  legend: string;
  options: readonly { value: string; label: string }[];
  value: string[];
  onChange: (value: string[]) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <fieldset className={cn('grid gap-1.5', className)}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((o) => {
          const boxId = `${id}-${o.value}`;
          return (
            <label key={o.value} htmlFor={boxId} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                id={boxId}
                type="checkbox"
                className="h-4 w-4 rounded border-slate-400 accent-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
                checked={value.includes(o.value)}
                onChange={(e) => onChange(e.target.checked ? [...value, o.value] : value.filter((v) => v !== o.value))}
              />
              {o.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
