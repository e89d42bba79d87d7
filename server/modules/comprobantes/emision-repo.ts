/**
 * The queries issuing needs of any document (a row of `facturas` of type FAC_TIPO): whose it is, its lock, its common
 * fields (series, buyer, date, additional information), the next sequential of its type at its emission point, and
 * storing it signed. A document of another type answers as missing: a note is never issued as an invoice.
 */
import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import {
  clientes,
  comprobantesEnCamino,
  empresas,
  establecimientos,
  facturas,
  firmas,
  proveedores,
  puntosEmision,
  transportistas,
} from '../../infra/db/schema';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { prepared, preparedSql } from '../../infra/db/prepared';
import { visible, type AlcanceDocumentos } from './filas';
import { planesBloqueadosSql, type PlanDates } from '../planesEmpresa';

type Nullable<T> = { [K in keyof T]: T[K] | null };

const f = facturas;
const ph = sql.placeholder;

/** The scope's condition with placeholders (`empresa`, and `vendedor` for a seller), for a statement prepared once. */
const visibleDe = (vendedor: boolean) =>
  visible({ empresa: ph('empresa') as unknown as number, vendedor: vendedor ? (ph('vendedor') as unknown as number) : undefined });

/**
 * Whose documents a session sees: its company's, and a seller only those whose buyer is a client assigned to them or
 * the consumidor final (the invoices' rule, facturas/repo.ts). A number is the whole company (the bench, the roles).
 */
export type AlcanceComprobantes = AlcanceDocumentos;
export const alcanceComprobantes = (alcance: AlcanceComprobantes | number): AlcanceComprobantes =>
  typeof alcance === 'number' ? { empresa: alcance } : alcance;

/** The issuing company's fields the documents carry. */
const emisor = {
  EMP_RUC: empresas.EMP_RUC,
  EMP_NOMBRE: empresas.EMP_NOMBRE,
  EMP_NOMBREC: empresas.EMP_NOMBREC,
  EMP_DIRECCION: empresas.EMP_DIRECCION,
  EMP_CONTABILIDAD: empresas.EMP_CONTABILIDAD,
  EMP_CONTRIBUYENTE_ESPECIAL: empresas.EMP_CONTRIBUYENTE_ESPECIAL,
  EMP_AGENTE_RETENCION: empresas.EMP_AGENTE_RETENCION,
  EMP_RIMPE: empresas.EMP_RIMPE,
  EMP_AMBIENTE: empresas.EMP_AMBIENTE,
};

/** Its state under a row lock (the caller's transaction); undefined when the scope does not see it or it is another type. */
export async function lockComprobante(tx: Executor, alcance: AlcanceComprobantes, id: number, codDoc: string) {
  const [row] = await tx
    .select({ FAC_CODIGO: f.FAC_CODIGO, FAC_ESTADO: f.FAC_ESTADO })
    .from(f)
    .where(and(eq(f.FAC_CODIGO, id), eq(f.FAC_TIPO, codDoc), visible(alcance)))
    .for('update');
  return row;
}

/** The company's documents in flight, as kept by the triggers of migration 0034 (0 before its first issue). */
const enCaminoDe = (empresa: Placeholder) =>
  sql`coalesce((SELECT ${comprobantesEnCamino.TOTAL} FROM ${comprobantesEnCamino} WHERE ${comprobantesEnCamino.EMP_CODIGO} = ${empresa}), 0)::int`;

/**
 * The company's documents issued and not yet answered by the SRI (SIN_RESPUESTA too), of every type: the plan pays
 * for each document when authorized, whatever its type. One row kept by triggers (comprobantes_en_camino), not a count
 * of the queue: at month-end a company has thousands of documents in flight.
 */
export async function enCamino(tx: Executor, empresa: number): Promise<number> {
  const statement = preparedSql<{ n: number }>(tx, 'emision_en_camino', () => sql`SELECT ${enCaminoDe(ph('empresa'))} AS n`);
  const [row] = await statement.execute({ empresa });
  return Number(row?.n ?? 0);
}

/**
 * A sale's buyer (a client), a purchase's supplier or a guía's carrier: the table's check keeps exactly one of them on
 * a document.
 */
const receptor = (cliente: AnyPgColumn, proveedor: AnyPgColumn, transportista: AnyPgColumn) =>
  sql<string>`coalesce(${cliente}, ${proveedor}, ${transportista})`;

const borrador = (vendedor: boolean) => (d: Executor) =>
  d
    .select({
      FAC_ESTADO: f.FAC_ESTADO,
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
      ...emisor,
      FIR_CODIGO: sql<number | null>`(SELECT ${firmas.FIR_CODIGO} FROM ${firmas}
        WHERE ${firmas.EMP_CODIGO} = ${empresas.EMP_CODIGO} AND ${firmas.FIR_ACTUAL} LIMIT 1)`,
    })
    .from(f)
    .innerJoin(empresas, eq(empresas.EMP_CODIGO, f.EMP_CODIGO))
    .leftJoin(clientes, eq(clientes.CLI_CODIGO, f.CLI_CODIGO))
    .leftJoin(proveedores, eq(proveedores.PRV_CODIGO, f.PRV_CODIGO))
    .leftJoin(transportistas, eq(transportistas.TRA_CODIGO, f.TRA_CODIGO))
    .innerJoin(puntosEmision, eq(puntosEmision.PEM_CODIGO, f.PEM_CODIGO))
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
    .where(and(eq(f.FAC_CODIGO, ph('id')), eq(f.FAC_TIPO, ph('tipo')), visibleDe(vendedor)))
    .for('update', { of: f });

