import type { ImportResultado } from './tipos';

/** One CSV cell: quoted when it holds the separator, a quote or a line break. */
const celda = (value: string | number) => {
  const text = String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The rejected rows of an import as a CSV the user can open in Excel (semicolons, UTF-8 with BOM): line, identification
 * and reason, in the file's order.
 */
export function erroresCsv(errores: ImportResultado['errores']): string {
  const lines = [['Línea', 'Identificación', 'Motivo'], ...errores.map((e) => [e.linea, e.identificacion, e.motivo])];
  return `\uFEFF${lines.map((line) => line.map(celda).join(';')).join('\r\n')}\r\n`;
}

/** Hands a text to the browser as a file. */
export function guardarTexto(text: string, name: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
