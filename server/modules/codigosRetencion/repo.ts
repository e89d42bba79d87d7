import { and, asc, eq, gte, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { keyedWrites } from '../../infra/db/keyed';
import { codigosRetencion, retencionesDetalles } from '../../infra/db/schema';
import { embed, escapeLike, paged, readPage, type Bind, type ListQuery, type ListSpec, type PageRequest } from '../../core/list';
import { enVigor, IMPUESTOS_RETENCION, type ImpuestoRetencion } from '../../../domain/codigosRetencion';
import { hoyEcuador } from '../../../domain/fechas';
import type { CodigoRetencion, CodigoRetencionVigente } from './contract';

const t = codigosRetencion;

const columns = {
  RCO_ID: t.RCO_ID,
  RCO_IMPUESTO: t.RCO_IMPUESTO,
  RCO_CODIGO: t.RCO_CODIGO,
  RCO_CONCEPTO: t.RCO_CONCEPTO,
  RCO_PORCENTAJE: t.RCO_PORCENTAJE,
  RCO_DESDE: t.RCO_DESDE,
  RCO_HASTA: t.RCO_HASTA,
};

/** The withholding lines that applied the row (retenciones_detalles has no index on rco_id; the back office reads a page). */
const usos = sql<number>`(SELECT count(*)::int FROM ${retencionesDetalles} WHERE ${retencionesDetalles.RCO_ID} = ${sql.identifier('codigos_retencion')}.${sql.identifier('rco_id')})`;

const adminColumns = { ...columns, RCO_ACTUALIZADO: t.RCO_ACTUALIZADO, usos };

type Row = Omit<CodigoRetencionVigente, 'RCO_IMPUESTO'> & { RCO_IMPUESTO: string };
const toVigente = (row: Row): CodigoRetencionVigente => ({ ...row, RCO_IMPUESTO: row.RCO_IMPUESTO as ImpuestoRetencion });
type AdminRow = Row & { RCO_ACTUALIZADO: Date; usos: number };
const toCodigo = (row: AdminRow): CodigoRetencion => ({
  ...toVigente(row),
  RCO_ACTUALIZADO: row.RCO_ACTUALIZADO.toISOString(),
  enVigor: enVigor({ desde: row.RCO_DESDE, hasta: row.RCO_HASTA }, hoyEcuador()),
  usos: Number(row.usos),
});

/** The rows in force on a day: desde ≤ day ≤ hasta (an open hasta never ends). */
const vigenteEl = (dia: string, bind: Bind = embed): SQL =>
  and(lte(t.RCO_DESDE, bind(dia)), or(isNull(t.RCO_HASTA), gte(t.RCO_HASTA, bind(dia))))!;

/** Digits and letters: the beginning of the code, or words of the concept. Other text: words of the concept only. */
function codigoSearch(text: string, bind: Bind): SQL | undefined {
  const value = text.trim();
  if (!value) return undefined;
  // Without accents, in any case.
  const enConcepto = sql`amelia_busqueda(${t.RCO_CONCEPTO}) LIKE '%' || amelia_busqueda(${bind(escapeLike(value))}) || '%'`;
  if (!/^[0-9][0-9A-Za-z]{0,4}$/.test(value)) return enConcepto;
  return or(sql`${t.RCO_CODIGO} LIKE ${bind(`${escapeLike(value.toUpperCase())}%`)}`, enConcepto);
}

const SORTS = {
  RCO_IMPUESTO: [t.RCO_IMPUESTO, t.RCO_CODIGO, t.RCO_DESDE],
  RCO_CODIGO: [t.RCO_CODIGO, t.RCO_DESDE],
  RCO_PORCENTAJE: [t.RCO_PORCENTAJE, t.RCO_CODIGO],
  RCO_DESDE: [t.RCO_DESDE, t.RCO_CODIGO],
  id: [t.RCO_ID],
};

const lista: ListSpec<keyof typeof SORTS> = {
  resource: 'codigosRetencion',
  table: t,
  key: t.RCO_ID,
  sort: SORTS,
  defaultSort: ['RCO_IMPUESTO', 'ASC'],
  filters: {
    q: { type: 'search', where: codigoSearch },
    RCO_IMPUESTO: { type: 'enum', column: t.RCO_IMPUESTO, values: IMPUESTOS_RETENCION },
    // The day is checked by the route (a 400 for anything else); here it is only bound.
    vigentes: { type: 'search', where: (dia, bind) => vigenteEl(dia.trim(), bind) },
    id: { type: 'ids', column: t.RCO_ID },
  },
  defaultRange: [0, 49],
};

const adminPage = (db: Db, request: PageRequest) => paged(db.select(adminColumns).from(t).$dynamic(), request);

export const listCodigos = (db: Db, query: ListQuery) => readPage(db, lista, query, adminPage, toCodigo);

export async function findCodigo(db: Executor, id: number, lock = false): Promise<CodigoRetencion | undefined> {
  const query = db.select(adminColumns).from(t).where(eq(t.RCO_ID, id));
  const [row] = lock ? await query.for('update') : await query;
  return row && toCodigo(row);
}

/** The company's read: the rows in force on a day, of one tax or all, by tax and code. */
export async function codigosVigentes(db: Executor, dia: string, impuesto?: ImpuestoRetencion): Promise<CodigoRetencionVigente[]> {
  const rows = await db
    .select(columns)
    .from(t)
    .where(and(vigenteEl(dia), impuesto ? eq(t.RCO_IMPUESTO, impuesto) : undefined))
    .orderBy(asc(t.RCO_IMPUESTO), asc(t.RCO_CODIGO));
  return rows.map(toVigente);
}

/** The periods of the other rows of a tax and code (what a new or changed row must not overlap). */
export const periodosDelCodigo = (db: Executor, impuesto: string, codigo: string, except?: number) =>
  db
    .select({ desde: t.RCO_DESDE, hasta: t.RCO_HASTA })
    .from(t)
    .where(and(eq(t.RCO_IMPUESTO, impuesto), eq(t.RCO_CODIGO, codigo), except ? ne(t.RCO_ID, except) : undefined))
    .orderBy(asc(t.RCO_DESDE));

/** Serializes the changes of one tax and code: two overlapping rows written at once would each see the other absent. */
export async function bloquearCodigo(tx: Executor, impuesto: string, codigo: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('codigos_retencion'), hashtext(${`${impuesto}/${codigo}`}))`);
}

export const { insert: insertCodigo, update: updateCodigo, remove: deleteCodigo } = keyedWrites(t, t.RCO_ID);
