import type { Db } from '../../infra/db/client';
import type { CompanyActor } from '../../core/actor';
import { recordHistory } from '../../core/company-history';
import { nuevaClave } from '../../core/claves-api';
import { ALCANCES_CLAVE } from '../../../domain/integraciones';
import { found, HttpError } from '../../core/errors';
import { CLAVES_MSG, ClaveApiNueva, type ClaveApi, type ClaveApiCreada, type ClaveApiEdicion, type ClaveApiRevocada } from './contract';
import { findKey, insertKey, renameKey, revokeKey } from './repo';

/** The name as stored: spaces collapsed; blank is refused with the contract's message. */
function nombreDe(nombre: string): string {
  const limpio = nombre.trim().replace(/\s+/g, ' ');
  if (!limpio) throw new HttpError(400, (ClaveApiNueva.properties.CLA_NOMBRE as unknown as { errorMessage: string }).errorMessage);
  return limpio;
}

/** How the history names a key: its name and scopes, never the key. */
const describir = (clave: Pick<ClaveApi, 'CLA_NOMBRE' | 'CLA_ALCANCES'>) =>
  `Clave de API «${clave.CLA_NOMBRE}» (alcances: ${clave.CLA_ALCANCES.join(', ')})`;

/** A new key acting for the session's administrador: stored as its hash, answered this once. */
export async function createKey(db: Db, actor: CompanyActor, body: ClaveApiNueva): Promise<ClaveApiCreada> {
  const nombre = nombreDe(body.CLA_NOMBRE);
  // In the contract's order, however they were sent: every list and history line reads them alike.
  const alcances = ALCANCES_CLAVE.filter((a) => body.CLA_ALCANCES.includes(a));
  const { clave, prefijo, hash } = nuevaClave();
  const id = await db.transaction(async (tx) => {
    const codigo = await insertKey(tx, {
      EMP_CODIGO: actor.empresa,
      USU_CODIGO: actor.usuario,
      CLA_NOMBRE: nombre,
      CLA_PREFIJO: prefijo,
      CLA_HASH: hash,
      CLA_ALCANCES: alcances,
    });
    await recordHistory(tx, actor, {
      empresa: actor.empresa,
      accion: 'api',
      descripcion: `${describir({ CLA_NOMBRE: nombre, CLA_ALCANCES: alcances })} creada`,
      despues: { CLA_CODIGO: codigo, CLA_NOMBRE: nombre, CLA_PREFIJO: prefijo, CLA_ALCANCES: alcances },
    });
    return codigo;
  });
  return { ...(await findKey(db, actor.empresa, id))!, clave };
}

/** Another company's key, or a missing one: 404. */
export async function renameCompanyKey(db: Db, actor: CompanyActor, id: number, body: ClaveApiEdicion): Promise<ClaveApi> {
  const nombre = nombreDe(body.CLA_NOMBRE);
  await db.transaction(async (tx) => {
    const antes = found(await findKey(tx, actor.empresa, id, true));
    if (antes.CLA_NOMBRE === nombre) return;
    await renameKey(tx, id, nombre);
    await recordHistory(tx, actor, {
      empresa: actor.empresa,
      accion: 'api',
      descripcion: `${describir(antes)} renombrada «${nombre}»`,
      antes: { CLA_NOMBRE: antes.CLA_NOMBRE },
      despues: { CLA_NOMBRE: nombre },
    });
  });
  return (await findKey(db, actor.empresa, id))!;
}

/**
 * Revokes the key: the next request with it gets 401 on every instance (the guard reads the key each time). A key
 * already revoked stays so and says it; another company's is a 404.
 */
export async function revokeCompanyKey(db: Db, actor: CompanyActor, id: number): Promise<ClaveApiRevocada> {
  const revocada = await db.transaction(async (tx) => {
    const clave = found(await findKey(tx, actor.empresa, id, true));
    if (!(await revokeKey(tx, id))) return false;
    await recordHistory(tx, actor, { empresa: actor.empresa, accion: 'api', descripcion: `${describir(clave)} revocada` });
    return true;
  });
  return { msg: revocada ? CLAVES_MSG.revocada : CLAVES_MSG.yaRevocada, clave: (await findKey(db, actor.empresa, id))! };
}

export const visibleKey = async (db: Db, empresa: number, id: number) => found(await findKey(db, empresa, id));
