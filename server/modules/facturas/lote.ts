/**
 * The invoices list's bulk actions over the selected invoices (1 to MAX_LOTE_FACTURAS, only the scope's: any other id
 * is a 404 and nothing is done): email the authorized ones to their buyers again, a ZIP of the authorized ones' XML
 * and RIDE, and deleting drafts (all of them or none).
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Db } from '../../infra/db/client';
import type { FileStore } from '../../infra/files';
import type { Log } from '../../core/context';
import { HttpError } from '../../core/errors';
import { MSG } from '../../../domain/messages';
import { FACTURAS_LOTE_MSG, MAX_LOTE_FACTURAS, type ResultadoCorreoLote, type ResultadoEliminarLote } from './contract';
import { deleteFacturas, documentosFacturas, lockFacturas, type AlcanceFacturas } from './repo';
import {
  entregarComprobante,
  marcarEntrega,
  rideDe,
  xmlAutorizado,
  type DependenciasEntrega,
  type ResultadoEntrega,
} from '../comprobantes';
import type { DibujanteRide } from '../comprobantes';
import { tipoFactura } from './tipo';

/** What may wait in memory for a slow download before the ZIP stops printing RIDEs. */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;

/** The selection without repeats; past the maximum a 400 (the ZIP's ids come as text, unchecked by the schema's count). */
function seleccion(ids: number[]): number[] {
  const unicos = [...new Set(ids)];
  if (unicos.length > MAX_LOTE_FACTURAS) throw new HttpError(400, FACTURAS_LOTE_MSG.maximo);
  // A code no invoice can have (the ZIP's come as text) is not found.
  if (unicos.some((id) => id < 1 || id > 2_147_483_647)) throw new HttpError(404, MSG.notFound);
  return unicos;
}

/** The selected invoices' documents; 404 when one of them is not the scope's. */
async function seleccionadas(db: Db, alcance: AlcanceFacturas, ids: number[]) {
  const unicos = seleccion(ids);
  const filas = await documentosFacturas(db, alcance, unicos);
  if (filas.length !== unicos.length) throw new HttpError(404, MSG.notFound);
  return filas;
}

/**
 * Emails each selected AUTORIZADA invoice to its buyer again (sri/entrega.ts, the addresses the invoice carries) and
 * records the outcome as the queue does; the others, and those whose buyer has no email, are left out.
 */
export async function correoLote(
  deps: DependenciasEntrega & { db: Db },
  alcance: AlcanceFacturas,
  ids: number[],
  log: Log,
): Promise<ResultadoCorreoLote> {
  const filas = await seleccionadas(deps.db, alcance, ids);
  const cuenta = { enviadas: 0, omitidas: 0, fallidas: 0 };
  for (const fila of filas) {
    if (fila.FAC_ESTADO !== 'AUTORIZADA') {
      cuenta.omitidas++;
      continue;
    }
    let resultado: ResultadoEntrega | { estado: 'FALLIDA'; detalle: string };
    try {
      resultado = await entregarComprobante(deps, fila.FAC_CODIGO);
    } catch (error) {
      log.warn({ err: error, factura: fila.FAC_CODIGO }, 'correo de factura (en lote) no enviado');
      resultado = { estado: 'FALLIDA', detalle: `No se pudo enviar el correo: ${(error as Error).message}` };
    }
    if (resultado.estado === 'ENVIADA') cuenta.enviadas++;
    else if (resultado.estado === 'SIN_CORREO') cuenta.omitidas++;
    else cuenta.fallidas++;
    await marcarEntrega(deps.db, fila.FAC_CODIGO, resultado.estado, resultado.detalle);
  }
  return { ...cuenta, msg: FACTURAS_LOTE_MSG.correos(cuenta.enviadas, cuenta.omitidas, cuenta.fallidas) };
}

/** Deletes the selected drafts in one transaction: if one of them was issued, none is deleted (409 with its number). */
export function eliminarLote(db: Db, alcance: AlcanceFacturas, ids: number[]): Promise<ResultadoEliminarLote> {
  const unicos = seleccion(ids);
  return db.transaction(async (tx) => {
    const filas = await lockFacturas(tx, alcance, unicos);
    if (filas.length !== unicos.length) throw new HttpError(404, MSG.notFound);
    const emitidas = filas.filter((f) => f.FAC_ESTADO !== 'BORRADOR').map((f) => f.FAC_NUMERO ?? `#${f.FAC_CODIGO}`);
    if (emitidas.length) {
      const numeros = emitidas.length > 5 ? `${emitidas.slice(0, 5).join(', ')} y ${emitidas.length - 5} más` : emitidas.join(', ');
      throw new HttpError(409, FACTURAS_LOTE_MSG.soloBorradores(numeros));
    }
    await deleteFacturas(tx, unicos);
    return { eliminadas: unicos.length, msg: FACTURAS_LOTE_MSG.eliminadas(unicos.length) };
  });
}

/**
 * A ZIP of the selected authorized invoices (AUTORIZADA, or ANULADA after it): for each, its authorized XML and its
 * RIDE named by its number (001-001-000000123.xml, .pdf), written as the RIDEs are printed (fflate's streaming Zip):
 * memory holds one RIDE and what the client has not read yet. The others are left out; none authorized is a 409.
 */
export async function zipLote(
  deps: { db: Db; files: FileStore; ride: DibujanteRide },
  alcance: AlcanceFacturas,
  ids: number[],
  log: Log,
): Promise<Readable> {
  const autorizadas = (await seleccionadas(deps.db, alcance, ids)).flatMap((f) =>
    f.FAC_XML && f.FAC_NUMERO && f.FAC_AUTORIZACION && f.FAC_FECHA_AUTORIZACION
      ? [{ ...f, FAC_XML: f.FAC_XML, FAC_NUMERO: f.FAC_NUMERO }]
      : [],
  );
  if (!autorizadas.length) throw new HttpError(409, FACTURAS_LOTE_MSG.ningunaAutorizada);
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  (async () => {
    for (const factura of autorizadas) {
      if (out.destroyed) return;
      const xml = new ZipDeflate(`${factura.FAC_NUMERO}.xml`, { level: 6 });
      zip.add(xml);
      xml.push(Buffer.from(xmlAutorizado(factura)), true);
      const pdf = new ZipPassThrough(`${factura.FAC_NUMERO}.pdf`);
      zip.add(pdf);
      pdf.push(await rideDe(deps, alcance.empresa, factura, tipoFactura), true);
      while (!out.destroyed && out.writableLength > MAX_PENDING_BYTES) await Promise.race([once(out, 'drain'), delay(50)]);
    }
    zip.end();
  })().catch((error: unknown) => {
    log.error({ err: error }, 'ZIP de facturas interrumpido');
    out.destroy(error as Error);
  });
  return out;
}
