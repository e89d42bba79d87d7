import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { keyedWrites } from '../../infra/db/keyed';
import { facturas, proveedores, recibidos } from '../../infra/db/schema';
import { prepared } from '../../infra/db/prepared';
import { busquedaTercero, filtroBandera } from '../../core/terceros';
import { escriturasTercero } from '../../core/terceros-repo';
import { consultaLista, SCOPE_EMPRESA, type ListSpec } from '../../core/list';
import { TIPOS_IDENTIFICACION_PROVEEDOR } from '../../../domain/proveedores';
import type { Banderas } from '../../../domain/clientes';
import type { Proveedor } from './contract';

/** A supplier as a received document names it (its issuer). */
export type ProveedorDocumento = {
  tipoIdentificacion: string;
  identificacion: string;
  razonSocial: string;
  nombreComercial?: string | null;
  direccion?: string | null;
};

/**
 * The company's supplier with this identification, added to the book when missing (a document received from someone
 * new): its id, and whether it was added. Concurrent imports of the same supplier end with one row (the unique index
 * decides, the loser reads the winner's).
 */
export async function asegurarProveedor(
  tx: Executor,
  empresa: number,
  p: ProveedorDocumento,
): Promise<{ PRV_CODIGO: number; nuevo: boolean }> {
  const [creado] = await tx
    .insert(proveedores)
    .values({
      EMP_CODIGO: empresa,
      PRV_TIPO_IDENTIFICACION: p.tipoIdentificacion,
      PRV_IDENTIFICACION: p.identificacion,
      PRV_RAZON_SOCIAL: p.razonSocial.slice(0, 300),
      PRV_NOMBRE_COMERCIAL: p.nombreComercial?.slice(0, 300) || null,
      PRV_DIRECCION: p.direccion?.slice(0, 300) || null,
    })
    .onConflictDoNothing({ target: [proveedores.EMP_CODIGO, proveedores.PRV_IDENTIFICACION] })
    .returning({ PRV_CODIGO: proveedores.PRV_CODIGO });
  if (creado) return { PRV_CODIGO: creado.PRV_CODIGO, nuevo: true };
  const [existente] = await tx
    .select({ PRV_CODIGO: proveedores.PRV_CODIGO })
    .from(proveedores)
    .where(sql`${proveedores.EMP_CODIGO} = ${empresa} AND ${proveedores.PRV_IDENTIFICACION} = ${p.identificacion}`);
  return { PRV_CODIGO: existente!.PRV_CODIGO, nuevo: false };
}

/** Who the supplier is and how to reach them: what the form's lookup answers from the book. */
const identityColumns = {
  PRV_CODIGO: proveedores.PRV_CODIGO,
  PRV_TIPO_IDENTIFICACION: proveedores.PRV_TIPO_IDENTIFICACION,
  PRV_IDENTIFICACION: proveedores.PRV_IDENTIFICACION,
  PRV_RAZON_SOCIAL: proveedores.PRV_RAZON_SOCIAL,
  PRV_NOMBRE_COMERCIAL: proveedores.PRV_NOMBRE_COMERCIAL,
  PRV_CORREOS: proveedores.PRV_CORREOS,
  PRV_TELEFONOS: proveedores.PRV_TELEFONOS,
  PRV_DIRECCION: proveedores.PRV_DIRECCION,
};

const columns = {
  ...identityColumns,
  PRV_CONTACTO: proveedores.PRV_CONTACTO,
  PRV_DIAS_CREDITO: proveedores.PRV_DIAS_CREDITO,
  PRV_ACTIVO: proveedores.PRV_ACTIVO,
  PRV_OBSERVACION: proveedores.PRV_OBSERVACION,
  PRV_BANDERAS: proveedores.PRV_BANDERAS,
  PRV_CREADO: proveedores.PRV_CREADO,
  PRV_ACTUALIZADO: proveedores.PRV_ACTUALIZADO,
};

const selectSuppliers = (db: Executor) => db.select(columns).from(proveedores);
type Row = Awaited<ReturnType<ReturnType<typeof selectSuppliers>['execute']>>[number];

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

const toProveedor = (row: Row): Proveedor => ({
  ...row,
  PRV_CORREOS: row.PRV_CORREOS ?? [],
  PRV_TELEFONOS: row.PRV_TELEFONOS ?? [],
  PRV_BANDERAS: (row.PRV_BANDERAS as Banderas | null) ?? null,
  PRV_CREADO: iso(row.PRV_CREADO),
  PRV_ACTUALIZADO: iso(row.PRV_ACTUALIZADO),
});

/** The search of the list and of the liquidaciones' supplier filter (busquedaTercero, as the clients'). */
export const supplierSearch = busquedaTercero(proveedores.PRV_IDENTIFICACION, proveedores.PRV_BUSQUEDA);

/** The list's orders; each ends in a key unique within a company. */
const SORTS = {
  PRV_CODIGO: [proveedores.PRV_CODIGO],
  PRV_RAZON_SOCIAL: [proveedores.PRV_RAZON_SOCIAL, proveedores.PRV_CODIGO],
  PRV_IDENTIFICACION: [proveedores.PRV_IDENTIFICACION],
  id: [proveedores.PRV_CODIGO],
} satisfies Record<string, AnyColumn[]>;

