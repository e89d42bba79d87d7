/**
 * The queries issuing needs of any document (a row of `facturas` of type FAC_TIPO): whose it is, its lock, its common
 * fields (series, buyer, date, additional information), the next sequential of its type at its emission point, and
 * storing it signed. A document of another type answers as missing: a note is never issued as an invoice.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import {
  clientes,
  empresas,
  establecimientos,
  facturas,
  proveedores,
  puntosEmision,
  secuenciales,
  transportistas,
} from '../../infra/db/schema';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { prepared } from '../../infra/db/prepared';
import { found } from '../../core/errors';
import { ESTADOS_EN_CAMINO } from '../../../domain/comprobantes';
import { visible, type AlcanceDocumentos } from './filas';

const f = facturas;

/**
 * Whose documents a session sees: its company's, and a seller only those whose buyer is a client assigned to them or
 * the consumidor final (the invoices' rule, facturas/repo.ts). A number is the whole company (the bench, the roles).
 */
export type AlcanceComprobantes = AlcanceDocumentos;
export const alcanceComprobantes = (alcance: AlcanceComprobantes | number): AlcanceComprobantes =>
  typeof alcance === 'number' ? { empresa: alcance } : alcance;

/** The document `id` of type `codDoc` if the scope sees it: its state. */
export async function existeComprobante(db: Executor, alcance: AlcanceComprobantes, id: number, codDoc: string) {
  const [row] = await db
    .select({ FAC_ESTADO: f.FAC_ESTADO })
    .from(f)
    .where(and(eq(f.FAC_CODIGO, id), eq(f.FAC_TIPO, codDoc), visible(alcance)));
  return row;
}

/** Its state under a row lock (the caller's transaction); undefined when the scope does not see it or it is another type. */
export async function lockComprobante(tx: Executor, alcance: AlcanceComprobantes, id: number, codDoc: string) {
  const [row] = await tx
    .select({ FAC_CODIGO: f.FAC_CODIGO, FAC_ESTADO: f.FAC_ESTADO })
    .from(f)
    .where(and(eq(f.FAC_CODIGO, id), eq(f.FAC_TIPO, codDoc), visible(alcance)))
    .for('update');
  return row;
}

/** The issuing company's fields the documents carry. */
export async function emisorDe(db: Executor, empresa: number) {
  const [row] = await db
    .select({
      EMP_RUC: empresas.EMP_RUC,
      EMP_NOMBRE: empresas.EMP_NOMBRE,
      EMP_NOMBREC: empresas.EMP_NOMBREC,
      EMP_DIRECCION: empresas.EMP_DIRECCION,
      EMP_CONTABILIDAD: empresas.EMP_CONTABILIDAD,
      EMP_CONTRIBUYENTE_ESPECIAL: empresas.EMP_CONTRIBUYENTE_ESPECIAL,
      EMP_AGENTE_RETENCION: empresas.EMP_AGENTE_RETENCION,
      EMP_RIMPE: empresas.EMP_RIMPE,
      EMP_AMBIENTE: empresas.EMP_AMBIENTE,
    })
    .from(empresas)
    .where(eq(empresas.EMP_CODIGO, empresa));
  return found(row);
}

/**
 * The company's documents issued and not yet answered by the SRI (SIN_RESPUESTA too), of every type: the plan pays
 * for each document when authorized, whatever its type.
 */
export async function enCamino(tx: Executor, empresa: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(f)
    .where(and(eq(f.EMP_CODIGO, empresa), inArray(f.FAC_ESTADO, [...ESTADOS_EN_CAMINO])));
  return Number(row?.n ?? 0);
}

/**
 * A sale's buyer (a client), a purchase's supplier or a guía's carrier: the table's check keeps exactly one of them on
 * a document.
 */
const receptor = (cliente: AnyPgColumn, proveedor: AnyPgColumn, transportista: AnyPgColumn) =>
  sql<string>`coalesce(${cliente}, ${proveedor}, ${transportista})`;

/**
 * The locked draft's common fields: its series, its last issue, its date, its recipient (the client of a sale, the
 * supplier of a liquidación de compra or a retención, the carrier of a guía de remisión), its additional information.
 */
