import { and, eq, gt, gte, lt, lte, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { empresas, planesEmpresa } from '../../infra/db/schema';
import { HttpError } from '../../core/errors';
import { paged, readPage, type Bind, type ListQuery, type ListSpec, type PageRequest } from '../../core/list';
import { DIAS_AVISO_VENCIMIENTO } from '../../../domain/empresas';
import { esDia, hoyEcuador, sumarDias } from '../../../domain/fechas';
import { ESTADOS_PLAN, PLAN_CLASE, PLAN_CLASES, PLAN_TIPOS, type EstadoPlan } from '../../../domain/planes';
import { companySearch, distributorOf, type Viewer } from '../../core/companies';
import { selectSales, toPlanEmpresa } from './repo';

const pe = planesEmpresa;

/**
 * The companies a caller sees, as a condition on sales: a distributor's own companies (through the
 * empresas_distribuidor index), so another's sale is never listed; none for the provider's staff.
 */
export function salesScope(viewer: Viewer): SQL | undefined {
  const distributor = distributorOf(viewer);
  if (distributor === undefined) return undefined;
  return sql`${pe.EMP_CODIGO} IN (SELECT ${empresas.EMP_CODIGO} FROM ${empresas} WHERE ${empresas.EMP_DISTRIBUIDOR} = ${distributor})`;
}

/** An electronic plan whose documents are all used: only electronic plans are consumed (estadoPlan). */
const usedUp = and(eq(pe.PLANEMPRESA_CLASE, PLAN_CLASE.electronico), gte(pe.PLANEMPRESA_USADOS, pe.PLANEMPRESA_COMPROBANTES))!;

/** The sales in one state today in Ecuador (estadoPlan of domain/planes.ts, as conditions on dates and counts). */
function stateCondition(value: string, bind: Bind): SQL {
  const hoy = bind(hoyEcuador());
  const limite = bind(sumarDias(hoyEcuador(), DIAS_AVISO_VENCIMIENTO));
  const running = and(lte(pe.PLANEMPRESA_INICIO, hoy), gte(pe.PLANEMPRESA_CADUCA, hoy))!;
  switch (value as EstadoPlan) {
    case 'vencido':
      return lt(pe.PLANEMPRESA_CADUCA, hoy);
    case 'programado':
      return gt(pe.PLANEMPRESA_INICIO, hoy);
    case 'agotado':
      return and(running, usedUp)!;
    case 'por_vencer':
      return and(running, lte(pe.PLANEMPRESA_CADUCA, limite), not(usedUp))!;
    case 'vigente':
      return and(running, gt(pe.PLANEMPRESA_CADUCA, limite), not(usedUp))!;
    default:
      throw new HttpError(400, `El filtro estado debe ser ${ESTADOS_PLAN.join(', ')}`);
  }
}

/** A sale date filter: the day (YYYY-MM-DD) starts at midnight in Ecuador (UTC-5, no daylight saving). */
function dayStart(value: string, key: string, bind: Bind, next = 0) {
  if (!esDia(value)) throw new HttpError(400, `El filtro ${key} debe ser una fecha AAAA-MM-DD`);
  return bind(new Date(`${sumarDias(value, next)}T00:00:00-05:00`));
}

const SORTS = {
  PLANEMPRESA_ID: [pe.PLANEMPRESA_ID],
  PLANEMPRESA_FECHA: [pe.PLANEMPRESA_FECHA, pe.PLANEMPRESA_ID],
  PLANEMPRESA_CADUCA: [pe.PLANEMPRESA_CADUCA, pe.PLANEMPRESA_ID],
  PLANEMPRESA_PRECIO: [pe.PLANEMPRESA_PRECIO, pe.PLANEMPRESA_ID],
  id: [pe.PLANEMPRESA_ID],
};

/**
 * Every plan sold ("Planes vendidos"). The company search and the state are "search" filters: the list helper first
 * tests them on the most recent rows, then collects matches by their indexes (company RUC or name, then its sales).
 */
const spec: ListSpec<keyof typeof SORTS> = {
  resource: 'planesEmpresa',
  table: pe,
  key: pe.PLANEMPRESA_ID,
  sort: SORTS,
  defaultSort: ['PLANEMPRESA_ID', 'DESC'],
  filters: {
    q: {
      type: 'search',
      where: (text, bind) => sql`${pe.EMP_CODIGO} IN (SELECT ${empresas.EMP_CODIGO} FROM ${empresas} WHERE ${companySearch(text, bind)})`,
    },
    EMP_CODIGO: { type: 'integer', column: pe.EMP_CODIGO },
    PLAN_ID: { type: 'integer', column: pe.PLAN_ID },
    PLANEMPRESA_CLASE: { type: 'enum', column: pe.PLANEMPRESA_CLASE, values: PLAN_CLASES },
    PLANEMPRESA_TIPO: { type: 'enum', column: pe.PLANEMPRESA_TIPO, values: PLAN_TIPOS },
    estado: { type: 'search', where: stateCondition },
    desde: { type: 'search', where: (text, bind) => gte(pe.PLANEMPRESA_FECHA, dayStart(text, 'desde', bind)) },
    hasta: { type: 'search', where: (text, bind) => lt(pe.PLANEMPRESA_FECHA, dayStart(text, 'hasta', bind, 1)) },
    id: { type: 'ids', column: pe.PLANEMPRESA_ID },
  },
  defaultRange: [0, 24],
};

const salesPage = (db: Db, request: PageRequest) => paged(selectSales(db).$dynamic(), request);

/** A page of the sales of the companies the caller sees. */
export function listSales(db: Db, viewer: Viewer, query: ListQuery) {
  const hoy = hoyEcuador();
  return readPage(db, spec, query, salesPage, (row) => toPlanEmpresa(row, hoy), salesScope(viewer));
}
