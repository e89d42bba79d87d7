import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { keyedWrites } from '../../infra/db/keyed';
import { facturas, transportistas } from '../../infra/db/schema';
import { prepared } from '../../infra/db/prepared';
import { busquedaTercero } from '../../core/terceros';
import { escriturasTercero } from '../../core/terceros-repo';
import { consultaLista, SCOPE_EMPRESA, type ListSpec } from '../../core/list';
import { TIPOS_IDENTIFICACION_TRANSPORTISTA } from '../../../domain/transportistas';
import type { Transportista } from './contract';

/** Who the carrier is and how to reach them: what the form's lookup answers from the book. */
const identityColumns = {
  TRA_CODIGO: transportistas.TRA_CODIGO,
  TRA_TIPO_IDENTIFICACION: transportistas.TRA_TIPO_IDENTIFICACION,
  TRA_IDENTIFICACION: transportistas.TRA_IDENTIFICACION,
  TRA_RAZON_SOCIAL: transportistas.TRA_RAZON_SOCIAL,
  TRA_CORREOS: transportistas.TRA_CORREOS,
  TRA_TELEFONOS: transportistas.TRA_TELEFONOS,
  TRA_DIRECCION: transportistas.TRA_DIRECCION,
};

const columns = {
  ...identityColumns,
  TRA_PLACA: transportistas.TRA_PLACA,
  TRA_ACTIVO: transportistas.TRA_ACTIVO,
  TRA_OBSERVACION: transportistas.TRA_OBSERVACION,
  TRA_CREADO: transportistas.TRA_CREADO,
  TRA_ACTUALIZADO: transportistas.TRA_ACTUALIZADO,
};

const selectCarriers = (db: Executor) => db.select(columns).from(transportistas);
type Row = Awaited<ReturnType<ReturnType<typeof selectCarriers>['execute']>>[number];

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

const toTransportista = (row: Row): Transportista => ({
  ...row,
  TRA_CORREOS: row.TRA_CORREOS ?? [],
  TRA_TELEFONOS: row.TRA_TELEFONOS ?? [],
  TRA_CREADO: iso(row.TRA_CREADO),
  TRA_ACTUALIZADO: iso(row.TRA_ACTUALIZADO),
});

/** The list's orders; each ends in a key unique within a company. */
const SORTS = {
  TRA_CODIGO: [transportistas.TRA_CODIGO],
  TRA_RAZON_SOCIAL: [transportistas.TRA_RAZON_SOCIAL, transportistas.TRA_CODIGO],
  TRA_IDENTIFICACION: [transportistas.TRA_IDENTIFICACION],
  TRA_PLACA: [transportistas.TRA_PLACA, transportistas.TRA_CODIGO],
  id: [transportistas.TRA_CODIGO],
} satisfies Record<string, AnyColumn[]>;

export const PUBLIC_FILTERS = ['q', 'TRA_ACTIVO', 'TRA_TIPO_IDENTIFICACION', 'id'] as const;

const carrierListSpec: ListSpec<keyof typeof SORTS> = {
  resource: 'transportistas',
  table: transportistas,
  key: transportistas.TRA_CODIGO,
  sort: SORTS,
  defaultSort: ['TRA_CODIGO', 'DESC'],
  filters: {
    // Identification, names or plate (the busqueda column indexes the three), as the clients' and suppliers' search.
    q: { type: 'search', where: busquedaTercero(transportistas.TRA_IDENTIFICACION, transportistas.TRA_BUSQUEDA) },
    TRA_ACTIVO: { type: 'boolean', column: transportistas.TRA_ACTIVO },
    TRA_TIPO_IDENTIFICACION: {
      type: 'enum',
      column: transportistas.TRA_TIPO_IDENTIFICACION,
      values: TIPOS_IDENTIFICACION_TRANSPORTISTA.map((t) => t.id),
    },
    id: { type: 'ids', column: transportistas.TRA_CODIGO },
    // A company's carriers: a search's window walks that company's most recent rows (index transportistas_empresa).
    [SCOPE_EMPRESA]: { type: 'integer', column: transportistas.EMP_CODIGO, partition: true },
  },
  defaultRange: [0, 24],
};

const lista = consultaLista({
  spec: carrierListSpec,
  filtros: PUBLIC_FILTERS,
  alcance: (empresa: number) => ({ [SCOPE_EMPRESA]: empresa }),
  seleccion: (db) => selectCarriers(db).$dynamic(),
  fila: toTransportista,
});

export const listCarriers = lista.listar;

/** Every carrier of the list's filter and order (the same 400s), `size` at a time, for the export. */
export const carrierBatches = lista.lotes;

/** The company's carrier by id; another company's is not found. */
export async function findCarrier(db: Executor, empresa: number, id: number): Promise<Transportista | undefined> {
  const statement = prepared(db, 'transportista_por_id', (d) =>
    selectCarriers(d).where(
      and(eq(transportistas.TRA_CODIGO, sql.placeholder('id')), eq(transportistas.EMP_CODIGO, sql.placeholder('empresa'))),
    ),
  );
  const [row] = await statement.execute({ id, empresa });
  return row && toTransportista(row);
}

/** The company's carrier with this identification, as the form's lookup shows it. */
export async function carrierByIdentification(db: Executor, empresa: number, identificacion: string) {
  const [row] = await db
    .select(identityColumns)
    .from(transportistas)
    .where(and(eq(transportistas.EMP_CODIGO, empresa), eq(transportistas.TRA_IDENTIFICACION, identificacion)));
  return row && { ...row, TRA_CORREOS: row.TRA_CORREOS ?? [], TRA_TELEFONOS: row.TRA_TELEFONOS ?? [] };
}

export type TransportistaValores = Omit<typeof transportistas.$inferInsert, 'TRA_CODIGO' | 'TRA_BUSQUEDA'>;

export const { insert: insertCarrier } = keyedWrites(transportistas, transportistas.TRA_CODIGO);

export const { identificationTaken, update: updateCarrier } = escriturasTercero({
  tabla: transportistas,
  codigo: transportistas.TRA_CODIGO,
  empresa: transportistas.EMP_CODIGO,
  identificacion: transportistas.TRA_IDENTIFICACION,
  actualizado: 'TRA_ACTUALIZADO',
});

/** Whether a guía de remisión (a draft too) names the carrier. */
export async function hasGuias(db: Executor, id: number) {
  const [guia] = await db.select({ id: facturas.FAC_CODIGO }).from(facturas).where(eq(facturas.TRA_CODIGO, id)).limit(1);
  return Boolean(guia);
}

/**
 * Deletes the company's carrier when no guía names it (checked in the same statement, so a guía saved in between keeps
 * it); false when nothing was deleted.
 */
export async function deleteCarrier(db: Executor, empresa: number, id: number) {
  const rows = await db
    .delete(transportistas)
    .where(
      and(
        eq(transportistas.TRA_CODIGO, id),
        eq(transportistas.EMP_CODIGO, empresa),
        sql`NOT EXISTS (SELECT 1 FROM ${facturas} WHERE ${facturas.TRA_CODIGO} = ${id})`,
      ),
    )
    .returning({ id: transportistas.TRA_CODIGO });
  return rows.length > 0;
}
