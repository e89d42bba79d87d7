/**
 * A document as an integration reads it: what the one-call issuing answers (emision-directa.ts) and what a webhook
 * carries (the webhooks module receives it from the core, already built, in the transaction of the change).
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { clientes, facturas as f, proveedores, transportistas } from '../../infra/db/schema';
import { RECURSO_DE_TIPO, type CodigoDocumento } from '../../../domain/comprobantes';

export type ResumenComprobante = {
  id: number;
  tipo: string;
  numero: string | null;
  claveAcceso: string | null;
  estado: string;
  fechaEmision: string;
  importeTotal: string | null;
  receptor: { id: number; identificacion: string; razonSocial: string };
  autorizacion: string | null;
  fechaAutorizacion: string | null;
  mensajes: Array<{ identificador: string; mensaje: string; informacionAdicional?: string }>;
  correo: { estado: string; detalle: string | null } | null;
  enlaces: { comprobante: string; xml: string; ride: string; autorizado: string };
};

/** The links of a document of type `codDoc` under the company API. */
export function enlacesDe(codDoc: string, id: number) {
  const base = `/api/${RECURSO_DE_TIPO[codDoc as CodigoDocumento]}/${id}`;
  return { comprobante: base, xml: `${base}/xml`, ride: `${base}/ride`, autorizado: `${base}/autorizado` };
}

/** One document's summary, as it is now in `db` (a transaction sees its own change). Undefined when there is none. */
export async function resumenComprobante(db: Executor, id: number): Promise<ResumenComprobante | undefined> {
  const [row] = await db
    .select({
      tipo: f.FAC_TIPO,
      numero: f.FAC_NUMERO,
      claveAcceso: f.FAC_CLAVE_ACCESO,
      estado: f.FAC_ESTADO,
      fechaEmision: f.FAC_FECHA,
      total: f.FAC_TOTAL,
      autorizacion: f.FAC_AUTORIZACION,
      fechaAutorizacion: f.FAC_FECHA_AUTORIZACION,
      mensajes: f.FAC_SRI_MENSAJES,
      entrega: f.FAC_ENTREGA,
      entregaDetalle: f.FAC_ENTREGA_DETALLE,
      receptorId: sql<number>`coalesce(${f.CLI_CODIGO}, ${f.PRV_CODIGO}, ${f.TRA_CODIGO})`,
      identificacion: sql<string>`coalesce(${clientes.CLI_IDENTIFICACION}, ${proveedores.PRV_IDENTIFICACION}, ${transportistas.TRA_IDENTIFICACION})`,
      razonSocial: sql<string>`coalesce(${clientes.CLI_RAZON_SOCIAL}, ${proveedores.PRV_RAZON_SOCIAL}, ${transportistas.TRA_RAZON_SOCIAL})`,
    })
    .from(f)
    .leftJoin(clientes, eq(clientes.CLI_CODIGO, f.CLI_CODIGO))
    .leftJoin(proveedores, eq(proveedores.PRV_CODIGO, f.PRV_CODIGO))
    .leftJoin(transportistas, eq(transportistas.TRA_CODIGO, f.TRA_CODIGO))
    .where(eq(f.FAC_CODIGO, id));
  if (!row) return undefined;
  return {
    id,
    tipo: row.tipo,
    numero: row.numero,
    claveAcceso: row.claveAcceso,
    estado: row.estado,
    fechaEmision: String(row.fechaEmision),
    // A guía de remisión carries no amounts.
    importeTotal: row.tipo === '06' ? null : Number(row.total).toFixed(2),
    receptor: { id: Number(row.receptorId), identificacion: row.identificacion, razonSocial: row.razonSocial },
    autorizacion: row.autorizacion,
    fechaAutorizacion: row.fechaAutorizacion ? row.fechaAutorizacion.toISOString() : null,
    mensajes: (row.mensajes ?? []) as ResumenComprobante['mensajes'],
    correo: row.entrega ? { estado: row.entrega, detalle: row.entregaDetalle } : null,
    enlaces: enlacesDe(row.tipo, id),
  };
}
