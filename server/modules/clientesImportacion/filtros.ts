import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { gruposCliente, tiposCliente, usuarios } from '../../infra/db/schema';
import { listConditions, readFilter, readSort, type ListQuery } from '../../core/list';
import { BANDERAS } from '../../../domain/clientes';
import { clientListSpec, clientQuery, SORTS, type ClientViewer } from '../clientes';
/**
 * The conditions and order of a report: GET /api/clientes's filter and sort (the same keys, 400 in Spanish when
 * invalid) within the caller's scope (the company, and a seller's own clients). Every order ends in a key unique within
 * the company, so that the report reads its rows in pages after the last one (keyset).
 */
export function reportConditions(viewer: ClientViewer, query: ListQuery) {
  const scoped = clientQuery(viewer, query);
  const { where } = listConditions(clientListSpec, scoped);
  const [field, direction] = readSort(clientListSpec, scoped);
  return { where, columns: SORTS[field] as AnyColumn[], descending: direction === 'DESC' };
}

/** The report's filters in words, for its heading ("Búsqueda «andrade» · Grupo: Mayoristas · Activos"). */
export async function describeFilters(db: Db, empresa: number, raw: string | undefined): Promise<string[]> {
  const filter = readFilter(raw);
  const words: string[] = [];
  const name = async (query: Promise<Array<{ nombre: string | null }>>) => (await query)[0]?.nombre ?? '—';
  if (typeof filter.q === 'string' && filter.q.trim()) words.push(`Búsqueda «${filter.q.trim()}»`);
  if (filter.TCL_CODIGO !== undefined && filter.TCL_CODIGO !== '')
    words.push(
      `Tipo: ${await name(
        db
          .select({ nombre: tiposCliente.TCL_NOMBRE })
          .from(tiposCliente)
          .where(eq(tiposCliente.TCL_CODIGO, Number(filter.TCL_CODIGO))),
      )}`,
    );
  if (filter.GCL_CODIGO !== undefined && filter.GCL_CODIGO !== '')
    words.push(
      `Grupo: ${await name(
        db
          .select({ nombre: gruposCliente.GCL_NOMBRE })
          .from(gruposCliente)
          .where(and(eq(gruposCliente.GCL_CODIGO, Number(filter.GCL_CODIGO)), eq(gruposCliente.EMP_CODIGO, empresa))),
      )}`,
    );
  if (filter.CLI_VENDEDOR !== undefined && filter.CLI_VENDEDOR !== '')
    words.push(
      `Vendedor: ${await name(
        db
          .select({ nombre: sql<string>`coalesce(${usuarios.USU_NOMBRE}, ${usuarios.USU_USUARIO})` })
          .from(usuarios)
          .where(and(eq(usuarios.USU_CODIGO, Number(filter.CLI_VENDEDOR)), eq(usuarios.COM_CODIGO, empresa))),
      )}`,
    );
  if (typeof filter.CLI_ACTIVO === 'boolean') words.push(filter.CLI_ACTIVO ? 'Activos' : 'Inactivos');
  if (typeof filter.bandera === 'string' && filter.bandera in BANDERAS)
    words.push(BANDERAS[filter.bandera as keyof typeof BANDERAS].etiqueta);
  if (Array.isArray(filter.id)) words.push(`${filter.id.length} clientes elegidos`);
  return words;
}
