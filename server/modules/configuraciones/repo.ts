import { eq } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../infra/db/client';
import { archivos, configuraciones } from '../../infra/db/schema';
import { contains, readPage, tablePage, type ListQuery, type ListSpec } from '../../core/list';
import { recordAudit } from '../../core/audit';
import type { AdminActor } from '../../core/actor';
import { found, HttpError } from '../../core/errors';
import type { Release } from '../../infra/files';
import { isEmail } from '../../../domain/identifiers';
import { MSG } from '../../../domain/messages';
import { SETTING_POSITION, VALUE_KEYS, type ValueKey } from '../../../domain/configuraciones';
import { checkSettingValue, settingField, uploadedImageId } from '../../../domain/configuraciones-valores';
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

export async function findConfiguracion(db: Executor, codigo: number) {
  const [row] = await db.select().from(configuraciones).where(eq(configuraciones.CON_CODIGO, codigo));
  return row;
}

/** The setting, locked until the transaction ends; 404 when there is none. */
async function lockConfiguracion(tx: Tx, codigo: number) {
  const [row] = await tx.select().from(configuraciones).where(eq(configuraciones.CON_CODIGO, codigo)).for('update');
  return found(row, MSG.settingNotFound);
}

/** Who owns an uploaded setting image in `archivos`: the setting and its value. */
export const imageOwner = (codigo: number, key: ValueKey) => `configuracion:${codigo}:${key}`;
export const IMAGE_OWNER_PREFIX = 'configuracion:';

/** Releases the uploaded image a value pointed at, when it is one (a setting's file: never another record's). */
async function releaseImage(tx: Tx, release: Release, value: string | null) {
  const id = uploadedImageId(value);
  if (!id) return;
  const [file] = await tx.select({ owner: archivos.ARC_PROPIETARIO }).from(archivos).where(eq(archivos.ARC_ID, id));
  if (file?.owner?.startsWith(IMAGE_OWNER_PREFIX)) await release(id);
}

type Row = NonNullable<Awaited<ReturnType<typeof findConfiguracion>>>;

/**
 * Applies the given values (a missing key keeps its value, null clears it), each checked by what it means
 * (domain/configuraciones.ts); only values that change are checked, so an old value the form does not touch never
 * blocks a save. Records the changed values, before and after, in the audit log; an uploaded image a value no longer
 * points at is removed. 404 when there is no such setting, 400 with the field's label when a value is refused.
 */
export async function updateConfiguracion(tx: Tx, actor: AdminActor, release: Release, { CON_CODIGO, ...changes }: ConfiguracionCambio) {
  const before = await lockConfiguracion(tx, CON_CODIGO);
  const set: Partial<Row> = {};
  if (changes.CON_NOMBRE !== undefined && changes.CON_NOMBRE !== before.CON_NOMBRE) set.CON_NOMBRE = changes.CON_NOMBRE;
  for (const key of VALUE_KEYS) {
    const raw = changes[key];
    if (raw === undefined || raw === before[key]) continue;
    const checked = checkSettingValue(settingField(CON_CODIGO, key), raw);
    if ('error' in checked) throw new HttpError(400, checked.error);
    if (checked.value !== before[key]) set[key] = checked.value;
  }
  const changed = Object.keys(set) as Array<keyof typeof set>;
  if (!changed.length) return before;
  const [row] = await tx.update(configuraciones).set(set).where(eq(configuraciones.CON_CODIGO, CON_CODIGO)).returning();
  for (const key of VALUE_KEYS) if (key in set) await releaseImage(tx, release, before[key]);
  await recordAudit(tx, actor, {
    recurso: 'configuraciones',
    registro: CON_CODIGO,
    accion: 'edicion',
    antes: Object.fromEntries(changed.map((k) => [k, before[k]])),
    despues: Object.fromEntries(changed.map((k) => [k, row[k]])),
  });
  return row;
}

/** Points an image value at a newly stored file, removes the one it replaces and records the change. */
export async function setConfiguracionImage(tx: Tx, actor: AdminActor, release: Release, codigo: number, key: ValueKey, url: string) {
  const before = await lockConfiguracion(tx, codigo);
  const [row] = await tx
    .update(configuraciones)
    .set({ [key]: url })
    .where(eq(configuraciones.CON_CODIGO, codigo))
    .returning();
  await releaseImage(tx, release, before[key]);
  await recordAudit(tx, actor, {
    recurso: 'configuraciones',
    registro: codigo,
    accion: 'imagen',
    antes: { [key]: before[key] },
    despues: { [key]: url },
  });
  return row;
}

/** The support team's address (CON_VALOR1 of the support-address setting), or null when unset or not an address. */
export async function supportAddress(db: Db): Promise<string | null> {
  const value = (await findConfiguracion(db, SETTING_POSITION.supportAddress))?.CON_VALOR1?.trim();
  return value && isEmail(value) ? value : null;
}
