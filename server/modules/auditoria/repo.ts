import { eq, gte, lt, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { administradores, auditoria } from '../../infra/db/schema';
import { HttpError } from '../../core/errors';
import { paged, readPage, type Bind, type ListQuery, type ListSpec, type PageRequest } from '../../core/list';
import { esDia, sumarDias } from '../../../domain/fechas';
import type { AuditoriaDetalle, AuditoriaFila } from './contract';

const au = auditoria;

/** A date filter: the day (YYYY-MM-DD) starts at midnight in Ecuador (UTC-5, no daylight saving). */
function dayStart(value: string, key: string, bind: Bind, next = 0) {
  if (!esDia(value)) throw new HttpError(400, `El filtro ${key} debe ser una fecha AAAA-MM-DD`);
  return bind(new Date(`${sumarDias(value, next)}T00:00:00-05:00`));
}

/** An exact text value (resource, action, record id). */
const exact = (column: AnyColumn) => ({
  type: 'search' as const,
  where: (text: string, bind: Bind) => eq(column, bind(text)),
});

// Newest first by date, then number: the changes of one transaction share its timestamp. The indexes (AUD_FECHA),
// (AUD_RECURSO, AUD_FECHA) and (ADM_CODIGO, AUD_FECHA) serve the order with and without those filters.
const SORTS = {
  AUD_FECHA: [au.AUD_FECHA, au.AUD_ID],
  AUD_ID: [au.AUD_ID],
  AUD_USUARIO: [au.AUD_USUARIO, au.AUD_FECHA, au.AUD_ID],
  AUD_RECURSO: [au.AUD_RECURSO, au.AUD_FECHA, au.AUD_ID],
  AUD_ACCION: [au.AUD_ACCION, au.AUD_FECHA, au.AUD_ID],
  id: [au.AUD_ID],
};

const spec: ListSpec<keyof typeof SORTS> = {
  resource: 'auditoria',
  table: au,
  sort: SORTS,
  defaultSort: ['AUD_FECHA', 'DESC'],
  filters: {
    ADM_CODIGO: { type: 'integer', column: au.ADM_CODIGO },
    AUD_RECURSO: exact(au.AUD_RECURSO),
    AUD_ACCION: exact(au.AUD_ACCION),
    AUD_REGISTRO: exact(au.AUD_REGISTRO),
    desde: { type: 'search', where: (text, bind) => gte(au.AUD_FECHA, dayStart(text, 'desde', bind)) },
    hasta: { type: 'search', where: (text, bind) => lt(au.AUD_FECHA, dayStart(text, 'hasta', bind, 1)) },
    id: { type: 'ids', column: au.AUD_ID },
  },
  defaultRange: [0, 24],
};

const columns = {
  AUD_ID: au.AUD_ID,
  AUD_FECHA: au.AUD_FECHA,
  ADM_CODIGO: au.ADM_CODIGO,
  AUD_USUARIO: au.AUD_USUARIO,
  ADM_NOMBRE: administradores.ADM_NOMBRE,
  AUD_RECURSO: au.AUD_RECURSO,
  AUD_REGISTRO: au.AUD_REGISTRO,
  AUD_ACCION: au.AUD_ACCION,
  AUD_ANTES: au.AUD_ANTES,
  AUD_DESPUES: au.AUD_DESPUES,
};

const select = (db: Db) => db.select(columns).from(au).leftJoin(administradores, eq(administradores.ADM_CODIGO, au.ADM_CODIGO));

const auditPage = (db: Db, request: PageRequest) => paged(select(db).$dynamic(), request);

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
type Values = Record<string, unknown> | null;

const toDetail = (row: Row): AuditoriaDetalle => {
  const antes = (row.AUD_ANTES ?? null) as Values;
  const despues = (row.AUD_DESPUES ?? null) as Values;
  return {
    ...row,
    AUD_FECHA: row.AUD_FECHA.toISOString(),
    AUD_ANTES: antes,
    AUD_DESPUES: despues,
    CAMPOS: [...new Set([...Object.keys(antes ?? {}), ...Object.keys(despues ?? {})])],
  };
};

const toRow = (row: Row): AuditoriaFila => {
  const { AUD_ANTES: _antes, AUD_DESPUES: _despues, ...rest } = toDetail(row);
  return rest;
};

/** A page of the audit log, newest first by default. */
export const listAuditoria = (db: Db, query: ListQuery) => readPage(db, spec, query, auditPage, toRow);

export async function findAuditoria(db: Db, id: number): Promise<AuditoriaDetalle | undefined> {
  const [row] = await select(db).where(eq(au.AUD_ID, id));
  return row && toDetail(row);
}
