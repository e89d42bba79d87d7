import { useState, type ChangeEvent } from 'react';

type Values = Record<string, string | boolean>;
export type Errors<T> = Partial<Record<keyof T, string>>;

/** What `text()` gives a Field: value, change handler, error flag and helper text. */
export type TextFieldProps = {
  name: string;
  id: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  error: boolean;
  helperText: string;
};

/** Minimal form state for the public pages (react-hook-form would pull react-admin-sized code into them). */
type Widen<T> = { [K in keyof T]: T[K] extends boolean ? boolean : string };

export function useForm<I extends Values>(initial: I, validate: (values: Widen<I>) => Errors<I>) {
  type T = Widen<I>;
  const [values, setValues] = useState<T>(initial as T);
  const [errors, setErrors] = useState<Errors<T>>({});
  const [submitted, setSubmitted] = useState(false);

  const set = <K extends keyof T>(name: K, value: T[K]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(validate(next));
  };

  const setMany = (changes: Partial<T>) => {
    const next = { ...values, ...changes };
    setValues(next);
    if (submitted) setErrors(validate(next));
  };

  return {
    values,
    errors,
    set,
    setMany,
    /** Props for a text field: value, change handler, error flag and helper text. */
    text(name: keyof T & string): TextFieldProps {
      return {
        name,
        id: name,
        value: values[name] as string,
        onChange: (e: ChangeEvent<HTMLInputElement>) => set(name, e.target.value as T[typeof name]),
        error: Boolean(errors[name]),
        helperText: errors[name] ?? ' ',
      };
    },
    /** Validates everything and shows the errors; true when the form can be sent. */
    check(): boolean {
      setSubmitted(true);
      const found = validate(values);
      setErrors(found);
      return Object.values(found).every((e) => !e);
    },
    reset() {
      setValues(initial as T);
      setErrors({});
      setSubmitted(false);
    },
  };
}

export const required = (value: string | boolean) =>
  (typeof value === 'string' ? value.trim() === '' : !value) ? 'Campo obligatorio' : undefined;
