import { saveBlob } from '../http/download';

/** Helpers of the import dialogs (src/shell/ImportarDialog.tsx): the rejected rows as a file, and a text handed to the browser. */

/** One CSV cell: quoted when it holds the separator, a quote or a line break. */
const celda = (value: string | number) => {
  const text = String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** A rejected row of an import: its line (the header is line 1), the key that names the record, and why. */
export type ErrorFila = { linea: number; motivo: string };

/**
 * The rejected rows of an import as a CSV the user can open in Excel (semicolons, UTF-8 with BOM): line, the record's
 * key (`clave`: its column's title and its field in each error) and reason, in the file's order.
 */
export function erroresCsv<E extends ErrorFila>(errores: readonly E[], clave: { etiqueta: string; campo: keyof E }): string {
  const lines = [['Línea', clave.etiqueta, 'Motivo'], ...errores.map((e) => [e.linea, String(e[clave.campo] ?? ''), e.motivo])];
  return `\uFEFF${lines.map((line) => line.map(celda).join(';')).join('\r\n')}\r\n`;
}

/** Hands a text to the browser as a file. */
export function guardarTexto(text: string, name: string, type = 'text/csv;charset=utf-8') {
  saveBlob(new Blob([text], { type }), name);
}

/** polyglot's rules for the dialog's own texts: %{name} from `options`, "singular |||| plural" by smart_count. */
export function formatear(text: string, options: object = {}): string {
  const values = options as Record<string, unknown>;
  const [one, many = one] = text.split(' |||| ');
  const chosen = values.smart_count === undefined || values.smart_count === 1 ? one : many;
  return chosen.replace(/%\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}
