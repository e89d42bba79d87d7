import { and, count, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { keyedWrites } from '../../infra/db/keyed';
import { catalogo, facturasDetalles } from '../../infra/db/schema';
import { prepared } from '../../infra/db/prepared';
import {
  companyQuery,
  embed,
  escapeLike,
  listBatches,
  paged,
  readPage,
  SCOPE_EMPRESA,
  type Bind,
  type ListQuery,
  type ListSpec,
  type PageRequest,
} from '../../core/list';
import { TIPOS_PRODUCTO } from '../../../domain/catalogo';
import { TARIFAS_IVA } from '../../../domain/facturas/catalogos';
import type { Producto } from './contract';

const columns = {
  CAT_CODIGO: catalogo.CAT_CODIGO,
  CAT_PRINCIPAL: catalogo.CAT_PRINCIPAL,
  CAT_AUXILIAR: catalogo.CAT_AUXILIAR,
  CAT_DESCRIPCION: catalogo.CAT_DESCRIPCION,
  CAT_TIPO: catalogo.CAT_TIPO,
  CAT_PRECIO: catalogo.CAT_PRECIO,
  CAT_IVA: catalogo.CAT_IVA,
  CAT_ICE_CODIGO: catalogo.CAT_ICE_CODIGO,
  CAT_ICE_TARIFA: catalogo.CAT_ICE_TARIFA,
  CAT_ACTIVO: catalogo.CAT_ACTIVO,
  CAT_CREADO: catalogo.CAT_CREADO,
  CAT_ACTUALIZADO: catalogo.CAT_ACTUALIZADO,
};

const selectProducts = (db: Executor) => db.select(columns).from(catalogo);
type Row = Awaited<ReturnType<ReturnType<typeof selectProducts>['execute']>>[number];

/** numeric(p, decimals) as text with exactly that many decimals, whatever the driver hands back. */
const fixed = (value: unknown, decimals: number) => {
  const text = String(value ?? '0');
  return new RegExp(`^[0-9]+\\.[0-9]{${decimals}}$`).test(text) ? text : Number(text).toFixed(decimals);
};
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export const toProducto = (row: Row): Producto => ({
  ...row,
  CAT_PRECIO: fixed(row.CAT_PRECIO, 6),
  CAT_ICE_TARIFA: row.CAT_ICE_TARIFA === null ? null : fixed(row.CAT_ICE_TARIFA, 2),
  CAT_CREADO: iso(row.CAT_CREADO),
  CAT_ACTUALIZADO: iso(row.CAT_ACTUALIZADO),
});

/**
 * A part of the main or auxiliary code or of the description, in any case and without accents, through the trigram
 * index of CAT_BUSQUEDA (normalised by the same function, amelia_busqueda).
 */
export const productSearch = (text: string, bind: Bind = embed): SQL =>
  sql`${catalogo.CAT_BUSQUEDA} LIKE '%' || amelia_busqueda(${bind(escapeLike(text))}) || '%'`;

/** The list's orders; each ends in a key unique within a company. */
const SORTS = {
  CAT_CODIGO: [catalogo.CAT_CODIGO],
  CAT_DESCRIPCION: [catalogo.CAT_DESCRIPCION, catalogo.CAT_CODIGO],
  CAT_PRINCIPAL: [catalogo.CAT_PRINCIPAL, catalogo.CAT_CODIGO],
  id: [catalogo.CAT_CODIGO],
} satisfies Record<string, AnyColumn[]>;

export const PUBLIC_FILTERS = ['q', 'CAT_ACTIVO', 'CAT_IVA', 'CAT_TIPO', 'id'] as const;

export const productListSpec: ListSpec<keyof typeof SORTS> = {
  resource: 'catalogo',
  table: catalogo,
  key: catalogo.CAT_CODIGO,
  sort: SORTS,
  defaultSort: ['CAT_DESCRIPCION', 'ASC'],
  filters: {
    q: { type: 'search', where: productSearch },
    CAT_ACTIVO: { type: 'boolean', column: catalogo.CAT_ACTIVO },
    // Every code an invoice line may carry (older products keep a rate no longer offered).
    CAT_IVA: { type: 'enum', column: catalogo.CAT_IVA, values: TARIFAS_IVA.map((t) => t.codigo) },
    CAT_TIPO: { type: 'enum', column: catalogo.CAT_TIPO, values: TIPOS_PRODUCTO.map((t) => t.id) },
    id: { type: 'ids', column: catalogo.CAT_CODIGO },
    // A company's products: a search's window walks that company's rows (index catalogo_empresa).
    [SCOPE_EMPRESA]: { type: 'integer', column: catalogo.EMP_CODIGO, partition: true },
  },
  defaultRange: [0, 24],
};

const productQuery = companyQuery(PUBLIC_FILTERS);

const productPage = (db: Db, request: PageRequest) => paged(selectProducts(db).$dynamic(), request);

export const listProducts = (db: Db, empresa: number, query: ListQuery) =>
  readPage(db, productListSpec, productQuery(empresa, query), productPage, toProducto);

/** The company's product by id; another company's is not found. */
export async function findProduct(db: Executor, empresa: number, id: number): Promise<Producto | undefined> {
  const statement = prepared(db, 'catalogo_por_id', (d) =>
    selectProducts(d).where(and(eq(catalogo.CAT_CODIGO, sql.placeholder('id')), eq(catalogo.EMP_CODIGO, sql.placeholder('empresa')))),
  );
  const [row] = await statement.execute({ id, empresa });
  return row && toProducto(row);
}

/** Whether another product of the company has this main code, in any case. */
export async function principalTaken(db: Executor, empresa: number, principal: string, except?: number) {
  const [row] = await db
    .select({ id: catalogo.CAT_CODIGO })
    .from(catalogo)
    .where(and(eq(catalogo.EMP_CODIGO, empresa), sql`lower(${catalogo.CAT_PRINCIPAL}) = lower(${principal})`));
  return Boolean(row && row.id !== except);
}

export type ProductoValores = Omit<typeof catalogo.$inferInsert, 'CAT_CODIGO' | 'CAT_BUSQUEDA' | 'CAT_CREADO' | 'CAT_ACTUALIZADO'>;

export const { insert: insertProduct } = keyedWrites(catalogo, catalogo.CAT_CODIGO);

/** Updates the company's product; false when it has none with this id. */
export async function updateProduct(db: Executor, empresa: number, id: number, values: Partial<ProductoValores>) {
  const rows = await db
    .update(catalogo)
    .set({ ...values, CAT_ACTUALIZADO: new Date() })
    .where(and(eq(catalogo.CAT_CODIGO, id), eq(catalogo.EMP_CODIGO, empresa)))
    .returning({ id: catalogo.CAT_CODIGO });
  return rows.length > 0;
}

/**
 * Deletes the company's product unless an invoice line names it: 'borrado', 'usado' or 'ausente'. The row is locked
 * first (FOR UPDATE): an invoice line being saved with it holds a key-share lock on it until its transaction ends, so
 * the lines are counted after it and the foreign key's ON DELETE SET NULL never blanks a line silently.
 */
export function deleteProduct(db: Db, empresa: number, id: number): Promise<'borrado' | 'usado' | 'ausente'> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: catalogo.CAT_CODIGO })
      .from(catalogo)
      .where(and(eq(catalogo.CAT_CODIGO, id), eq(catalogo.EMP_CODIGO, empresa)))
      .for('update');
    if (!found) return 'ausente';
    const [used] = await tx.select({ n: count() }).from(facturasDetalles).where(eq(facturasDetalles.CAT_CODIGO, id));
    if (Number(used?.n ?? 0) > 0) return 'usado';
    await tx.delete(catalogo).where(eq(catalogo.CAT_CODIGO, id));
    return 'borrado';
  });
}

/** The company's products among `ids`, locked until the caller's transaction ends (a bulk action). */
export const lockProducts = (tx: Executor, empresa: number, ids: number[]) =>
  tx
    .select({ CAT_CODIGO: catalogo.CAT_CODIGO, CAT_ACTIVO: catalogo.CAT_ACTIVO })
    .from(catalogo)
    .where(and(inArray(catalogo.CAT_CODIGO, ids), eq(catalogo.EMP_CODIGO, empresa)))
    .for('update');

export const setProductsActive = (tx: Executor, ids: number[], activo: boolean) =>
  tx.update(catalogo).set({ CAT_ACTIVO: activo, CAT_ACTUALIZADO: new Date() }).where(inArray(catalogo.CAT_CODIGO, ids));

/** Every product of the list's filter and order (the same 400s), `size` at a time, for the export. */
export const productBatches = (db: Db, empresa: number, query: ListQuery, size: number) =>
  listBatches(
    productListSpec,
    productQuery(empresa, query),
    (where, orderBy, limit) =>
      selectProducts(db)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
    toProducto,
    size,
  );