/**
 * The draft `id` of type `codDoc` the scope sees, locked (the caller's transaction) and read in one statement: its
 * state, its series, its last issue, its date, its recipient (the client of a sale, the supplier of a liquidación de
 * compra or a retención, the carrier of a guía de remisión), its additional information, and its company's fields
 * the documents carry with the id of its current signature (null: none). Undefined when not found.
 */
export async function borradorBloqueado(tx: Executor, alcance: AlcanceComprobantes, id: number, codDoc: string) {
  const statement =
    alcance.vendedor === undefined
      ? prepared(tx, 'emision_borrador', borrador(false))
      : prepared(tx, 'emision_borrador_vendedor', borrador(true));
  const [row] = await statement.execute({ id, tipo: codDoc, empresa: alcance.empresa, vendedor: alcance.vendedor });
  return row;
}

/**
 * The company's plans locked, its documents in flight and the emission point's next number of the type `codDoc`, in
 * one statement of the caller's transaction, locked in that order (each step reads the previous one's rows, so the
 * plans are always locked first, as the SRI worker's authorization locks them: planesEmpresa's lockPlans).
 * - The plans are read as their last committed versions once their lock is held, and so is the count of documents
 *   in flight: an upsert on its row (comprobantes_en_camino) reads the row as the company's earlier issuers left it,
 *   even when the statement's snapshot was taken while it waited on the plans. Concurrent issuers of one company
 *   therefore judge one after another, each seeing the documents the previous ones issued.
 * - The number: the first issue creates the point's row (1), each later one increments it. The row stays locked
 *   until the transaction ends, and a rollback gives the number back. Each type counts on its own (factura
 *   001-001-000000001 and nota de crédito 001-001-000000001 both exist).
 */
export async function tomarNumero(tx: Executor, pem: number, codDoc: string, empresa: number) {
  const statement = preparedSql<{ numero: number; en_camino: number } & Nullable<PlanDates>>(
    tx,
    'emision_tomar_numero',
    () => sql`WITH planes AS (${planesBloqueadosSql(ph('empresa'))}),
    camino AS (
      INSERT INTO comprobantes_en_camino AS c (emp_codigo, total) SELECT ${ph('empresa')}, 0 WHERE (SELECT count(*) FROM planes) >= 0
      ON CONFLICT (emp_codigo) DO UPDATE SET total = c.total
      RETURNING total),
    tomado AS (
      INSERT INTO secuenciales (pem_codigo, sec_tipo, sec_siguiente) SELECT ${ph('pem')}, ${ph('tipo')}, 2 FROM camino
      ON CONFLICT (pem_codigo, sec_tipo) DO UPDATE SET sec_siguiente = secuenciales.sec_siguiente + 1
      RETURNING sec_siguiente - 1 AS numero)
    SELECT tomado.numero, camino.total AS en_camino, planes.* FROM tomado CROSS JOIN camino LEFT JOIN planes ON true`,
  );
  const rows = await statement.execute({ pem, tipo: codDoc, empresa });
  // One row per plan, or one row of nulls when the company has none (the LEFT JOIN).
  const planes = rows.flatMap(({ inicio, caduca, comprobantes, usados }): PlanDates[] =>
    inicio === null ? [] : [{ inicio, caduca: caduca!, comprobantes: comprobantes!, usados: usados! }],
  );
  return { numero: Number(rows[0]!.numero), enCamino: Number(rows[0]!.en_camino), planes };
}

export type Emitida = {
  FAC_SECUENCIAL: number;
  FAC_NUMERO: string;
  FAC_CLAVE_ACCESO: string;
  FAC_AMBIENTE: number;
  FAC_XML: string;
};

/**
 * Stores the signed document (FIRMADA, the SRI's messages of a previous issue cleared) and puts it on the SRI's queue
 * at ENVIAR, due now (cola.ts's encolar), in one statement of the caller's transaction.
 */
export async function guardarFirmada(tx: Executor, id: number, emitida: Emitida) {
  const statement = preparedSql(
    tx,
    'emision_guardar',
    () => sql`WITH firmada AS (
      UPDATE facturas SET fac_secuencial = ${ph('secuencial')}, fac_numero = ${ph('numero')}, fac_clave_acceso = ${ph('clave')},
        fac_ambiente = ${ph('ambiente')}, fac_xml = ${ph('xml')}, fac_estado = 'FIRMADA', fac_sri_mensajes = '[]'::jsonb,
        fac_recibida = NULL, fac_actualizado = ${ph('actualizado')}
      WHERE fac_codigo = ${ph('id')} RETURNING fac_codigo)
    INSERT INTO sri_cola (fac_codigo, col_paso) SELECT fac_codigo, 'ENVIAR' FROM firmada
    ON CONFLICT (fac_codigo) DO UPDATE SET col_paso = 'ENVIAR', col_intentos = 0, col_proximo = now(), col_tomada_hasta = NULL,
      col_error = NULL`,
  );
  await statement.execute({
    id,
    secuencial: emitida.FAC_SECUENCIAL,
    numero: emitida.FAC_NUMERO,
    clave: emitida.FAC_CLAVE_ACCESO,
    ambiente: emitida.FAC_AMBIENTE,
    xml: emitida.FAC_XML,
    actualizado: new Date().toISOString(),
  });
}
