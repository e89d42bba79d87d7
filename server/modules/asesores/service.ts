import type { Db } from '../../infra/db/client';
import { isUniqueViolation } from '../../infra/db/errors';
import { found, HttpError } from '../../core/errors';
import { editAction, recordAudit, recordDeactivation } from '../../core/audit';
import { changedFields } from '../../core/company-history';
import type { AdminActor } from '../../core/actor';
import { isEmail } from '../../../domain/identifiers';
import { ASESOR_MSG, ASESOR_TELEFONO_PATTERN, ASESOR_TIPO_DEFECTO, checkAsesorIdentification } from '../../../domain/asesores';
import type { Asesor, AsesorDatos } from './contract';
import { deleteAsesor, findAsesor, insertAsesor, isIdentificationTaken, updateAsesor, type AsesorValores } from './repo';

const RECURSO = 'asesores';
const PHONE = new RegExp(ASESOR_TELEFONO_PATTERN);

/** Blank optional text is none. */
const optional = (value: string | null | undefined) => (value == null ? value : value.trim() || null);

/**
 * The body as stored: trimmed, the identification checked with the adviser's rule (400 with its Spanish reason), email
 * and phone checked when given. Fields left out (undefined) keep their value on an edit.
 */
function stored(body: AsesorDatos): Partial<AsesorValores> & Pick<AsesorValores, 'ASE_IDENTIFICACION' | 'ASE_NOMBRE'> {
  const identification = body.ASE_IDENTIFICACION.trim();
  const check = checkAsesorIdentification(identification);
  if (check.error) throw new HttpError(400, check.error);
  const name = body.ASE_NOMBRE.trim();
  if (!name) throw new HttpError(400, ASESOR_MSG.nameRequired);
  const email = optional(body.ASE_CORREO);
  if (email && !isEmail(email)) throw new HttpError(400, ASESOR_MSG.invalidEmail);
  const phone = optional(body.ASE_TELEFONO);
  if (phone && !PHONE.test(phone)) throw new HttpError(400, ASESOR_MSG.invalidPhone);
  return {
    ASE_IDENTIFICACION: identification,
    ASE_NOMBRE: name,
    ...(email !== undefined ? { ASE_CORREO: email } : {}),
    ...(phone !== undefined ? { ASE_TELEFONO: phone } : {}),
    ...(body.ASE_TIPO !== undefined ? { ASE_TIPO: body.ASE_TIPO } : {}),
    ...(body.ASE_ACTIVO !== undefined ? { ASE_ACTIVO: body.ASE_ACTIVO } : {}),
  };
}

const taken = (identification: string) => new HttpError(409, ASESOR_MSG.identificationTaken(identification));

/** Runs a write; a unique violation (another adviser took the identification meanwhile) is the 409. */
async function writing<T>(identification: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(identification);
    throw error;
  }
}

export async function createAsesor(db: Db, actor: AdminActor, body: AsesorDatos): Promise<Asesor> {
  const values = stored(body);
  if (await isIdentificationTaken(db, values.ASE_IDENTIFICACION)) throw taken(values.ASE_IDENTIFICACION);
  return writing(values.ASE_IDENTIFICACION, () =>
    db.transaction(async (tx) => {
      const row: AsesorValores = {
        ASE_CORREO: null,
        ASE_TELEFONO: null,
        ASE_TIPO: ASESOR_TIPO_DEFECTO,
        ASE_ACTIVO: true,
        ...values,
      };
      const id = await insertAsesor(tx, row);
      await recordAudit(tx, actor, { recurso: RECURSO, registro: id, accion: 'creacion', despues: row });
      return (await findAsesor(tx, id))!;
    }),
  );
}

/** Undefined when there is no such adviser. */
export async function editAsesor(db: Db, actor: AdminActor, id: number, body: AsesorDatos): Promise<Asesor | undefined> {
  const values = stored(body);
  if (await isIdentificationTaken(db, values.ASE_IDENTIFICACION, id)) throw taken(values.ASE_IDENTIFICACION);
  return writing(values.ASE_IDENTIFICACION, () =>
    db.transaction(async (tx) => {
      const before = await findAsesor(tx, id, true);
      if (!before) return undefined;
      const { antes, despues, changed } = changedFields<Record<string, unknown>>(before, values);
      if (changed.length) {
        await updateAsesor(tx, id, despues);
        const accion = editAction(changed, despues, 'ASE_ACTIVO');
        await recordAudit(tx, actor, { recurso: RECURSO, registro: id, accion, antes, despues });
      }
      return (await findAsesor(tx, id))!;
    }),
  );
}

/**
 * Deletes an adviser never assigned to a ticket; one with tickets is deactivated instead (its tickets keep it). The
 * adviser's row is locked first: a ticket being assigned to it meanwhile waits (its foreign key check) until this ends.
 */
export async function removeAsesor(db: Db, actor: AdminActor, id: number) {
  return db.transaction(async (tx) => {
    const adviser = found(await findAsesor(tx, id, true));
    if (adviser.tickets > 0) {
      if (!adviser.ASE_ACTIVO) {
        return { ASE_CODIGO: id, accion: 'desactivado' as const, msg: ASESOR_MSG.alreadyInactive(adviser.ASE_NOMBRE, adviser.tickets) };
      }
      await updateAsesor(tx, id, { ASE_ACTIVO: false });
      await recordDeactivation(tx, actor, RECURSO, id, 'ASE_ACTIVO');
      return { ASE_CODIGO: id, accion: 'desactivado' as const, msg: ASESOR_MSG.deactivatedInstead(adviser.ASE_NOMBRE, adviser.tickets) };
    }
    await deleteAsesor(tx, id);
    const { tickets: _tickets, ASE_CODIGO: _id, ...antes } = adviser;
    await recordAudit(tx, actor, { recurso: RECURSO, registro: id, accion: 'eliminacion', antes });
    return { ASE_CODIGO: id, accion: 'eliminado' as const, msg: ASESOR_MSG.deleted(adviser.ASE_NOMBRE) };
  });
}
