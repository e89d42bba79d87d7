import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { TIPOS_IDENTIFICACION } from '../../../domain/clientes';
import { fechaHoraEcuador, hoyEcuador } from '../../../domain/fechas';
import type { FilaReporte } from './repo';
import type { FormatoReporte } from './contract';
import type { Log } from '../../core/context';

/** Rows read per query while a report is written: memory holds one page of rows whatever the list's size. */
export const REPORT_BATCH = 2_000;
/** What may wait in memory for a slow download before the report stops reading rows. */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;

export type Encabezado = { nombre: string; ruc: string; filtros: string[] };

const TIPO_NOMBRE = new Map(TIPOS_IDENTIFICACION.map((t) => [t.id as string, t.name]));

export const REPORT_TYPES: Record<FormatoReporte, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};
export const reportFileName = (ruc: string, formato: FormatoReporte) => `clientes-${ruc}-${hoyEcuador()}.${formato}`;

type Columna = { header: string; width: number; value: (row: FilaReporte) => string | number | Date | null };

/** The Excel report's columns: the client form's fields in Spanish (their headers import back: COLUMNAS_IMPORTACION). */
export const COLUMNAS_REPORTE: Columna[] = [
  { header: 'Tipo de identificación', width: 14, value: (r) => TIPO_NOMBRE.get(r.CLI_TIPO_IDENTIFICACION) ?? r.CLI_TIPO_IDENTIFICACION },
  { header: 'Identificación', width: 16, value: (r) => r.CLI_IDENTIFICACION },
  { header: 'Razón social', width: 40, value: (r) => r.CLI_RAZON_SOCIAL },
  { header: 'Nombre comercial', width: 30, value: (r) => r.CLI_NOMBRE_COMERCIAL },
  { header: 'Correos', width: 34, value: (r) => (r.CLI_CORREOS ?? []).join('; ') },
  { header: 'Teléfonos', width: 20, value: (r) => (r.CLI_TELEFONOS ?? []).join('; ') },
  { header: 'Dirección', width: 36, value: (r) => r.CLI_DIRECCION },
  { header: 'Tipo de cliente', width: 16, value: (r) => r.tipo },
  { header: 'Grupo', width: 16, value: (r) => r.grupo },
  { header: 'Vendedor', width: 20, value: (r) => r.vendedor },
  { header: 'Días de crédito', width: 10, value: (r) => r.CLI_DIAS_CREDITO },
  { header: 'Límite de crédito', width: 14, value: (r) => Number(r.CLI_LIMITE_CREDITO) },
  { header: 'Activo', width: 8, value: (r) => (r.CLI_ACTIVO ? 'Sí' : 'No') },
  { header: 'Observación', width: 30, value: (r) => r.CLI_OBSERVACION },
  { header: 'Creado', width: 12, value: (r) => new Date(r.CLI_CREADO) },
];
export const REPORT_HEADERS = COLUMNAS_REPORTE.map((c) => c.header);
/** The row of the Excel report's header (the company, the date and the filters are above it). */
export const FILA_CABECERA = 5;

const generado = () => `Reporte de clientes generado el ${fechaHoraEcuador(new Date())}`;

/** Waits while more than MAX_PENDING_BYTES wait for the client; false once the download was abandoned. */
async function keepPace(out: PassThrough, pending: () => number): Promise<boolean> {
  while (!out.destroyed && pending() > MAX_PENDING_BYTES) await Promise.race([once(out, 'drain'), delay(50)]);
  return !out.destroyed;
}

/** An .xlsx written row by row to the stream (exceljs' streaming writer): committed rows leave memory. */
async function writeXlsx(out: PassThrough, heading: Encabezado, batches: AsyncIterable<FilaReporte[]>) {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Amelia';
  const sheet = workbook.addWorksheet('Clientes', { views: [{ state: 'frozen', ySplit: FILA_CABECERA }] });
  sheet.columns = COLUMNAS_REPORTE.map((c) => ({ width: c.width }));
  const title = sheet.addRow([heading.nombre]);
  title.font = { bold: true, size: 14 };
  title.commit();
  sheet.addRow([`RUC ${heading.ruc}`]).commit();
  sheet.addRow([generado()]).commit();
  sheet.addRow([heading.filtros.length ? `Filtros: ${heading.filtros.join(' · ')}` : 'Todos los clientes']).commit();
  const header = sheet.addRow(REPORT_HEADERS);
  header.font = { bold: true };
  header.commit();
  for await (const rows of batches) {
    for (const row of rows) {
      const line = sheet.addRow(COLUMNAS_REPORTE.map((c) => c.value(row)));
      line.getCell(12).numFmt = '#,##0.00';
      line.getCell(15).numFmt = 'dd/mm/yyyy';
      line.commit();
    }
    if (!(await keepPace(out, () => out.readableLength))) return;
  }
  sheet.commit();
  await workbook.commit();
}

