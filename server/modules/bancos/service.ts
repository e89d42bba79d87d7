import type { Db } from '../../infra/db/client';
import { found, HttpError } from '../../core/errors';
import { editAction, recordAudit, recordDeactivation } from '../../core/audit';
import { changedFields } from '../../core/company-history';
import type { AdminActor } from '../../core/actor';
import { BANCO_MSG } from '../../../domain/bancos';
import type { BancoAdmin, BancoDatos } from './contract';
import { deleteBank, findBank, insertBank, isAccountTaken, updateBank, type BancoValores } from './repo';

const RECURSO = 'bancos';

/** The body as stored: the name trimmed (400 when blank); BAN_ACTIVO left out keeps its value on an edit. */
function stored(body: BancoDatos): Partial<BancoValores> & Omit<BancoValores, 'BAN_ACTIVO'> {
  const name = body.BAN_NOMBRE.trim();
  if (!name) throw new HttpError(400, BANCO_MSG.nameRequired);
  return {
    BAN_NOMBRE: name,
    BAN_TIPO_CUENTA: body.BAN_TIPO_CUENTA,
    BAN_NUMERO: body.BAN_NUMERO,
    ...(body.BAN_ACTIVO !== undefined ? { BAN_ACTIVO: body.BAN_ACTIVO } : {}),
  };
}

export async function createBank(db: Db, actor: AdminActor, body: BancoDatos): Promise<BancoAdmin> {
  const values = stored(body);
  if (await isAccountTaken(db, values.BAN_NOMBRE, values.BAN_NUMERO)) throw new HttpError(409, BANCO_MSG.accountTaken);
  return db.transaction(async (tx) => {
    const row: BancoValores = { BAN_ACTIVO: true, ...values };
    const id = await insertBank(tx, row);
    await recordAudit(tx, actor, { recurso: RECURSO, registro: id, accion: 'creacion', despues: row });
    return (await findBank(tx, id))!;
  });
}

/** Undefined when there is no such account. */
export async function editBank(db: Db, actor: AdminActor, id: number, body: BancoDatos): Promise<BancoAdmin | undefined> {
  const values = stored(body);
  if (await isAccountTaken(db, values.BAN_NOMBRE, values.BAN_NUMERO, id)) throw new HttpError(409, BANCO_MSG.accountTaken);
  return db.transaction(async (tx) => {
    const before = await findBank(tx, id, true);
    if (!before) return undefined;
    const { antes, despues, changed } = changedFields<Record<string, unknown>>(before, values);
    if (changed.length) {
      await updateBank(tx, id, despues);
      await recordAudit(tx, actor, { recurso: RECURSO, registro: id, accion: editAction(changed, despues, 'BAN_ACTIVO'), antes, despues });
    }
    return (await findBank(tx, id))!;
  });
}

/**
 * Deletes an account no payment names; one with payments is deactivated instead (its payments keep it, and the
 * payments dialog no longer offers it). The row is locked first: a payment being recorded on it meanwhile waits.
 */
export async function removeBank(db: Db, actor: AdminActor, id: number) {
  return db.transaction(async (tx) => {
    const bank = found(await findBank(tx, id, true));
    if (bank.pagos > 0) {
      if (!bank.BAN_ACTIVO)
        return { BAN_CODIGO: id, accion: 'desactivado' as const, msg: BANCO_MSG.alreadyInactive(bank.BAN_NOMBRE, bank.pagos) };
      await updateBank(tx, id, { BAN_ACTIVO: false });
      await recordDeactivation(tx, actor, RECURSO, id, 'BAN_ACTIVO');
      return { BAN_CODIGO: id, accion: 'desactivado' as const, msg: BANCO_MSG.deactivatedInstead(bank.BAN_NOMBRE, bank.pagos) };
    }
    await deleteBank(tx, id);
    const { pagos: _pagos, BAN_CODIGO: _id, ...antes } = bank;
    await recordAudit(tx, actor, { recurso: RECURSO, registro: id, accion: 'eliminacion', antes });
    return { BAN_CODIGO: id, accion: 'eliminado' as const, msg: BANCO_MSG.deleted(bank.BAN_NOMBRE) };
  });
}