export async function borradorComun(tx: Executor, id: number) {
  const [row] = await tx
    .select({
      PEM_CODIGO: f.PEM_CODIGO,
      FAC_SECUENCIAL: f.FAC_SECUENCIAL,
      FAC_NUMERO: f.FAC_NUMERO,
      FAC_CLAVE_ACCESO: f.FAC_CLAVE_ACCESO,
      FAC_SRI_MENSAJES: f.FAC_SRI_MENSAJES,
      FAC_FECHA: f.FAC_FECHA,
      FAC_ADICIONAL: f.FAC_ADICIONAL,
      EST_NUMERO: establecimientos.EST_NUMERO,
      EST_DIRECCION: establecimientos.EST_DIRECCION,
      PEM_NUMERO: puntosEmision.PEM_NUMERO,
      RECEPTOR_TIPO_IDENTIFICACION: receptor(
        clientes.CLI_TIPO_IDENTIFICACION,
        proveedores.PRV_TIPO_IDENTIFICACION,
        transportistas.TRA_TIPO_IDENTIFICACION,
      ),
      RECEPTOR_IDENTIFICACION: receptor(clientes.CLI_IDENTIFICACION, proveedores.PRV_IDENTIFICACION, transportistas.TRA_IDENTIFICACION),
      RECEPTOR_RAZON_SOCIAL: receptor(clientes.CLI_RAZON_SOCIAL, proveedores.PRV_RAZON_SOCIAL, transportistas.TRA_RAZON_SOCIAL),
      RECEPTOR_DIRECCION: sql<
        string | null
      >`coalesce(${clientes.CLI_DIRECCION}, ${proveedores.PRV_DIRECCION}, ${transportistas.TRA_DIRECCION})`,
      RECEPTOR_CORREOS: sql<string[]>`coalesce(${clientes.CLI_CORREOS}, ${proveedores.PRV_CORREOS}, ${transportistas.TRA_CORREOS})`,
      RECEPTOR_TELEFONOS: sql<string[]>`coalesce(${clientes.CLI_TELEFONOS}, ${proveedores.PRV_TELEFONOS}, ${transportistas.TRA_TELEFONOS})`,
    })
    .from(f)
    .leftJoin(clientes, eq(clientes.CLI_CODIGO, f.CLI_CODIGO))
    .leftJoin(proveedores, eq(proveedores.PRV_CODIGO, f.PRV_CODIGO))
    .leftJoin(transportistas, eq(transportistas.TRA_CODIGO, f.TRA_CODIGO))
    .innerJoin(puntosEmision, eq(puntosEmision.PEM_CODIGO, f.PEM_CODIGO))
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
    .where(eq(f.FAC_CODIGO, id));
  return found(row);
}

/**
 * The emission point's next number of the type `codDoc`, taken in the caller's transaction: the first issue creates
 * the row (1), each later one increments it. The row stays locked until the transaction ends, so concurrent issuers
 * on one point take numbers one after another, and a rollback gives the number back. Each type counts on its own
 * (factura 001-001-000000001 and nota de crédito 001-001-000000001 both exist).
 */
export async function siguienteSecuencial(tx: Executor, pem: number, codDoc: string): Promise<number> {
  const statement = prepared(tx, 'siguiente_secuencial', (d) =>
    d
      .insert(secuenciales)
      .values({ PEM_CODIGO: sql.placeholder('pem'), SEC_TIPO: sql.placeholder('tipo'), SEC_SIGUIENTE: 2 })
      .onConflictDoUpdate({
        target: [secuenciales.PEM_CODIGO, secuenciales.SEC_TIPO],
        set: { SEC_SIGUIENTE: sql`${secuenciales.SEC_SIGUIENTE} + 1` },
      })
      .returning({ numero: sql<number>`${secuenciales.SEC_SIGUIENTE} - 1` }),
  );
  const [row] = await statement.execute({ pem, tipo: codDoc });
  return Number(row!.numero);
}

export type Emitida = {
  FAC_SECUENCIAL: number;
  FAC_NUMERO: string;
  FAC_CLAVE_ACCESO: string;
  FAC_AMBIENTE: number;
  FAC_XML: string;
};

export async function marcarFirmada(tx: Executor, id: number, emitida: Emitida) {
  await tx
    .update(f)
    .set({ ...emitida, FAC_ESTADO: 'FIRMADA', FAC_SRI_MENSAJES: [], FAC_RECIBIDA: null, FAC_ACTUALIZADO: new Date() })
    .where(eq(f.FAC_CODIGO, id));
}
