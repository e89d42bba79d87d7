import { PassThrough, Readable } from 'node:stream';
import Papa from 'papaparse';
import { ESTADO_COMPROBACION_ETIQUETA, type EstadoComprobacion } from '../../../domain/empresas';
import type { EmpresaFila, FormatoExportacion } from './list-contract';
import { hoyEcuador } from '../../../domain/fechas';
import type { Log } from '../../core/context';

/** Rows read per query while exporting: memory stays at one batch whatever the list's size. */
export const EXPORT_BATCH = 1_000;

/** The export's columns: Spanish header, value, and width in the spreadsheet. */
const COLUMNS: Array<{ header: string; value: (row: EmpresaFila) => string; width: number }> = [
  { header: 'RUC', value: (r) => r.EMP_RUC, width: 15 },
  { header: 'Razón social', value: (r) => r.EMP_NOMBRE, width: 40 },
  { header: 'Nombre comercial', value: (r) => r.EMP_NOMBREC, width: 32 },
  { header: 'Correo', value: (r) => r.EMP_CORREO, width: 30 },
  { header: 'Teléfono', value: (r) => r.EMP_TELEFONO ?? '', width: 14 },
  {
    header: 'Verificación',
    value: (r) => ESTADO_COMPROBACION_ETIQUETA[r.EMP_COMPROBACION as EstadoComprobacion] ?? r.EMP_COMPROBACION,
    width: 14,
  },
  { header: 'Activa', value: (r) => (r.EMP_ACTIVO ? 'Sí' : 'No'), width: 8 },
  { header: 'Distribuidor', value: (r) => r.DISTRIBUIDOR_NOMBRE ?? '', width: 28 },
  { header: 'Plan vence', value: (r) => r.EMP_PLAN_CADUCA ?? '', width: 12 },
  { header: 'Firma vence', value: (r) => r.EMP_FIRMA_CADUCA ?? '', width: 12 },
  { header: 'Registro', value: (r) => hoyEcuador(new Date(r.EMP_FECHAREGISTRO)), width: 12 },
];
export const EXPORT_HEADERS = COLUMNS.map((c) => c.header);

export const EXPORT_TYPES: Record<FormatoExportacion, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const exportFileName = (formato: FormatoExportacion) => `empresas-${hoyEcuador()}.${formato}`;

const cells = (row: EmpresaFila) => COLUMNS.map((c) => c.value(row));

/**
 * CSV for spreadsheets as users open it: a UTF-8 BOM (so Excel reads the accents), comma-separated, quoted by
 * papaparse; a cell starting with = + - @ is escaped so that a company name cannot run as a formula.
 */
async function* csv(batches: AsyncIterable<EmpresaFila[]>): AsyncGenerator<string> {
  const options = { escapeFormulae: true, newline: '\r\n' };
  yield `\uFEFF${Papa.unparse([EXPORT_HEADERS], options)}\r\n`;
  for await (const rows of batches) yield `${Papa.unparse(rows.map(cells), options)}\r\n`;
}

/** An .xlsx written row by row to the stream (exceljs' streaming writer): committed rows leave memory. */
function xlsx(batches: AsyncIterable<EmpresaFila[]>, log: Log): Readable {
  const out = new PassThrough();
  (async () => {
    // Loaded on the first export, not at start-up.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const sheet = workbook.addWorksheet('Empresas', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = COLUMNS.map((c) => ({ header: c.header, width: c.width }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const rows of batches) for (const row of rows) sheet.addRow(cells(row)).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    log.error({ err: error }, 'exportación de empresas interrumpida');
    out.destroy(error as Error);
  });
  return out;
}

/** The export as a stream of the file's bytes. */
export function exportStream(formato: FormatoExportacion, batches: AsyncIterable<EmpresaFila[]>, log: Log): Readable {
  return formato === 'csv' ? Readable.from(csv(batches)) : xlsx(batches, log);
}
