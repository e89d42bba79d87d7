import { useState, type InputHTMLAttributes } from 'react';
import type { TextFieldProps } from './useForm';
import './public.css';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> & {
  label: string;
  name: string;
  id?: string;
  error?: boolean;
  helperText?: string;
  warning?: string;
};

/** A labelled input with its helper or error line underneath. */
export function Field({ label, name, id = name, error, helperText, warning, type = 'text', ...input }: FieldProps) {
  const [visible, setVisible] = useState(false);
  const isPassword = type === 'password';
  const help = error ? helperText : (warning ?? helperText);
  return (
    <div className={`am-field ${error ? 'am-field--error' : warning ? 'am-field--warning' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="am-input-wrap">
        <input
          id={id}
          name={name}
          type={isPassword && visible ? 'text' : type}
          aria-invalid={error || undefined}
          aria-describedby={`${id}-help`}
          style={isPassword ? { paddingRight: 72 } : undefined}
          {...input}
        />
        {isPassword && (
          <button
            type="button"
            className="am-reveal"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? 'Ocultar clave' : 'Mostrar clave'}
          >
            {visible ? 'Ocultar' : 'Mostrar'}
          </button>
        )}
      </div>
      <div id={`${id}-help`} className="am-help">
        {help?.trim() ? help : ' '}
      </div>
    </div>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
  id,
}: {
  label: React.ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  id: string;
}) {
  return (
    <div className="am-check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

type SelectFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** The empty first option ("Seleccione..."). */
  placeholder: string;
  options: ReadonlyArray<{ value: string | number; label: string }>;
};

/** A labelled native <select> with its error line underneath, like Field. */
export function SelectField({ id, label, value, onChange, error, placeholder, options }: SelectFieldProps) {
  return (
    <div className={`am-field ${error ? 'am-field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <div className="am-help">{error ?? ' '}</div>
    </div>
  );
}

type CredentialsForm = {
  values: { recordar: boolean };
  text(name: 'usuario' | 'clave'): TextFieldProps;
  set(name: 'recordar', value: boolean): void;
};

/** User, password, "remember me" and Ingresar: the end of both sign-in forms. */
export function CredentialFields({ form, sending }: { form: CredentialsForm; sending: boolean }) {
  return (
    <>
      <Field label="Usuario" autoComplete="username" {...form.text('usuario')} />
      <Field label="Clave" type="password" autoComplete="current-password" {...form.text('clave')} />
      <CheckboxField
        id="recordar"
        label="Recordarme en este equipo"
        checked={form.values.recordar}
        onChange={(v) => form.set('recordar', v)}
      />
      <button type="submit" className="am-btn am-btn--block" disabled={sending}>
        {sending ? 'Ingresando...' : 'Ingresar'}
      </button>
    </>
  );
}
