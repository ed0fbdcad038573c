import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { Controller, get, type FieldValues, type Path, type RegisterOptions, type UseFormReturn } from 'react-hook-form';
import { Field, fieldAria } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select, type SelectOption } from '@/components/ui/select';

/** FormFieldProps: the form, the value's name in it, and the labelled field around the control. */
interface FormFieldProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  name: Path<T>;
  id: string;
  label: string;
  hint?: string;
}

/** errorOf is the validation message of name, nested names included. */
function errorOf<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>): string | undefined {
  const error: { message?: string } | undefined = get(form.formState.errors, name);
  return error?.message;
}

type InputFieldProps<T extends FieldValues> = FormFieldProps<T> & { rules?: RegisterOptions<T, Path<T>> } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'form'>;

/** InputField is a labelled Input registered on the form, with its validation message. */
export function InputField<T extends FieldValues>({ form, name, id, label, hint, rules, ...input }: InputFieldProps<T>) {
  const error = errorOf(form, name);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input id={id} {...input} {...form.register(name, rules)} {...fieldAria(id, error)} />
    </Field>
  );
}

/** NumberField is an InputField for a whole number, read as a number (NaN when empty). */
export function NumberField<T extends FieldValues>(props: Omit<InputFieldProps<T>, 'type' | 'rules' | 'step' | 'inputMode'>) {
  return <InputField {...props} rules={{ valueAsNumber: true }} type="number" step={1} inputMode="numeric" />;
}

type TextareaFieldProps<T extends FieldValues> = FormFieldProps<T> & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'form'>;

/** TextareaField is a labelled Textarea registered on the form, with its validation message. */
export function TextareaField<T extends FieldValues>({ form, name, id, label, hint, ...textarea }: TextareaFieldProps<T>) {
  const error = errorOf(form, name);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Textarea id={id} {...textarea} {...form.register(name)} {...fieldAria(id, error)} />
    </Field>
  );
}

interface SelectFieldProps<T extends FieldValues> extends FormFieldProps<T> {
  options: readonly SelectOption[];
  placeholder?: string;
  /** onValueChange replaces the plain field update (e.g. to apply a type's defaults). */
  onValueChange?: (value: string) => void;
}

/** SelectField is a labelled Select bound to the form, with its validation message. */
export function SelectField<T extends FieldValues>({ form, name, id, label, hint, options, placeholder, onValueChange }: SelectFieldProps<T>) {
  const error = errorOf(form, name);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Select
            id={id}
            value={field.value}
            onValueChange={onValueChange ?? field.onChange}
            options={options}
            placeholder={placeholder}
            aria-invalid={error ? true : undefined}
          />
        )}
      />
    </Field>
  );
}
