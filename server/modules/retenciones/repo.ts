/**
 * The queries of the comprobantes de retención: rows of `facturas` of type 07 whose recipient is a supplier
 * (PRV_CODIGO), their support documents (retenciones_sustentos: a received document or an own liquidación de compra)
 * and withholdings (retenciones_detalles); the list, its totals and export; what can be withheld; the table of codes;
 * and the live retenciones that already rest on a document.
 */
import { and, asc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../infra/db/client';
import { prepared } from '../../infra/db/prepared';
import {
  codigosRetencion,
  establecimientos,
  facturas,
  facturasDetalles,
  facturasPagos,
  proveedores,
  puntosEmision,
  recibidos,
  retencionesDetalles,
  retencionesSustentos,
} from '../../infra/db/schema';
import { escapeLike, type Bind } from '../../core/list';
import { conAyuda, type MensajeSriGuardado } from '../../../domain/facturas';
import { TARIFAS_IVA } from '../../../domain/facturas/catalogos';
import { dividirRedondeando, formatear } from '../../../domain/comprobantes/decimal';
import {
  ESTADOS_SIN_RETENCION,
  RECIBIDOS_RETENIBLES,
  type CodigoRetencionVigente,
  type DocumentoSustentoEntrada,
} from '../../../domain/retenciones';
import type { CampoAdicional } from '../../../domain/contratos/facturas';
import type { DatosRecibido } from '../../../domain/contratos/recibidos';
import type { DocumentoSustento, Retencion } from '../../../domain/contratos/retenciones';
import { busquedaDocumento, fijo, iso, isoONull, listaDocumentos } from '../comprobantes';

export const RETENCION = '07';
const LIQUIDACION = '03';
const f = facturas;
const liquidacion = alias(facturas, 'liquidacion');

/** The numbers of a retención's support documents, in order, joined by commas. */
const documentosDe = sql<string>`coalesce((SELECT string_agg(coalesce(r.rec_numero, l.fac_numero), ', ' ORDER BY s.rsu_linea) FROM retenciones_sustentos s LEFT JOIN recibidos r ON r.rec_codigo = s.rec_codigo LEFT JOIN facturas l ON l.fac_codigo = s.rsu_liquidacion WHERE s.fac_codigo = ${f.FAC_CODIGO}), '')`;

const listColumns = {
  FAC_CODIGO: f.FAC_CODIGO,
  FAC_TIPO: f.FAC_TIPO,
  FAC_ESTADO: f.FAC_ESTADO,
  FAC_FECHA: f.FAC_FECHA,
  FAC_NUMERO: f.FAC_NUMERO,
  FAC_CLAVE_ACCESO: f.FAC_CLAVE_ACCESO,
  FAC_SUBTOTAL: f.FAC_SUBTOTAL,
  FAC_IVA: f.FAC_IVA,
  FAC_TOTAL: f.FAC_TOTAL,
  PERIODO_FISCAL: sql<string>`to_char(${f.FAC_FECHA}, 'MM/YYYY')`,
  DOCUMENTOS: documentosDe,
  PRV_CODIGO: proveedores.PRV_CODIGO,
  PRV_RAZON_SOCIAL: proveedores.PRV_RAZON_SOCIAL,
  PRV_IDENTIFICACION: proveedores.PRV_IDENTIFICACION,
  PEM_CODIGO: f.PEM_CODIGO,
  FAC_ENTREGA: f.FAC_ENTREGA,
  FAC_AUTORIZACION: f.FAC_AUTORIZACION,
  FAC_FECHA_AUTORIZACION: f.FAC_FECHA_AUTORIZACION,
  FAC_SRI_MENSAJES: f.FAC_SRI_MENSAJES,
  FAC_ADICIONAL: f.FAC_ADICIONAL,
};

const selectList = (db: Executor) => db.select(listColumns).from(f).innerJoin(proveedores, eq(proveedores.PRV_CODIGO, f.PRV_CODIGO));
type ListRow = Awaited<ReturnType<ReturnType<typeof selectList>['execute']>>[number];

const toRetencion = (row: ListRow): Retencion => ({
  ...row,
  FAC_SUBTOTAL: fijo(row.FAC_SUBTOTAL, 2),
  FAC_IVA: fijo(row.FAC_IVA, 2),
  FAC_TOTAL: fijo(row.FAC_TOTAL, 2),
  FAC_FECHA_AUTORIZACION: isoONull(row.FAC_FECHA_AUTORIZACION),
  FAC_SRI_MENSAJES: conAyuda((row.FAC_SRI_MENSAJES as MensajeSriGuardado[] | null) ?? []),
  FAC_ADICIONAL: (row.FAC_ADICIONAL as CampoAdicional[] | null) ?? [],
});

export const FILTROS_RETENCIONES = ['FAC_ESTADO', 'desde', 'hasta', 'PRV_CODIGO', 'q', 'id'] as const;

/** A supplier of the retención's company by identification (a cédula also finds its RUC, a RUC its cédula) or name. */
function delProveedor(text: string, bind: Bind): SQL {
  const proveedor = /^\d{10}(\d{3})?$/.test(text)
    ? sql`${proveedores.PRV_IDENTIFICACION} IN (${bind(text.slice(0, 10))}, ${bind(`${text.slice(0, 10)}001`)}, ${bind(text)})`
    : sql`${proveedores.PRV_BUSQUEDA} LIKE '%' || amelia_busqueda(${bind(escapeLike(text))}) || '%'`;
  return sql`${f.PRV_CODIGO} IN (SELECT ${proveedores.PRV_CODIGO} FROM ${proveedores} WHERE ${proveedores.EMP_CODIGO} = ${f.EMP_CODIGO} AND ${proveedor})`;
}

/** The retenciones' list, its totals and export; the search: its number or a support document's, access key or supplier. */
export const LISTA_RETENCIONES = listaDocumentos({
  resource: 'retenciones',
  codDoc: RETENCION,
  receptor: 'proveedor',
  filtros: FILTROS_RETENCIONES,
  busqueda: busquedaDocumento('proveedor', {
    otroNumero: (completo) =>
      sql`${f.FAC_CODIGO} IN (SELECT s.fac_codigo FROM retenciones_sustentos s LEFT JOIN recibidos r ON r.rec_codigo = s.rec_codigo LEFT JOIN facturas l ON l.fac_codigo = s.rsu_liquidacion WHERE coalesce(r.rec_numero, l.fac_numero) = ${completo})`,
    receptor: delProveedor,
  }),
  seleccion: (db) => selectList(db).$dynamic(),
  fila: toRetencion,
});

/** One retención's header (its list row and the detail's extra fields), if it is the company's. */
export async function cabeceraRetencion(db: Executor, empresa: number, id: number) {
  const [row] = await db
    .select({
      ...listColumns,
      PRV_TIPO_IDENTIFICACION: proveedores.PRV_TIPO_IDENTIFICACION,
      EST_NUMERO: establecimientos.EST_NUMERO,
      PEM_NUMERO: puntosEmision.PEM_NUMERO,
      FAC_SECUENCIAL: f.FAC_SECUENCIAL,
      FAC_ANULACION_MOTIVO: f.FAC_ANULACION_MOTIVO,
      FAC_ANULACION_FECHA: f.FAC_ANULACION_FECHA,
      FAC_ENTREGA_FECHA: f.FAC_ENTREGA_FECHA,
      FAC_ENTREGA_DETALLE: f.FAC_ENTREGA_DETALLE,
      FAC_CREADO: f.FAC_CREADO,
      FAC_ACTUALIZADO: f.FAC_ACTUALIZADO,
    })
    .from(f)
    .innerJoin(proveedores, eq(proveedores.PRV_CODIGO, f.PRV_CODIGO))
    .innerJoin(puntosEmision, eq(puntosEmision.PEM_CODIGO, f.PEM_CODIGO))
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
    .where(and(eq(f.FAC_CODIGO, id), eq(f.FAC_TIPO, RETENCION), eq(f.EMP_CODIGO, empresa)));
  if (!row) return undefined;
  return {
    ...toRetencion(row),
    PRV_TIPO_IDENTIFICACION: row.PRV_TIPO_IDENTIFICACION,
    EST_NUMERO: row.EST_NUMERO,
    PEM_NUMERO: row.PEM_NUMERO,
    FAC_SECUENCIAL: row.FAC_SECUENCIAL,
    FAC_ANULACION_MOTIVO: row.FAC_ANULACION_MOTIVO,
    FAC_ANULACION_FECHA: isoONull(row.FAC_ANULACION_FECHA),
    FAC_ENTREGA_FECHA: isoONull(row.FAC_ENTREGA_FECHA),
    FAC_ENTREGA_DETALLE: row.FAC_ENTREGA_DETALLE,
    FAC_CREADO: iso(row.FAC_CREADO),
    FAC_ACTUALIZADO: iso(row.FAC_ACTUALIZADO),
  };
}

/** A retención's state under a row lock, if it is the company's. */
export async function lockRetencion(tx: Executor, empresa: number, id: number) {
  const [row] = await tx
    .select({
      FAC_CODIGO: f.FAC_CODIGO,
      FAC_ESTADO: f.FAC_ESTADO,
      PRV_CODIGO: f.PRV_CODIGO,
      EMP_CODIGO: f.EMP_CODIGO,
      FAC_FECHA: f.FAC_FECHA,
    })
    .from(f)
    .where(and(eq(f.FAC_CODIGO, id), eq(f.FAC_TIPO, RETENCION), eq(f.EMP_CODIGO, empresa)))
    .for('update');
  return row;
}

/** The supplier of the company, with what the XML's sujeto retenido needs. */
export async function proveedorDe(db: Executor, empresa: number, id: number) {
  const [row] = await db
    .select({
      PRV_CODIGO: proveedores.PRV_CODIGO,
      PRV_TIPO_IDENTIFICACION: proveedores.PRV_TIPO_IDENTIFICACION,
      PRV_IDENTIFICACION: proveedores.PRV_IDENTIFICACION,
      PRV_RAZON_SOCIAL: proveedores.PRV_RAZON_SOCIAL,
    })
    .from(proveedores)
    .where(and(eq(proveedores.PRV_CODIGO, id), eq(proveedores.EMP_CODIGO, empresa)));
  return row;
}

/** A support document as the rules and the XML read it, with whose it is and its state. */
export type Sustento = DocumentoSustento & {
  documento: DocumentoSustentoEntrada;
  ESTADO: string | null;
  PRV_RAZON_SOCIAL: string | null;
  PRV_IDENTIFICACION: string;
};

const porCodigoIva = new Map<string, (typeof TARIFAS_IVA)[number]>(TARIFAS_IVA.map((t) => [t.codigo, t]));

function sustento(
  base: Omit<DocumentoSustento, 'impuestos' | 'pagos'>,
  impuestos: DocumentoSustento['impuestos'],
  pagos: DocumentoSustento['pagos'],
  extra: { ESTADO: string | null; PRV_RAZON_SOCIAL: string | null; PRV_IDENTIFICACION: string },
): Sustento {
  const d: DocumentoSustento = { ...base, impuestos, pagos };
  return {
    ...d,
    ...extra,
    documento: {
      codDoc: d.codDocSustento,
      numero: d.numero,
      fecha: d.fecha,
      autorizacion: d.autorizacion,
      totalSinImpuestos: d.totalSinImpuestos,
      iva: d.iva,
      importeTotal: d.importeTotal,
      impuestos: d.impuestos,
      pagos: d.pagos,
    },
  };
}

const recibidoColumns = {
  REC_CODIGO: recibidos.REC_CODIGO,
  REC_TIPO: recibidos.REC_TIPO,
  REC_NUMERO: recibidos.REC_NUMERO,
  REC_FECHA: recibidos.REC_FECHA,
  REC_AUTORIZACION: recibidos.REC_AUTORIZACION,
  REC_EMISOR_RUC: recibidos.REC_EMISOR_RUC,
  REC_EMISOR_RAZON_SOCIAL: recibidos.REC_EMISOR_RAZON_SOCIAL,
  PRV_CODIGO: recibidos.PRV_CODIGO,
  REC_SUBTOTAL: recibidos.REC_SUBTOTAL,
  REC_IVA: recibidos.REC_IVA,
  REC_TOTAL: recibidos.REC_TOTAL,
  REC_DATOS: recibidos.REC_DATOS,
};
type RecibidoRow = {
  REC_CODIGO: number;
  REC_TIPO: string;
  REC_NUMERO: string;
  REC_FECHA: string;
  REC_AUTORIZACION: string;
  REC_EMISOR_RUC: string;
  REC_EMISOR_RAZON_SOCIAL: string;
  PRV_CODIGO: number | null;
  REC_SUBTOTAL: string;
  REC_IVA: string;
  REC_TOTAL: string;
  REC_DATOS: unknown;
};

function deRecibido(r: RecibidoRow): Sustento {
  const datos = (r.REC_DATOS ?? {}) as Partial<DatosRecibido>;
  return sustento(
    {
      REC_CODIGO: r.REC_CODIGO,
      RSU_LIQUIDACION: null,
      PRV_CODIGO: r.PRV_CODIGO,
      codDocSustento: r.REC_TIPO,
      numero: r.REC_NUMERO,
      fecha: r.REC_FECHA,
      autorizacion: r.REC_AUTORIZACION,
      totalSinImpuestos: fijo(r.REC_SUBTOTAL, 2),
      iva: fijo(r.REC_IVA, 2),
      importeTotal: fijo(r.REC_TOTAL, 2),
    },
    (datos.impuestos ?? []).map((i) => ({
      codigo: i.codigo,
      codigoPorcentaje: i.codigoPorcentaje,
      tarifa: i.tarifa ?? porCodigoIva.get(i.codigoPorcentaje)?.tarifa.toFixed(2) ?? '0.00',
      baseImponible: fijo(i.baseImponible, 2),
      valor: fijo(i.valor, 2),
    })),
    (datos.pagos ?? []).map((p) => ({ formaPago: p.formaPago, total: fijo(p.total, 2) })),
    { ESTADO: null, PRV_RAZON_SOCIAL: r.REC_EMISOR_RAZON_SOCIAL, PRV_IDENTIFICACION: r.REC_EMISOR_RUC },
  );
}

const selectRecibidos = (db: Executor) =>
  db
    .select(recibidoColumns)
    .from(recibidos)
    .where(and(eq(recibidos.EMP_CODIGO, sql.placeholder('empresa')), sql`${recibidos.REC_CODIGO} = ANY(${sql.placeholder('ids')})`));

/** Received documents of the company by id, locked inside a transaction that writes or issues a retención. */
export async function recibidosDe(db: Executor, empresa: number, ids: number[], bloquear = false): Promise<Map<number, Sustento>> {
  if (!ids.length) return new Map();
  const statement = bloquear
    ? prepared(db, 'retencion_recibidos_bloqueo', (d) => selectRecibidos(d).for('update'))
    : prepared(db, 'retencion_recibidos', selectRecibidos);
  const rows = await statement.execute({ empresa, ids });
  return new Map(rows.map((r) => [r.REC_CODIGO, deRecibido(r)]));
}

const liquidacionColumns = {
  FAC_CODIGO: liquidacion.FAC_CODIGO,
  FAC_TIPO: liquidacion.FAC_TIPO,
  FAC_ESTADO: liquidacion.FAC_ESTADO,
  FAC_NUMERO: liquidacion.FAC_NUMERO,
  FAC_FECHA: liquidacion.FAC_FECHA,
  FAC_AUTORIZACION: liquidacion.FAC_AUTORIZACION,
  PRV_CODIGO: liquidacion.PRV_CODIGO,
  FAC_SUBTOTAL: liquidacion.FAC_SUBTOTAL,
  FAC_IVA: liquidacion.FAC_IVA,
  FAC_TOTAL: liquidacion.FAC_TOTAL,
  PRV_RAZON_SOCIAL: proveedores.PRV_RAZON_SOCIAL,
  PRV_IDENTIFICACION: proveedores.PRV_IDENTIFICACION,
};

/**
 * The company's own documents by id (the rules say when one is not an AUTORIZADA liquidación de compra), with their
 * taxes per IVA rate as the liquidación computed them (its lines' subtotals per rate, the rate's IVA rounded once, as
 * facturas/calculo.ts does) and their payments.
 */
export async function liquidacionesDe(db: Executor, empresa: number, ids: number[], bloquear = false): Promise<Map<number, Sustento>> {
  if (!ids.length) return new Map();
  const query = db
    .select(liquidacionColumns)
    .from(liquidacion)
    .leftJoin(proveedores, eq(proveedores.PRV_CODIGO, liquidacion.PRV_CODIGO))
    .where(and(eq(liquidacion.EMP_CODIGO, empresa), inArray(liquidacion.FAC_CODIGO, ids)));
  const rows = bloquear ? await query.for('update', { of: liquidacion }) : await query;
  const [bases, pagos] = await Promise.all([
    db
      .select({
        FAC_CODIGO: facturasDetalles.FAC_CODIGO,
        FDE_IVA: facturasDetalles.FDE_IVA,
        base: sql<string>`sum(${facturasDetalles.FDE_SUBTOTAL})`,
      })
      .from(facturasDetalles)
      .where(inArray(facturasDetalles.FAC_CODIGO, ids))
      .groupBy(facturasDetalles.FAC_CODIGO, facturasDetalles.FDE_IVA),
    db
      .select({ FAC_CODIGO: facturasPagos.FAC_CODIGO, FPA_FORMA: facturasPagos.FPA_FORMA, FPA_TOTAL: facturasPagos.FPA_TOTAL })
      .from(facturasPagos)
      .where(inArray(facturasPagos.FAC_CODIGO, ids))
      .orderBy(asc(facturasPagos.FAC_CODIGO), asc(facturasPagos.FPA_LINEA)),
  ]);
  return new Map(
    rows.map((r) => {
      const impuestos = TARIFAS_IVA.flatMap((t) => {
        const b = bases.find((x) => x.FAC_CODIGO === r.FAC_CODIGO && x.FDE_IVA === t.codigo);
        if (!b) return [];
        const centavos = BigInt(fijo(b.base, 2).replace('.', ''));
        const puntos = BigInt(Math.round(t.tarifa * 100));
        const valor = dividirRedondeando(centavos * puntos, 10_000n);
        return [
          {
            codigo: '2',
            codigoPorcentaje: t.codigo,
            tarifa: formatear(puntos, 2),
            baseImponible: formatear(centavos, 2),
            valor: formatear(valor, 2),
          },
        ];
      });
      const propios = pagos
        .filter((p) => p.FAC_CODIGO === r.FAC_CODIGO)
        .map((p) => ({ formaPago: p.FPA_FORMA, total: fijo(p.FPA_TOTAL, 2) }));
      const s = sustento(
        {
          REC_CODIGO: null,
          RSU_LIQUIDACION: r.FAC_CODIGO,
          PRV_CODIGO: r.PRV_CODIGO,
          codDocSustento: r.FAC_TIPO,
          numero: r.FAC_NUMERO ?? '',
          fecha: r.FAC_FECHA,
          autorizacion: r.FAC_AUTORIZACION,
          totalSinImpuestos: fijo(r.FAC_SUBTOTAL, 2),
          iva: fijo(r.FAC_IVA, 2),
          importeTotal: fijo(r.FAC_TOTAL, 2),
        },
        impuestos,
        propios,
        { ESTADO: r.FAC_ESTADO, PRV_RAZON_SOCIAL: r.PRV_RAZON_SOCIAL, PRV_IDENTIFICACION: r.PRV_IDENTIFICACION ?? '' },
      );
      return [r.FAC_CODIGO, s];
    }),
  );
}

/** The live retenciones (all but `excepto`) on these documents: which document and which retención. */
export async function retencionesVivas(db: Executor, recibidosIds: number[], liquidacionesIds: number[], excepto?: number) {
  if (!recibidosIds.length && !liquidacionesIds.length) return [];
  const statement = prepared(db, 'retencion_vivas', (d) =>
    d
      .select({
        REC_CODIGO: retencionesSustentos.REC_CODIGO,
        RSU_LIQUIDACION: retencionesSustentos.RSU_LIQUIDACION,
        FAC_CODIGO: f.FAC_CODIGO,
        FAC_NUMERO: f.FAC_NUMERO,
        FAC_ESTADO: f.FAC_ESTADO,
      })
      .from(retencionesSustentos)
      .innerJoin(f, eq(f.FAC_CODIGO, retencionesSustentos.FAC_CODIGO))
      .where(
        and(
          notInArray(f.FAC_ESTADO, [...ESTADOS_SIN_RETENCION]),
          sql`${f.FAC_CODIGO} IS DISTINCT FROM ${sql.placeholder('excepto')}`,
          or(
            sql`${retencionesSustentos.REC_CODIGO} = ANY(${sql.placeholder('recibidos')})`,
            sql`${retencionesSustentos.RSU_LIQUIDACION} = ANY(${sql.placeholder('liquidaciones')})`,
          ),
        ),
      ),
  );
  return statement.execute({ recibidos: recibidosIds, liquidaciones: liquidacionesIds, excepto: excepto ?? null });
}

/** No live retención rests on the document (the list of what can still be withheld). */
const sinRetencion = (columna: SQL) =>
  sql`NOT EXISTS (SELECT 1 FROM retenciones_sustentos s JOIN facturas r ON r.fac_codigo = s.fac_codigo WHERE ${columna} AND r.fac_estado NOT IN (${sql.raw(ESTADOS_SIN_RETENCION.map((e) => `'${e}'`).join(', '))}))`;

/**
 * What can be withheld: the company's received facturas and notas de débito and its AUTORIZADA liquidaciones de
 * compra with no live retención, of a supplier or one document, oldest first.
 */
export async function sustentosDisponibles(
  db: Executor,
  empresa: number,
  filtro: { PRV_CODIGO?: number; REC_CODIGO?: number; RSU_LIQUIDACION?: number },
): Promise<Sustento[]> {
  const soloLiquidacion = filtro.RSU_LIQUIDACION !== undefined && filtro.REC_CODIGO === undefined;
  const soloRecibido = filtro.REC_CODIGO !== undefined && filtro.RSU_LIQUIDACION === undefined;
  const [recibidosRows, liquidacionesIds] = await Promise.all([
    soloLiquidacion
      ? []
      : db
          .select(recibidoColumns)
          .from(recibidos)
          .where(
            and(
              eq(recibidos.EMP_CODIGO, empresa),
              inArray(recibidos.REC_TIPO, [...RECIBIDOS_RETENIBLES]),
              filtro.PRV_CODIGO === undefined ? undefined : eq(recibidos.PRV_CODIGO, filtro.PRV_CODIGO),
              filtro.REC_CODIGO === undefined ? undefined : eq(recibidos.REC_CODIGO, filtro.REC_CODIGO),
              sinRetencion(sql`s.rec_codigo = ${recibidos.REC_CODIGO}`),
            ),
          )
          .orderBy(asc(recibidos.REC_FECHA), asc(recibidos.REC_CODIGO))
          .limit(500),
    soloRecibido
      ? []
      : db
          .select({ id: f.FAC_CODIGO })
          .from(f)
          .where(
            and(
              eq(f.EMP_CODIGO, empresa),
              eq(f.FAC_TIPO, LIQUIDACION),
              eq(f.FAC_ESTADO, 'AUTORIZADA'),
              filtro.PRV_CODIGO === undefined ? undefined : eq(f.PRV_CODIGO, filtro.PRV_CODIGO),
              filtro.RSU_LIQUIDACION === undefined ? undefined : eq(f.FAC_CODIGO, filtro.RSU_LIQUIDACION),
              sinRetencion(sql`s.rsu_liquidacion = ${f.FAC_CODIGO}`),
            ),
          )
          .orderBy(asc(f.FAC_FECHA), asc(f.FAC_CODIGO))
          .limit(500),
  ]);
  const liquidaciones = await liquidacionesDe(
    db,
    empresa,
    liquidacionesIds.map((l) => l.id),
  );
  return [...recibidosRows.map(deRecibido), ...liquidaciones.values()].sort((a, b) => a.fecha.localeCompare(b.fecha));
}

type CodigoRow = Pick<
  typeof codigosRetencion.$inferSelect,
  'RCO_ID' | 'RCO_IMPUESTO' | 'RCO_CODIGO' | 'RCO_PORCENTAJE' | 'RCO_DESDE' | 'RCO_HASTA' | 'RCO_CONCEPTO'
>;
const codigoVigente = (r: CodigoRow): CodigoRetencionVigente => ({
  id: r.RCO_ID,
  impuesto: r.RCO_IMPUESTO,
  codigo: r.RCO_CODIGO,
  porcentaje: fijo(r.RCO_PORCENTAJE, 2),
  desde: r.RCO_DESDE,
  hasta: r.RCO_HASTA,
  concepto: r.RCO_CONCEPTO,
});

/** Rows of the table of withholding codes by id. */
export async function codigosDe(db: Executor, ids: number[]): Promise<Map<number, CodigoRetencionVigente>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(codigosRetencion).where(inArray(codigosRetencion.RCO_ID, ids));
  return new Map(rows.map((r) => [r.RCO_ID, codigoVigente(r)]));
}

