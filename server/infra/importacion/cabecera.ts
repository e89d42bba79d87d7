import { HttpError } from '../../core/errors';
import type { FileRow } from './lectura';

/** A header or a name as an import compares them: lower case, without accents, words joined by _. */
export const normalizar = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/** A column of an import's template: its name, the other names people give it, and whether a file must have it. */
export type ColumnaArchivo<C extends string = string> = { campo: C; alias: readonly string[]; obligatoria: boolean };

/** Where each known column is in the file's header; unknown headers are ignored. */
export type Cabecera<C extends string> = Partial<Record<C, number>>;

/** How many non-empty rows an import looks through for its header (a title above the table, as in the reports). */
const HEADER_SEARCH = 10;

export type MensajesCabecera = { vacio: string; faltaColumna: (columnas: string[]) => string };

/**
 * The data rows of a file with the header they follow: empty rows are skipped, the header is the first of the first
 * rows that names a known column (titles above it are passed over). A header without a required column, or no header,
 * is a 400 naming the missing columns; an empty file a 400 too. A header and no rows yields nothing.
 */
export async function* filasConCabecera<C extends string>(
  rows: AsyncIterable<FileRow>,
  columnas: readonly ColumnaArchivo<C>[],
  mensajes: MensajesCabecera,
): AsyncGenerator<FileRow & { cabecera: Cabecera<C> }> {
  const nombres = new Map<string, C>(columnas.flatMap((c) => [c.campo, ...c.alias].map((name) => [normalizar(name), c.campo] as const)));
  const obligatorias = columnas.filter((c) => c.obligatoria).map((c) => c.campo);
  let cabecera: Cabecera<C> | undefined;
  let seen = 0;
  for await (const row of rows) {
    if (row.cells.every((c) => !String(c ?? '').trim())) continue;
    if (cabecera) {
      yield { ...row, cabecera };
      continue;
    }
    const found: Cabecera<C> = {};
    row.cells.forEach((cell, index) => {
      const campo = nombres.get(normalizar(String(cell ?? '').replace(/^\uFEFF/, '')));
      if (campo && found[campo] === undefined) found[campo] = index;
    });
    seen++;
    const known = Object.keys(found).length > 0;
    if (!known && seen < HEADER_SEARCH) continue;
    if (!known) throw new HttpError(400, mensajes.faltaColumna(obligatorias));
    const missing = obligatorias.filter((campo) => found[campo] === undefined);
    if (missing.length) throw new HttpError(400, mensajes.faltaColumna(missing));
    cabecera = found;
  }
  if (!cabecera) throw new HttpError(400, seen ? mensajes.faltaColumna(obligatorias) : mensajes.vacio);
}

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * A cell of a row by its column, trimmed; '' when the file has no such column. Control characters (a NUL would make
 * PostgreSQL refuse the whole batch) become spaces; line breaks stay.
 */
export const celda = <C extends string>(cells: string[], cabecera: Cabecera<C>, campo: C) => {
  const index = cabecera[campo];
  return index === undefined
    ? ''
    : String(cells[index] ?? '')
        .replace(CONTROL, ' ')
        .trim();
};

const SI = new Set(['si', 's', 'true', 'verdadero', '1', 'x', 'activo', 'activa']);
const NO = new Set(['no', 'n', 'false', 'falso', '0', 'inactivo', 'inactiva']);
/** Sí/No as people write it: true, false, or null when it is neither (blank is true: a row is active unless it says not). */
export function siNo(text: string): boolean | null {
  const value = normalizar(text);
  if (!value || SI.has(value)) return true;
  return NO.has(value) ? false : null;
}
