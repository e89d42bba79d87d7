import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { administradores, empresas, ingresos, usuarios } from '../../infra/db/schema';
import { paged, readPage, type ListQuery, type ListSpec, type PageRequest } from '../../core/list';
import type { Ingreso } from './contract';

const list: ListSpec<'ING_FECHA' | 'ING_CODIGO'> = {
  resource: 'ingresos',
  table: ingresos,
  // A log that only grows: pages are read by their keys (see ListSpec.key).
  key: ingresos.ING_CODIGO,
  // Entries are numbered as they happen, so the number orders them by date too.
  sort: { ING_FECHA: [ingresos.ING_CODIGO], ING_CODIGO: [ingresos.ING_CODIGO] },
  defaultSort: ['ING_FECHA', 'DESC'],
  filters: {},
  defaultRange: [0, 24],
};

/** The entries of a page with who entered which company as which user (also a company's accesses tab). */
export const ingresoPage = (db: Db, request: PageRequest) =>
  paged(
    db
      .select({
        ING_CODIGO: ingresos.ING_CODIGO,
        ING_FECHA: ingresos.ING_FECHA,
        ING_IP: ingresos.ING_IP,
        ADM_USUARIO: administradores.ADM_USUARIO,
        ADM_NOMBRE: administradores.ADM_NOMBRE,
        EMP_RUC: empresas.EMP_RUC,
        EMP_NOMBREC: empresas.EMP_NOMBREC,
        USU_USUARIO: usuarios.USU_USUARIO,
      })
      .from(ingresos)
      .innerJoin(administradores, eq(administradores.ADM_CODIGO, ingresos.ADM_CODIGO))
      .innerJoin(empresas, eq(empresas.EMP_CODIGO, ingresos.EMP_CODIGO))
      .innerJoin(usuarios, eq(usuarios.USU_CODIGO, ingresos.USU_CODIGO))
      .$dynamic(),
    request,
  );

export const ingresoRow = (r: Awaited<ReturnType<ReturnType<typeof ingresoPage>['execute']>>[number]): Ingreso => ({
  ...r,
  ING_FECHA: r.ING_FECHA.toISOString(),
});

export const listIngresos = (db: Db, query: ListQuery) => readPage(db, list, query, ingresoPage, ingresoRow);

/** Records that a distributor entered a company as one of its users. */
export async function recordIngreso(db: Db, entry: { ADM_CODIGO: number; EMP_CODIGO: number; USU_CODIGO: number; ING_IP: string }) {
  await db.insert(ingresos).values(entry);
}