const selectParaEmitir = (db: Executor) =>
  db
    .select({
      EMP_CODIGO: f.EMP_CODIGO,
      PRV_CODIGO: f.PRV_CODIGO,
      FAC_SUBTOTAL: f.FAC_SUBTOTAL,
      FAC_IVA: f.FAC_IVA,
      FAC_TOTAL: f.FAC_TOTAL,
      PRV_DE_EMPRESA: proveedores.PRV_CODIGO,
      PRV_TIPO_IDENTIFICACION: proveedores.PRV_TIPO_IDENTIFICACION,
      PRV_IDENTIFICACION: proveedores.PRV_IDENTIFICACION,
      PRV_RAZON_SOCIAL: proveedores.PRV_RAZON_SOCIAL,
      RSU_LINEA: retencionesSustentos.RSU_LINEA,
      REC_CODIGO: retencionesSustentos.REC_CODIGO,
      RSU_LIQUIDACION: retencionesSustentos.RSU_LIQUIDACION,
      RSU_SUSTENTO: retencionesSustentos.RSU_SUSTENTO,
      RDE_LINEA: retencionesDetalles.RDE_LINEA,
      RDE_IMPUESTO: retencionesDetalles.RDE_IMPUESTO,
      RCO_ID: retencionesDetalles.RCO_ID,
      RDE_CODIGO: retencionesDetalles.RDE_CODIGO,
      RDE_BASE: retencionesDetalles.RDE_BASE,
      RDE_PORCENTAJE: retencionesDetalles.RDE_PORCENTAJE,
      RDE_VALOR: retencionesDetalles.RDE_VALOR,
      CODIGO_ID: codigosRetencion.RCO_ID,
      RCO_IMPUESTO: codigosRetencion.RCO_IMPUESTO,
      RCO_CODIGO: codigosRetencion.RCO_CODIGO,
      RCO_PORCENTAJE: codigosRetencion.RCO_PORCENTAJE,
      RCO_DESDE: codigosRetencion.RCO_DESDE,
      RCO_HASTA: codigosRetencion.RCO_HASTA,
      RCO_CONCEPTO: codigosRetencion.RCO_CONCEPTO,
    })
    .from(f)
    .leftJoin(proveedores, and(eq(proveedores.PRV_CODIGO, f.PRV_CODIGO), eq(proveedores.EMP_CODIGO, f.EMP_CODIGO)))
    .leftJoin(retencionesSustentos, eq(retencionesSustentos.FAC_CODIGO, f.FAC_CODIGO))
    .leftJoin(
      retencionesDetalles,
      and(
        eq(retencionesDetalles.FAC_CODIGO, retencionesSustentos.FAC_CODIGO),
        eq(retencionesDetalles.RSU_LINEA, retencionesSustentos.RSU_LINEA),
      ),
    )
    .leftJoin(codigosRetencion, eq(codigosRetencion.RCO_ID, retencionesDetalles.RCO_ID))
    .where(eq(f.FAC_CODIGO, sql.placeholder('id')))
    .orderBy(asc(retencionesSustentos.RSU_LINEA), asc(retencionesDetalles.RDE_LINEA));

