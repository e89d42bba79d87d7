import { formatBytes } from '../../domain/archivos';
import './public.css';

type Props = {
  id: string;
  label: string;
  accept: string;
  file: File | null;
  onPick: (file: File | undefined) => void;
  help: string;
  error?: string | null;
  /** Share of the file sent so far (0 to 1) while it uploads. */
  progress?: number | null;
  /** A file must be chosen: the label carries the asterisk the other required fields show. */
  required?: boolean;
};

/**
 * A file input with Spanish texts whatever the browser's language ("Seleccionar archivo", not "Choose File").
 * The chosen file lives in the page's state (`file`), so the native input is emptied after each choice: choosing
 * the same file again after a refusal still counts as a choice.
 */
export function FilePicker({ id, label, accept, file, onPick, help, error, progress, required }: Props) {
  return (
    <div className={`am-field ${error ? 'am-field--error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <div className="am-file">
        <label htmlFor={id} className="am-btn am-btn--outlined" aria-hidden="true">
          Seleccionar archivo
        </label>
        <span className="am-file__name">{file ? `${file.name} (${formatBytes(file.size)})` : 'Ningún archivo seleccionado'}</span>
        <input
          id={id}
          type="file"
          accept={accept}
          className="am-visually-hidden"
          aria-describedby={`${id}-help`}
          aria-required={required || undefined}
          onChange={(e) => {
            const picked = e.target.files?.[0];
            e.target.value = '';
            onPick(picked);
          }}
        />
      </div>
      {progress != null && (
        <progress
          className="am-progress"
          max={100}
          value={Math.round(progress * 100)}
          aria-label={`Subiendo ${file?.name ?? 'el archivo'}`}
        >
          {Math.round(progress * 100)} %
        </progress>
      )}
      <div id={`${id}-help`} className="am-help">
        {progress != null ? `Subiendo... ${Math.round(progress * 100)} %` : (error ?? help)}
      </div>
    </div>
  );
}
