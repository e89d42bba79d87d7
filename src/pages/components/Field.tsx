import { useState, type InputHTMLAttributes } from 'react';
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
  const help = error ? helperText : warning ?? helperText;
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
          <button type="button" className="am-reveal" onClick={() => setVisible((v) => !v)} aria-label={visible ? 'Ocultar clave' : 'Mostrar clave'}>
            {visible ? 'Ocultar' : 'Mostrar'}
          </button>
        )}
      </div>
      <div id={`${id}-help`} className="am-help">{help?.trim() ? help : ' '}</div>
    </div>
  );
}

export function CheckboxField({ label, checked, onChange, id }: { label: React.ReactNode; checked: boolean; onChange: (checked: boolean) => void; id: string }) {
  return (
    <div className="am-check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
