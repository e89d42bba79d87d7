import { PassThrough, Readable } from 'node:stream';
import Papa from 'papaparse';
import type { FormatoExportacion } from '../../domain/contratos/lista';
import { hoyEcuador } from '../../domain/fechas';
import type { Log } from './context';

/** Rows read per query while exporting: memory stays at one batch whatever the list's size. */
export const EXPORT_BATCH = 1_000;

/**
 * A column of a list's export: its Spanish header, its width in the spreadsheet, its value (a number stays a number in
 * the spreadsheet, with `numFmt`, e.g. '0.00' for money; the CSV writes it as `text` when given, else as is).
 */
export type ColumnaExportacion<R> = {
  header: string;
  width: number;
  value: (row: R) => string | number | null;
  numFmt?: string;
  /** How the CSV writes the value (money with its 2 decimals), when not as the spreadsheet's. */
  text?: (row: R) => string;
};

/** A list's export: its sheet's name (and the file's, with today's date), its columns and its rows in batches. */
export type Exportacion<R> = {
  nombre: string;
  hoja: string;
  columnas: ReadonlyArray<ColumnaExportacion<R>>;
  batches: AsyncIterable<R[]>;
};

const TYPES: Record<FormatoExportacion, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * CSV for spreadsheets as users open it: a UTF-8 BOM (so Excel reads the accents), comma-separated, quoted by
 * papaparse; a cell starting with = + - @ is escaped so that a name cannot run as a formula.
 */
async function* csv<R>({ columnas, batches }: Exportacion<R>): AsyncGenerator<string> {
  const options = { escapeFormulae: true, newline: '\r\n' };
  const cells = (row: R) => columnas.map((c) => (c.text ? c.text(row) : (c.value(row) ?? '')));
  yield `\uFEFF${Papa.unparse([columnas.map((c) => c.header)], options)}\r\n`;
  for await (const rows of batches) yield `${Papa.unparse(rows.map(cells), options)}\r\n`;
}

/** An .xlsx written row by row to the stream (exceljs' streaming writer): committed rows leave memory. */
function xlsx<R>({ hoja, columnas, batches }: Exportacion<R>, log: Log): Readable {
  const out = new PassThrough();
  (async () => {
    // Loaded on the first export, not at start-up.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const sheet = workbook.addWorksheet(hoja, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columnas.map((c) => ({ header: c.header, width: c.width, ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const rows of batches) for (const row of rows) sheet.addRow(columnas.map((c) => c.value(row))).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    log.error({ err: error }, `exportación de ${hoja.toLowerCase()} interrumpida`);
    out.destroy(error as Error);
  });
  return out;
}

/** The export as core/download.ts sendFile takes it: `<nombre>-<today>.<formato>`, streamed while it is written. */
export function exportFile<R>(formato: FormatoExportacion, exportacion: Exportacion<R>, log: Log) {
  return {
    name: `${exportacion.nombre}-${hoyEcuador()}.${formato}`,
    type: TYPES[formato],
    body: formato === 'csv' ? Readable.from(csv(exportacion)) : xlsx(exportacion, log),
  };
}
