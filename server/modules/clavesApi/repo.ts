import { and, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { clavesApi, empresasHistorial, usuarios } from '../../infra/db/schema';
import { consultaLista, escapeLike, SCOPE_EMPRESA, type Bind, type ListSpec } from '../../core/list';
import type { ActividadClave, ClaveApi } from './contract';

/** What the screens read of a key: never its hash (nor the key, which is not stored). */
const columns = {
  CLA_CODIGO: clavesApi.CLA_CODIGO,
  CLA_NOMBRE: clavesApi.CLA_NOMBRE,
  CLA_PREFIJO: clavesApi.CLA_PREFIJO,
  CLA_ALCANCES: clavesApi.CLA_ALCANCES,
  CLA_CREADA: clavesApi.CLA_CREADA,
  CLA_ULTIMO_USO: clavesApi.CLA_ULTIMO_USO,
  CLA_REVOCADA: clavesApi.CLA_REVOCADA,
  USU_CODIGO: clavesApi.USU_CODIGO,
  USU_USUARIO: usuarios.USU_USUARIO,
};

const selectKeys = (db: Executor) => db.select(columns).from(clavesApi).innerJoin(usuarios, eq(usuarios.USU_CODIGO, clavesApi.USU_CODIGO));
type Row = Awaited<ReturnType<ReturnType<typeof selectKeys>['execute']>>[number];

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

const toClaveApi = (row: Row): ClaveApi => ({
  ...row,
  CLA_CREADA: iso(row.CLA_CREADA),
  CLA_ULTIMO_USO: isoOrNull(row.CLA_ULTIMO_USO),
  CLA_REVOCADA: isoOrNull(row.CLA_REVOCADA),
});

/** Part of the name or of the prefix, in any case. */
const keySearch = (text: string, bind: Bind): SQL => {
  const pattern = bind(`%${escapeLike(text)}%`);
  return sql`(${clavesApi.CLA_NOMBRE} ILIKE ${pattern} OR ${clavesApi.CLA_PREFIJO} ILIKE ${pattern})`;
};

/** Each order ends in the key, unique within a company. */
const SORTS = {
  CLA_CODIGO: [clavesApi.CLA_CODIGO],
  CLA_NOMBRE: [clavesApi.CLA_NOMBRE, clavesApi.CLA_CODIGO],
  CLA_ULTIMO_USO: [clavesApi.CLA_ULTIMO_USO, clavesApi.CLA_CODIGO],
  id: [clavesApi.CLA_CODIGO],
} satisfies Record<string, AnyColumn[]>;

const PUBLIC_FILTERS = ['q', 'revocada', 'id'] as const;

const keyListSpec: ListSpec<keyof typeof SORTS> = {
  resource: 'clavesApi',
  table: clavesApi,
  key: clavesApi.CLA_CODIGO,
  sort: SORTS,
  defaultSort: ['CLA_CODIGO', 'DESC'],
  filters: {
    q: { type: 'search', where: keySearch },
    // Whether it is revoked: the list filters a boolean, the table keeps when (a boolean filter on the expression).
    revocada: { type: 'boolean', column: sql<boolean>`(${clavesApi.CLA_REVOCADA} IS NOT NULL)` as unknown as AnyColumn },
    id: { type: 'ids', column: clavesApi.CLA_CODIGO },
    [SCOPE_EMPRESA]: { type: 'integer', column: clavesApi.EMP_CODIGO, partition: true },
  },
  defaultRange: [0, 24],
};

export const listKeys = consultaLista({
  spec: keyListSpec,
  filtros: PUBLIC_FILTERS,
  alcance: (empresa: number) => ({ [SCOPE_EMPRESA]: empresa }),
  seleccion: (db) => selectKeys(db).$dynamic(),
  fila: toClaveApi,
}).listar;

/** The company's key by id (another company's is not found), optionally locked until the transaction ends. */
export async function findKey(db: Executor, empresa: number, id: number, lock = false): Promise<ClaveApi | undefined> {
  const query = selectKeys(db).where(and(eq(clavesApi.CLA_CODIGO, id), eq(clavesApi.EMP_CODIGO, empresa)));
  const [row] = lock ? await query.for('update', { of: clavesApi }) : await query;
  return row && toClaveApi(row);
}

export async function insertKey(db: Executor, values: typeof clavesApi.$inferInsert): Promise<number> {
  const [row] = await db.insert(clavesApi).values(values).returning({ id: clavesApi.CLA_CODIGO });
  return row.id;
}

export async function renameKey(db: Executor, id: number, nombre: string) {
  await db.update(clavesApi).set({ CLA_NOMBRE: nombre }).where(eq(clavesApi.CLA_CODIGO, id));
}

/** Revokes the key unless it already is; whether this call revoked it. */
export async function revokeKey(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(clavesApi)
    .set({ CLA_REVOCADA: sql`now()` })
    .where(and(eq(clavesApi.CLA_CODIGO, id), isNull(clavesApi.CLA_REVOCADA)))
    .returning({ id: clavesApi.CLA_CODIGO });
  return rows.length > 0;
}

const SCOPE_CLAVE = '_clave';

/** The history lines a key made, newest first: one key's lines are an index range (empresas_historial_clave). */
const activitySpec: ListSpec<'HIS_ID'> = {
  resource: 'actividad',
  table: empresasHistorial,
  key: empresasHistorial.HIS_ID,
  sort: { HIS_ID: [empresasHistorial.HIS_ID] },
  defaultSort: ['HIS_ID', 'DESC'],
  filters: {
    q: { type: 'search', where: (text, bind) => sql`${empresasHistorial.HIS_DESCRIPCION} ILIKE ${bind(`%${escapeLike(text)}%`)}` },
    [SCOPE_CLAVE]: { type: 'integer', column: empresasHistorial.CLA_CODIGO, partition: true },
    [SCOPE_EMPRESA]: { type: 'integer', column: empresasHistorial.EMP_CODIGO },
  },
  defaultRange: [0, 24],
};

export const keyActivity = consultaLista({
  spec: activitySpec,
  filtros: ['q'],
  alcance: ({ empresa, clave }: { empresa: number; clave: number }) => ({ [SCOPE_EMPRESA]: empresa, [SCOPE_CLAVE]: clave }),
  seleccion: (db) =>
    db
      .select({
        HIS_ID: empresasHistorial.HIS_ID,
        HIS_FECHA: empresasHistorial.HIS_FECHA,
        HIS_ACCION: empresasHistorial.HIS_ACCION,
        HIS_DESCRIPCION: empresasHistorial.HIS_DESCRIPCION,
      })
      .from(empresasHistorial)
      .$dynamic(),
  fila: (row: Omit<ActividadClave, 'HIS_FECHA'> & { HIS_FECHA: Date | string }): ActividadClave => ({
    ...row,
    HIS_FECHA: iso(row.HIS_FECHA),
  }),
}).listar;
