import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { configuraciones } from '../../infra/db/schema';
import { contains, readPage, tablePage, type ListQuery, type ListSpec } from '../../core/list';
import { isEmail } from '../../../src/domain/constants';
import { SETTING_POSITION } from '../../../src/domain/configuraciones';
import type { ConfiguracionCambio } from './contract';

const list: ListSpec<'CON_CODIGO' | 'CON_NOMBRE' | 'id'> = {
  resource: 'configuraciones',
  table: configuraciones,
  sort: {
    CON_CODIGO: [configuraciones.CON_CODIGO],
    CON_NOMBRE: [configuraciones.CON_NOMBRE, configuraciones.CON_CODIGO],
    id: [configuraciones.CON_CODIGO],
  },
  defaultSort: ['CON_CODIGO', 'ASC'],
  filters: {
    q: { type: 'search', where: (text, bind) => contains(configuraciones.CON_NOMBRE, text, bind) },
    id: { type: 'ids', column: configuraciones.CON_CODIGO },
  },
  // Without a range the answer is the whole list in CON_CODIGO order: clients read it by position.
  defaultRange: 'all',
};

const page = tablePage(configuraciones);

export const listConfiguraciones = (db: Db, query: ListQuery) => readPage(db, list, query, page, (row) => row);

export async function findConfiguracion(db: Db, codigo: number) {
  const [row] = await db.select().from(configuraciones).where(eq(configuraciones.CON_CODIGO, codigo));
  return row;
}

/** Applies the given values (a missing key keeps its value, null clears it); undefined when there is no such setting. */
export async function updateConfiguracion(db: Db, { CON_CODIGO, ...changes }: ConfiguracionCambio) {
  if (!Object.keys(changes).length) return findConfiguracion(db, CON_CODIGO);
  const [row] = await db.update(configuraciones).set(changes).where(eq(configuraciones.CON_CODIGO, CON_CODIGO)).returning();
  return row;
}

/** The support team's address (CON_VALOR1 of the support-address setting), or null when unset or not an address. */
export async function supportAddress(db: Db): Promise<string | null> {
  const value = (await findConfiguracion(db, SETTING_POSITION.supportAddress))?.CON_VALOR1?.trim();
  return value && isEmail(value) ? value : null;
}
