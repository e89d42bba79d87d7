import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../infra/db/client';
import { administradores, empresas, empresasContadores } from '../../infra/db/schema';
import { HttpError } from '../../core/errors';
import {
  boundsOf,
  listBatches,
  pageCondition,
  paged,
  readFilter,
  readPage,
  type ListQuery,
  type ListSpec,
  type PageRequest,
} from '../../core/list';
import { DIAS_AVISO_VENCIMIENTO, ESTADOS_COMPROBACION, ESTADOS_VIGENCIA, vigenciaEn, type EstadoVigencia } from '../../../domain/empresas';
import { PERFIL } from '../../../domain/perfiles';
import { hoyEcuador, sumarDias } from '../../../domain/fechas';
import type { EmpresaFila } from './list-contract';
import { companySearch } from '../../core/companies';

/** The dates of one status (domain/empresas.ts vigencia) as a range on an indexed date column. */
function vigenciaCondition(column: AnyColumn, estado: string, key: string): SQL {
  const today = hoyEcuador();
  const limit = sumarDias(today, DIAS_AVISO_VENCIMIENTO);
  switch (estado as EstadoVigencia) {
    case 'sin':
      return isNull(column);
    case 'vencido':
      return lt(column, today);
    case 'por_vencer':
      return and(gte(column, today), lte(column, limit))!;
    case 'vigente':
      return gt(column, limit);
    default:
      throw new HttpError(400, `El filtro ${key} debe ser ${ESTADOS_VIGENCIA.join(', ')}`);
  }
}

const SORTS = {
  EMP_CODIGO: [empresas.EMP_CODIGO],
  EMP_RUC: [empresas.EMP_RUC],
  EMP_NOMBREC: [empresas.EMP_NOMBREC, empresas.EMP_CODIGO],
  EMP_NOMBRE: [empresas.EMP_NOMBRE, empresas.EMP_CODIGO],
  // A company gets its serial id when it registers: id order is registration order, and the primary key serves it.
  EMP_FECHAREGISTRO: [empresas.EMP_CODIGO],
  EMP_PLAN_CADUCA: [empresas.EMP_PLAN_CADUCA, empresas.EMP_CODIGO],
  EMP_FIRMA_CADUCA: [empresas.EMP_FIRMA_CADUCA, empresas.EMP_CODIGO],
  EMP_COMPROBACION: [empresas.EMP_COMPROBACION, empresas.EMP_CODIGO],
  EMP_ACTIVO: [empresas.EMP_ACTIVO, empresas.EMP_CODIGO],
  id: [empresas.EMP_CODIGO],
} satisfies Record<string, AnyColumn[]>;
type Sort = keyof typeof SORTS;

/**
 * plan and firma are read as "search" filters: a status is tested on the most recent rows first and, when those do
 * not fill the page, its rows are collected by the date's index before being ordered (an ORDER BY id LIMIT with a
 * date range would otherwise walk the primary key testing every company).
 */
const spec: ListSpec<Sort> = {
  resource: 'empresas',
  table: empresas,
  key: empresas.EMP_CODIGO,
  sort: SORTS,
  defaultSort: ['EMP_CODIGO', 'DESC'],
  filters: {
    q: { type: 'search', where: companySearch },
    EMP_COMPROBACION: { type: 'enum', column: empresas.EMP_COMPROBACION, values: ESTADOS_COMPROBACION },
    EMP_ACTIVO: { type: 'boolean', column: empresas.EMP_ACTIVO },
    EMP_DISTRIBUIDOR: { type: 'integer', column: empresas.EMP_DISTRIBUIDOR },
    plan: { type: 'search', where: (estado) => vigenciaCondition(empresas.EMP_PLAN_CADUCA, estado, 'plan') },
    firma: { type: 'search', where: (estado) => vigenciaCondition(empresas.EMP_FIRMA_CADUCA, estado, 'firma') },
    id: { type: 'ids', column: empresas.EMP_CODIGO },
  },
  defaultRange: [0, 24],
};

/** The list's columns, with the distributor's name. */
const columns = {
  EMP_CODIGO: empresas.EMP_CODIGO,
  EMP_RUC: empresas.EMP_RUC,
  EMP_NOMBREC: empresas.EMP_NOMBREC,
  EMP_NOMBRE: empresas.EMP_NOMBRE,
  EMP_CORREO: empresas.EMP_CORREO,
  EMP_TELEFONO: empresas.EMP_TELEFONO,
  EMP_ACTIVO: empresas.EMP_ACTIVO,
  EMP_COMPROBACION: empresas.EMP_COMPROBACION,
  EMP_DISTRIBUIDOR: empresas.EMP_DISTRIBUIDOR,
  DISTRIBUIDOR_NOMBRE: administradores.ADM_NOMBRE,
  EMP_FECHAREGISTRO: empresas.EMP_FECHAREGISTRO,
  EMP_PLAN_CADUCA: empresas.EMP_PLAN_CADUCA,
  EMP_FIRMA_CADUCA: empresas.EMP_FIRMA_CADUCA,
};

const selectCompanies = (db: Executor) =>
  db.select(columns).from(empresas).leftJoin(administradores, eq(administradores.ADM_CODIGO, empresas.EMP_DISTRIBUIDOR));

