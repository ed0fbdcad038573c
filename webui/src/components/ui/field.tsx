import type { ReactNode } from 'react';
import { Label } from './label';

/** Field labels a control and shows its validation message, linked by aria-describedby. */
export function Field({ id, label, error, children, hint }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && (
        // A read-only form (a disabled fieldset group/fields, FormBody) shows no editing hints.
        <p id={`${id}-hint`} className="text-xs text-slate-600 group-disabled/fields:hidden">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** fieldAria gives a control the invalid flag and description of its Field. */
export function fieldAria(id: string, error?: string): { 'aria-invalid'?: boolean; 'aria-describedby'?: string } {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}