/** The PDF's table: fewer columns than the spreadsheet, so that a landscape A4 page stays readable. */
const COLUMNAS_PDF: Array<{ header: string; width: number; value: (row: FilaReporte) => string }> = [
  { header: 'Identificación', width: 78, value: (r) => r.CLI_IDENTIFICACION },
  { header: 'Razón social', width: 168, value: (r) => r.CLI_RAZON_SOCIAL },
  { header: 'Nombre comercial', width: 110, value: (r) => r.CLI_NOMBRE_COMERCIAL ?? '' },
  { header: 'Correo', width: 140, value: (r) => r.CLI_CORREOS?.[0] ?? '' },
  { header: 'Teléfono', width: 66, value: (r) => r.CLI_TELEFONOS?.[0] ?? '' },
  { header: 'Tipo / grupo', width: 84, value: (r) => [r.tipo, r.grupo].filter(Boolean).join(' / ') },
  { header: 'Vendedor', width: 96, value: (r) => r.vendedor ?? '' },
  { header: 'Activo', width: 36, value: (r) => (r.CLI_ACTIVO ? 'Sí' : 'No') },
];
const MARGIN = 30;
const ROW = 12;
const FONT_SIZE = 7.5;

/** A PDF of the list, landscape A4, written page by page: the heading and the table's header on every page, its number at the foot. */
async function writePdf(out: PassThrough, heading: Encabezado, batches: AsyncIterable<FilaReporte[]>) {
  // Loaded with the first PDF, as exceljs with the first workbook: loading it at start slows every start-up
  // (docs/performance.md).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    // No bottom margin for pdfkit: the footer is written near the page's edge, and a text past the bottom margin
    // would start a new page. The table stops above the footer itself.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 },
    autoFirstPage: false,
    bufferPages: false,
    info: { Title: `Clientes de ${heading.nombre}`, Author: 'Amelia', Subject: generado() },
  });
  doc.pipe(out);
  // A4 landscape, in points.
  const pageWidth = 841.89;
  const pageHeight = 595.28;
  let page = 0;
  let y = 0;
  const cut = (text: string, max: number) => {
    const value = text.replace(/\s+/g, ' ');
    if (doc.widthOfString(value) <= max) return value;
    let low = 0;
    let high = value.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (doc.widthOfString(`${value.slice(0, mid)}…`) <= max) low = mid;
      else high = mid - 1;
    }
    return `${value.slice(0, low)}…`;
  };
  const newPage = () => {
    doc.addPage();
    page++;
    doc.font('Helvetica-Bold').fontSize(12).text(heading.nombre, MARGIN, MARGIN, { lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(`RUC ${heading.ruc} · ${generado()}`, MARGIN, MARGIN + 16, { lineBreak: false });
    if (heading.filtros.length)
      doc.text(cut(`Filtros: ${heading.filtros.join(' · ')}`, pageWidth - 2 * MARGIN), MARGIN, MARGIN + 27, { lineBreak: false });
    y = MARGIN + 42;
    doc.rect(MARGIN, y - 2, pageWidth - 2 * MARGIN, ROW).fill('#e8eef3');
    doc.fillColor('#000000').font('Helvetica-Bold').fontSize(FONT_SIZE);
    let x = MARGIN;
    for (const c of COLUMNAS_PDF) {
      doc.text(c.header, x + 2, y, { lineBreak: false });
      x += c.width;
    }
    y += ROW;
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(`Página ${page}`, MARGIN, pageHeight - MARGIN - 4, {
        width: pageWidth - 2 * MARGIN,
        align: 'right',
        lineBreak: false,
      });
    doc.fontSize(FONT_SIZE);
  };
  newPage();
  let any = false;
  for await (const rows of batches) {
    for (const row of rows) {
      if (y + ROW > pageHeight - MARGIN - 14) newPage();
      let x = MARGIN;
      for (const c of COLUMNAS_PDF) {
        const text = c.value(row);
        if (text) doc.text(cut(text, c.width - 4), x + 2, y, { lineBreak: false });
        x += c.width;
      }
      y += ROW;
      any = true;
    }
    if (!(await keepPace(out, () => doc.readableLength + out.readableLength))) return;
  }
  if (!any) doc.text('No hay clientes con estos filtros.', MARGIN + 2, y, { lineBreak: false });
  doc.end();
}

/** The report as a stream of the file's bytes; an error while writing ends the download. */
export function reportStream(formato: FormatoReporte, heading: Encabezado, batches: AsyncIterable<FilaReporte[]>, log: Log): Readable {
  const out = new PassThrough();
  (formato === 'xlsx' ? writeXlsx(out, heading, batches) : writePdf(out, heading, batches)).catch((error: unknown) => {
    log.error({ err: error }, 'reporte de clientes interrumpido');
    out.destroy(error as Error);
  });
  return out;
}