/** A stored withholding as issuing compares it with what it computes (amounts with their scale). */
export type RetencionGuardada = ValoresRetencion & { RDE_LINEA: number };

/**
 * What issuing the retención `id` reads of it, in one statement: its company, supplier (undefined when not the
 * company's) and stored totals; its support documents with their withholdings, in order; and the codes they name.
 */
export async function retencionParaEmitir(tx: Executor, id: number) {
  const rows = await prepared(tx, 'retencion_para_emitir', selectParaEmitir).execute({ id });
  const r = rows[0]!;
  const sustentos: Array<ValoresSustento & { RSU_LINEA: number; retenciones: RetencionGuardada[] }> = [];
  const codigos = new Map<number, CodigoRetencionVigente>();
  for (const row of rows) {
    if (row.RSU_LINEA === null) continue;
    let s = sustentos.at(-1);
    if (s?.RSU_LINEA !== row.RSU_LINEA) {
      s = {
        RSU_LINEA: row.RSU_LINEA,
        REC_CODIGO: row.REC_CODIGO,
        RSU_LIQUIDACION: row.RSU_LIQUIDACION,
        RSU_SUSTENTO: row.RSU_SUSTENTO!,
        retenciones: [],
      };
      sustentos.push(s);
    }
    if (row.RDE_LINEA === null) continue;
    s.retenciones.push({
      RDE_LINEA: row.RDE_LINEA,
      RCO_ID: row.RCO_ID,
      RDE_IMPUESTO: row.RDE_IMPUESTO!,
      RDE_CODIGO: row.RDE_CODIGO!,
      RDE_BASE: fijo(row.RDE_BASE, 2),
      RDE_PORCENTAJE: fijo(row.RDE_PORCENTAJE, 2),
      RDE_VALOR: fijo(row.RDE_VALOR, 2),
    });
    if (row.CODIGO_ID !== null) codigos.set(row.CODIGO_ID, codigoVigente({ ...row, RCO_ID: row.CODIGO_ID } as CodigoRow));
  }
  return {
    EMP_CODIGO: r.EMP_CODIGO,
    PRV_CODIGO: r.PRV_CODIGO!,
    totales: { FAC_SUBTOTAL: fijo(r.FAC_SUBTOTAL, 2), FAC_IVA: fijo(r.FAC_IVA, 2), FAC_TOTAL: fijo(r.FAC_TOTAL, 2) },
    proveedor:
      r.PRV_DE_EMPRESA === null
        ? undefined
        : {
            PRV_CODIGO: r.PRV_DE_EMPRESA,
            PRV_TIPO_IDENTIFICACION: r.PRV_TIPO_IDENTIFICACION!,
            PRV_IDENTIFICACION: r.PRV_IDENTIFICACION!,
            PRV_RAZON_SOCIAL: r.PRV_RAZON_SOCIAL!,
          },
    sustentos,
    codigos,
  };
}
export type RetencionParaEmitir = Awaited<ReturnType<typeof retencionParaEmitir>>;

