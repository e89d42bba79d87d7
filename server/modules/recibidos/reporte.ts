/**
 * The SRI portal's report of received documents ("Comprobantes electrónicos recibidos", downloaded as a .txt): text
 * separated by tabs, a header line that names the columns, one document per line. What it looks like in practice
 * (tests/fixtures/recibidos/README.md): older reports start COMPROBANTE, SERIE_COMPROBANTE, RUC_EMISOR... and put
 * CLAVE_ACCESO and NUMERO_AUTORIZACION (the same 49 digits) near the end, with IMPORTE_TOTAL broken onto a line of its
 * own, in the header and in every row; newer ones start RUC_EMISOR, RAZON_SOCIAL_EMISOR, TIPO_COMPROBANTE... with
 * CLAVE_ACCESO fifth; the older rows carry one column more than their header (an empty NUMERO_DOCUMENTO_MODIFICADO). Some arrive in UTF-8 (with or without a BOM), some in Windows-1252. Only the access keys matter
 * here: each is asked to the SRI, which gives back the document itself.
 */
import { HttpError } from '../../core/errors';
import { RECIBIDOS_MSG } from './contract';

type LineaReporte = { linea: number; clave: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('windows-1252');

/** UTF-8 when the bytes are UTF-8; otherwise Windows-1252, what the portal's older exports use. */
export const textoDe = (bytes: Uint8Array): string => {
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return latin1.decode(bytes);
  }
};

/**
 * Each document's access key and the line it is on, once each. The column is found by its header (CLAVE_ACCESO); a
 * line without 49 digits (the broken-off IMPORTE_TOTAL, a blank line, a footer) is no document. A file without
 * that header is not the report (400).
 */
export function clavesDelReporte(texto: string): LineaReporte[] {
  const lineas = texto.split(/\r\n|\n|\r/);
  const cabecera = lineas.findIndex((l) => l.split('\t').some((c) => c.trim().toUpperCase() === 'CLAVE_ACCESO'));
  if (cabecera < 0) throw new HttpError(400, RECIBIDOS_MSG.reporte);
  const columna = lineas[cabecera]!.split('\t').findIndex((c) => c.trim().toUpperCase() === 'CLAVE_ACCESO');
  const vistas = new Set<string>();
  const claves: LineaReporte[] = [];
  lineas.forEach((linea, i) => {
    if (i <= cabecera) return;
    const celdas = linea.split('\t').map((c) => c.trim());
    // Older reports have one column more in their rows than in their header (NUMERO_DOCUMENTO_MODIFICADO, left
    // empty): the header's column is tried first, then the row's first 49 digits.
    const clave = [celdas[columna] ?? '', ...celdas].find((c) => /^\d{49}$/.test(c)) ?? '';
    if (!/^\d{49}$/.test(clave) || vistas.has(clave)) return;
    vistas.add(clave);
    claves.push({ linea: i + 1, clave });
  });
  return claves;
}
