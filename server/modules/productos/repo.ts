import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../infra/db/errors';
import { productos } from '../../infra/db/schema';
import { contains, readPage, tablePage, type ListQuery, type ListSpec } from '../../core/list';
import type { Producto, ProductoDatos } from './contract';

const list: ListSpec<'PROD_ID' | 'PROD_NOMBRE' | 'id'> = {
  resource: 'productos',
  table: productos,
  sort: { PROD_ID: [productos.PROD_ID], PROD_NOMBRE: [productos.PROD_NOMBRE], id: [productos.PROD_ID] },
  defaultSort: ['PROD_ID', 'ASC'],
  filters: {
    q: { type: 'search', where: (text, bind) => contains(productos.PROD_NOMBRE, text, bind) },
    PROD_ACTIVO: { type: 'boolean', column: productos.PROD_ACTIVO },
    id: { type: 'ids', column: productos.PROD_ID },
  },
  defaultRange: [0, 24],
};

/** Every product, active or not, a page at a time (administration). */
const page = tablePage(productos);

export const listProductos = (db: Db, query: ListQuery) => readPage(db, list, query, page, (row) => row);

/** The public catalogue: active products in PROD_ID order. */
export function activeProductos(db: Db) {
  return db
    .select({ PROD_ID: productos.PROD_ID, PROD_NOMBRE: productos.PROD_NOMBRE })
    .from(productos)
    .where(eq(productos.PROD_ACTIVO, true))
    .orderBy(asc(productos.PROD_ID));
}

export async function findProducto(db: Db, id: number) {
  const [row] = await db.select().from(productos).where(eq(productos.PROD_ID, id));
  return row;
}

/** Whether another product already has this name, ignoring case. */
export async function isNameTaken(db: Db, name: string, except?: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: productos.PROD_ID })
    .from(productos)
    .where(and(eq(sql`lower(${productos.PROD_NOMBRE})`, name.toLowerCase()), except ? ne(productos.PROD_ID, except) : undefined));
  return Boolean(taken);
}

/** Runs a write on one product: its row, 'refused' when the database's rule refuses it, undefined when there is no such product. */
async function writeOne(refusal: (error: unknown) => boolean, write: () => Promise<Producto[]>): Promise<Producto | 'refused' | undefined> {
  try {
    return (await write())[0];
  } catch (error) {
    if (refusal(error)) return 'refused';
    throw error;
  }
}

/** 'refused' when another product took the name meanwhile (the unique index on the lower-case name). */
export const insertProducto = (db: Db, values: ProductoDatos) =>
  writeOne(isUniqueViolation, () => db.insert(productos).values(values).returning());

export const updateProducto = (db: Db, id: number, values: ProductoDatos) =>
  writeOne(isUniqueViolation, () => db.update(productos).set(values).where(eq(productos.PROD_ID, id)).returning());

/** 'refused' when tickets refer to the product. */
export const deleteProducto = (db: Db, id: number) =>
  writeOne(isForeignKeyViolation, () => db.delete(productos).where(eq(productos.PROD_ID, id)).returning());