type Row = Awaited<ReturnType<ReturnType<typeof selectCompanies>['execute']>>[number];

function serializer() {
  // vigencia() reads the UTC day of its date: midnight UTC of Ecuador's today.
  const estado = vigenciaEn(new Date(`${hoyEcuador()}T00:00:00Z`));
  return (row: Row): EmpresaFila => ({
    ...row,
    EMP_FECHAREGISTRO: row.EMP_FECHAREGISTRO.toISOString(),
    planEstado: estado(row.EMP_PLAN_CADUCA),
    firmaEstado: estado(row.EMP_FIRMA_CADUCA),
  });
}

const companyPage = (db: Db, request: PageRequest) => paged(selectCompanies(db).$dynamic(), request);

/** One page of the companies the caller may see (scope: companyScope of the request). */
export const listCompanies = (db: Db, query: ListQuery, scope: SQL | undefined) =>
  readPage(db, spec, query, companyPage, serializer(), scope);

/**
 * The list's query with more filter keys (a body's search text, the paged call's check state); a refused filter is left
 * as it is, for readPage to answer its 400 after the range's and the sort's.
 */
export function withFilter(query: ListQuery, extra: Record<string, unknown>): ListQuery {
  let filter: Record<string, unknown>;
  try {
    filter = readFilter(query.filter);
  } catch {
    return query;
  }
  return { ...query, filter: JSON.stringify({ ...filter, ...extra }) };
}

/** The most recent companies matching a RUC prefix or a name, found through the search's index. */
export async function searchCompanies(db: Db, text: string, limit: number, scope: SQL | undefined): Promise<EmpresaFila[]> {
  const page = pageCondition(
    empresas.EMP_CODIGO,
    empresas,
    { where: and(companySearch(text), scope), sortColumns: [empresas.EMP_CODIGO], descending: true, searching: true },
    boundsOf(0, limit),
  );
  return (await selectCompanies(db).where(page).orderBy(desc(empresas.EMP_CODIGO))).map(serializer());
}

/**
 * The whole filtered list in batches, for the export: the filter and sort are read by the list helper (same 400s as
 * the list), then each batch continues after the previous one's last row (keyset), so no batch walks an OFFSET and
 * no more than one batch is in memory.
 */
export async function companyBatches(
  db: Db,
  query: ListQuery,
  scope: SQL | undefined,
  size: number,
): Promise<AsyncGenerator<EmpresaFila[]>> {
  const read = (where: SQL | undefined, orderBy: SQL[], limit: number) =>
    selectCompanies(db)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit);
  return listBatches(spec, query, read, serializer(), size, scope);
}

/** Counts by check state and active flag from empresas_contadores (kept by triggers): the caller's own row for a distributor. */
export async function companyCounts(db: Db, distributor: number | undefined) {
  return db
    .select({
      comprobacion: empresasContadores.EMP_COMPROBACION,
      activo: empresasContadores.EMP_ACTIVO,
      total: empresasContadores.TOTAL,
    })
    .from(empresasContadores)
    .where(distributor === undefined ? undefined : eq(empresasContadores.EMP_DISTRIBUIDOR, distributor));
}

/** The administration users of the distributor profile, for the filter and the bulk assignment. */
export const listDistributors = (db: Db) =>
  db
    .select({ ADM_CODIGO: administradores.ADM_CODIGO, ADM_NOMBRE: administradores.ADM_NOMBRE, ADM_ACTIVO: administradores.ADM_ACTIVO })
    .from(administradores)
    .where(eq(administradores.PRF_CODIGO, PERFIL.distribuidor))
    .orderBy(asc(administradores.ADM_NOMBRE));

export async function isDistributorAccount(db: Executor, id: number) {
  const [row] = await db
    .select({ id: administradores.ADM_CODIGO })
    .from(administradores)
    .where(and(eq(administradores.ADM_CODIGO, id), eq(administradores.PRF_CODIGO, PERFIL.distribuidor)));
  return Boolean(row);
}

/** The companies with these ids the caller may see, locked until the transaction ends. */
export const lockCompanies = (tx: Tx, ids: number[], scope: SQL | undefined) =>
  tx
    .select({
      EMP_CODIGO: empresas.EMP_CODIGO,
      EMP_ACTIVO: empresas.EMP_ACTIVO,
      EMP_DISTRIBUIDOR: empresas.EMP_DISTRIBUIDOR,
    })
    .from(empresas)
    .where(and(inArray(empresas.EMP_CODIGO, ids), scope))
    .orderBy(asc(empresas.EMP_CODIGO))
    .for('update');

/** Changes companies' columns; their version goes up, so an edit of the page read before is refused as stale. */
export async function updateCompanies(
  tx: Tx,
  ids: number[],
  changes: Partial<Pick<typeof empresas.$inferInsert, 'EMP_ACTIVO' | 'EMP_DISTRIBUIDOR'>>,
) {
  if (!ids.length) return;
  await tx
    .update(empresas)
    .set({ ...changes, EMP_VERSION: sql`${empresas.EMP_VERSION} + 1`, EMP_ACTUALIZADO: new Date() })
    .where(inArray(empresas.EMP_CODIGO, ids));
}