export const PUBLIC_FILTERS = ['q', 'PRV_ACTIVO', 'PRV_TIPO_IDENTIFICACION', 'bandera', 'id'] as const;

const supplierListSpec: ListSpec<keyof typeof SORTS> = {
  resource: 'proveedores',
  table: proveedores,
  key: proveedores.PRV_CODIGO,
  sort: SORTS,
  defaultSort: ['PRV_CODIGO', 'DESC'],
  filters: {
    q: { type: 'search', where: supplierSearch },
    PRV_ACTIVO: { type: 'boolean', column: proveedores.PRV_ACTIVO },
    PRV_TIPO_IDENTIFICACION: {
      type: 'enum',
      column: proveedores.PRV_TIPO_IDENTIFICACION,
      values: TIPOS_IDENTIFICACION_PROVEEDOR.map((t) => t.id),
    },
    bandera: { type: 'search', where: filtroBandera(proveedores.PRV_BANDERAS) },
    id: { type: 'ids', column: proveedores.PRV_CODIGO },
    // A company's suppliers: a search's window walks that company's most recent rows (index proveedores_empresa).
    [SCOPE_EMPRESA]: { type: 'integer', column: proveedores.EMP_CODIGO, partition: true },
  },
  defaultRange: [0, 24],
};

const lista = consultaLista({
  spec: supplierListSpec,
  filtros: PUBLIC_FILTERS,
  alcance: (empresa: number) => ({ [SCOPE_EMPRESA]: empresa }),
  seleccion: (db) => selectSuppliers(db).$dynamic(),
  fila: toProveedor,
});

export const listSuppliers = lista.listar;

/** Every supplier of the list's filter and order (the same 400s), `size` at a time, for the export. */
export const supplierBatches = lista.lotes;

/** The company's supplier by id; another company's is not found. */
export async function findSupplier(db: Executor, empresa: number, id: number): Promise<Proveedor | undefined> {
  const statement = prepared(db, 'proveedor_por_id', (d) =>
    selectSuppliers(d).where(
      and(eq(proveedores.PRV_CODIGO, sql.placeholder('id')), eq(proveedores.EMP_CODIGO, sql.placeholder('empresa'))),
    ),
  );
  const [row] = await statement.execute({ id, empresa });
  return row && toProveedor(row);
}

/** The company's supplier with this identification, as the form's lookup shows it. */
export async function supplierByIdentification(db: Executor, empresa: number, identificacion: string) {
  const [row] = await db
    .select(identityColumns)
    .from(proveedores)
    .where(and(eq(proveedores.EMP_CODIGO, empresa), eq(proveedores.PRV_IDENTIFICACION, identificacion)));
  return row && { ...row, PRV_CORREOS: row.PRV_CORREOS ?? [], PRV_TELEFONOS: row.PRV_TELEFONOS ?? [] };
}

export type ProveedorValores = Omit<typeof proveedores.$inferInsert, 'PRV_CODIGO' | 'PRV_BUSQUEDA'>;

export const { insert: insertSupplier } = keyedWrites(proveedores, proveedores.PRV_CODIGO);

export const { identificationTaken, update: updateSupplier } = escriturasTercero({
  tabla: proveedores,
  codigo: proveedores.PRV_CODIGO,
  empresa: proveedores.EMP_CODIGO,
  identificacion: proveedores.PRV_IDENTIFICACION,
  actualizado: 'PRV_ACTUALIZADO',
});

/** Whether a document names the supplier: a received one, or one the company issued to it (retención, liquidación). */
export async function hasDocuments(db: Executor, id: number) {
  const [recibido] = await db.select({ id: recibidos.REC_CODIGO }).from(recibidos).where(eq(recibidos.PRV_CODIGO, id)).limit(1);
  if (recibido) return true;
  const [emitido] = await db.select({ id: facturas.FAC_CODIGO }).from(facturas).where(eq(facturas.PRV_CODIGO, id)).limit(1);
  return Boolean(emitido);
}

/**
 * Deletes the company's supplier when no document names it (checked in the same statement, so a document saved in
 * between keeps it); false when nothing was deleted.
 */
export async function deleteSupplier(db: Executor, empresa: number, id: number) {
  const rows = await db
    .delete(proveedores)
    .where(
      and(
        eq(proveedores.PRV_CODIGO, id),
        eq(proveedores.EMP_CODIGO, empresa),
        sql`NOT EXISTS (SELECT 1 FROM ${recibidos} WHERE ${recibidos.PRV_CODIGO} = ${id})`,
        sql`NOT EXISTS (SELECT 1 FROM ${facturas} WHERE ${facturas.PRV_CODIGO} = ${id})`,
      ),
    )
    .returning({ id: proveedores.PRV_CODIGO });
  return rows.length > 0;
}

export const storeFlags = (db: Executor, empresa: number, id: number, banderas: Banderas) =>
  db
    .update(proveedores)
    .set({ PRV_BANDERAS: banderas })
    .where(and(eq(proveedores.PRV_CODIGO, id), eq(proveedores.EMP_CODIGO, empresa)));