/** A retención's stored support documents and withholdings (with the code's concept), in order. */
export async function sustentosDeRetencion(db: Executor, id: number) {
  const [filas, detalles] = await Promise.all([
    db
      .select({
        RSU_LINEA: retencionesSustentos.RSU_LINEA,
        REC_CODIGO: retencionesSustentos.REC_CODIGO,
        RSU_LIQUIDACION: retencionesSustentos.RSU_LIQUIDACION,
        RSU_SUSTENTO: retencionesSustentos.RSU_SUSTENTO,
      })
      .from(retencionesSustentos)
      .where(eq(retencionesSustentos.FAC_CODIGO, id))
      .orderBy(asc(retencionesSustentos.RSU_LINEA)),
    db
      .select({
        RDE_LINEA: retencionesDetalles.RDE_LINEA,
        RSU_LINEA: retencionesDetalles.RSU_LINEA,
        RDE_IMPUESTO: retencionesDetalles.RDE_IMPUESTO,
        RCO_ID: retencionesDetalles.RCO_ID,
        RDE_CODIGO: retencionesDetalles.RDE_CODIGO,
        RCO_CONCEPTO: codigosRetencion.RCO_CONCEPTO,
        RDE_BASE: retencionesDetalles.RDE_BASE,
        RDE_PORCENTAJE: retencionesDetalles.RDE_PORCENTAJE,
        RDE_VALOR: retencionesDetalles.RDE_VALOR,
      })
      .from(retencionesDetalles)
      .leftJoin(codigosRetencion, eq(codigosRetencion.RCO_ID, retencionesDetalles.RCO_ID))
      .where(eq(retencionesDetalles.FAC_CODIGO, id))
      .orderBy(asc(retencionesDetalles.RDE_LINEA)),
  ]);
  return filas.map((s) => ({
    ...s,
    retenciones: detalles
      .filter((d) => d.RSU_LINEA === s.RSU_LINEA)
      .map(({ RSU_LINEA: _linea, ...d }) => ({
        ...d,
        RDE_BASE: fijo(d.RDE_BASE, 2),
        RDE_PORCENTAJE: fijo(d.RDE_PORCENTAJE, 2),
        RDE_VALOR: fijo(d.RDE_VALOR, 2),
      })),
  }));
}

