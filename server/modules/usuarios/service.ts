import type { Db } from '../../infra/db/client';
import { found, HttpError } from '../../core/errors';
import { isUniqueViolation } from '../../infra/db/errors';
import { hashPassword, randomPassword } from '../../infra/passwords';
import { CLAVE_TEMPORAL_USUARIO_HORAS, USUARIOS_MSG, ROL_NOMBRE } from '../../../domain/clientes';
import { changedFields, recordHistory } from '../../core/company-history';
import { etiquetasCampos } from '../../../domain/etiquetas';
import type { CompanyActor } from '../../core/actor';
import { endUserSessions, setTemporaryPassword } from '../sesion';
import { USER_MSG } from './contract';
import type { Usuario, UsuarioCambios, UsuarioCreado, UsuarioNuevo } from './contract';
import { findCompanyUser, insertCompanyUser, lockActiveAdministrators, updateCompanyUser } from './repo';

/** The company's history records these changes under this action, as the back office's users tab does. */
const accion = 'usuario';

/** A user of the signed-in company; another company's user is simply not found (404). */
export async function visibleUser(db: Db, empresa: number, id: number): Promise<Usuario> {
  return found(await findCompanyUser(db, empresa, id));
}

/** A generated temporary clave, its hash and until when it works. */
async function temporaryPassword() {
  const clave = randomPassword();
  return { clave, hash: await hashPassword(clave), vence: new Date(Date.now() + CLAVE_TEMPORAL_USUARIO_HORAS * 3600_000) };
}

/**
 * Creates a user of the signed-in company with a temporary clave, answered once: the user signs in with it and must
 * choose a new one (the recovery's mechanism: USU_CLAVE_TEMPORAL, and the session's cambiarClave). Its USU_CLAVE is
 * the hash of a random clave nobody is told.
 */
export async function createCompanyUser(db: Db, session: CompanyActor, body: UsuarioNuevo): Promise<UsuarioCreado> {
  const empresa = session.empresa;
  const values = { ...body, USU_NOMBRE: body.USU_NOMBRE.trim(), USU_CORREO: body.USU_CORREO.trim() };
  const [temporal, USU_CLAVE] = await Promise.all([temporaryPassword(), hashPassword(randomPassword(32))]);
  try {
    const row = await db.transaction(async (tx) => {
      const created = await insertCompanyUser(tx, {
        ...values,
        COM_CODIGO: empresa,
        USU_CLAVE,
        USU_CLAVE_TEMPORAL: temporal.hash,
        USU_CLAVE_TEMPORAL_VENCE: temporal.vence,
      });
      await recordHistory(tx, session, {
        empresa,
        accion,
        descripcion: `${USER_MSG.created(created.USU_USUARIO)} (${ROL_NOMBRE[created.USU_ROL]}) con una clave temporal`,
        despues: values,
      });
      return created;
    });
    return { ...row, claveTemporal: temporal.clave };
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, USER_MSG.taken(values.USU_USUARIO));
    throw error;
  }
}

function describeChange(usuario: string, changed: string[], after: Usuario): string {
  if (changed.length === 1 && changed[0] === 'USU_ACTIVO') return `Se ${after.USU_ACTIVO ? 'activó' : 'desactivó'} el usuario ${usuario}`;
  if (changed.length === 1 && changed[0] === 'USU_ROL') return `El usuario ${usuario} ahora es ${ROL_NOMBRE[after.USU_ROL]}`;
  return `Se modificó el usuario ${usuario}: ${etiquetasCampos(changed)}`;
}

/**
 * Changes a user's name, email, role or state. The signed-in user cannot deactivate themselves nor leave the
 * administrator role, and the company always keeps an active administrator. A deactivated user's sessions are refused
 * by the guard from their next call (403 USUARIO_DESACTIVADO); on reactivation they are ended, so an old token never
 * works again (as in the back office's users tab).
 */
export async function editCompanyUser(db: Db, session: CompanyActor, id: number, body: UsuarioCambios): Promise<Usuario> {
  const values = { ...body, USU_NOMBRE: body.USU_NOMBRE?.trim(), USU_CORREO: body.USU_CORREO?.trim() };
  return db.transaction(async (tx) => {
    const administrators = await lockActiveAdministrators(tx, session.empresa);
    const before = found(await findCompanyUser(tx, session.empresa, id, true));
    const { antes, despues, changed } = changedFields(before, values);
    if (changed.length === 0) return before;
    const after = { ...before, ...despues } as Usuario;
    const wasAdministrator = before.USU_ACTIVO && before.USU_ROL === 'administrador';
    const staysAdministrator = after.USU_ACTIVO && after.USU_ROL === 'administrador';
    if (before.USU_CODIGO === session.usuario) {
      if (!after.USU_ACTIVO) throw new HttpError(409, USUARIOS_MSG.propioDesactivar);
      if (before.USU_ROL === 'administrador' && after.USU_ROL !== 'administrador') throw new HttpError(409, USUARIOS_MSG.propioRol);
    }
    if (wasAdministrator && !staysAdministrator && !administrators.some((other) => other !== before.USU_CODIGO))
      throw new HttpError(409, USUARIOS_MSG.ultimoAdministrador);
    const updated = await updateCompanyUser(tx, session.empresa, before.USU_CODIGO, despues);
    if (!before.USU_ACTIVO && updated.USU_ACTIVO) await endUserSessions(tx, updated.USU_CODIGO);
    await recordHistory(tx, session, {
      empresa: session.empresa,
      accion,
      descripcion: describeChange(updated.USU_USUARIO, changed, updated),
      antes,
      despues,
    });
    return updated;
  });
}

/**
 * A new temporary clave for a user of the company, answered once (the administrator hands it over). The current clave
 * keeps working beside it until one of them is used, as with a recovery; whoever signs in with it must choose a new one.
 */
export async function resetCompanyUserPassword(db: Db, session: CompanyActor, id: number) {
  const temporal = await temporaryPassword();
  return db.transaction(async (tx) => {
    const user = found(await findCompanyUser(tx, session.empresa, id, true));
    if (user.USU_CODIGO === session.usuario) throw new HttpError(409, USUARIOS_MSG.propiaClave);
    if (!user.USU_ACTIVO) throw new HttpError(409, USER_MSG.inactiveReset(user.USU_USUARIO));
    await setTemporaryPassword(tx, user.USU_CODIGO, temporal.hash, temporal.vence);
    await recordHistory(tx, session, {
      empresa: session.empresa,
      accion,
      descripcion: `Se generó una clave temporal para el usuario ${user.USU_USUARIO}`,
    });
    return {
      msg: `Clave temporal de ${user.USU_USUARIO}: entréguesela; vence en ${CLAVE_TEMPORAL_USUARIO_HORAS} horas y al ingresar deberá elegir una clave nueva.`,
      claveTemporal: temporal.clave,
    };
  });
}