export type ValoresSustento = { REC_CODIGO: number | null; RSU_LIQUIDACION: number | null; RSU_SUSTENTO: string };
export type ValoresRetencion = {
  RCO_ID: number | null;
  RDE_IMPUESTO: string;
  RDE_CODIGO: string;
  RDE_BASE: string;
  RDE_PORCENTAJE: string;
  RDE_VALOR: string;
};

/** Replaces a retención's support documents and withholdings (each document with its own). */
export async function escribirSustentos(tx: Executor, id: number, sustentos: Array<ValoresSustento & { retenciones: ValoresRetencion[] }>) {
  await tx.delete(retencionesDetalles).where(eq(retencionesDetalles.FAC_CODIGO, id));
  await tx.delete(retencionesSustentos).where(eq(retencionesSustentos.FAC_CODIGO, id));
  if (!sustentos.length) return;
  await tx.insert(retencionesSustentos).values(
    sustentos.map((s, i) => ({
      FAC_CODIGO: id,
      RSU_LINEA: i + 1,
      REC_CODIGO: s.REC_CODIGO,
      RSU_LIQUIDACION: s.RSU_LIQUIDACION,
      RSU_SUSTENTO: s.RSU_SUSTENTO,
    })),
  );
  const detalles = sustentos.flatMap((s, i) => s.retenciones.map((r) => ({ ...r, FAC_CODIGO: id, RSU_LINEA: i + 1 })));
  if (detalles.length) await tx.insert(retencionesDetalles).values(detalles.map((d, j) => ({ ...d, RDE_LINEA: j + 1 })));
}
