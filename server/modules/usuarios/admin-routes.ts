import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { found, HttpError } from '../../core/errors';
import { sendAll } from '../../core/list';
import { errorResponses, IdParam, Msg } from '../../core/schemas';
import { isUniqueViolation } from '../../infra/db/errors';
import { hashPassword, randomPassword } from '../../infra/passwords';
import { TEMPORARY_PASSWORD_MINUTES } from '../../../domain/constants';
import { findVisibleCompany } from '../../core/companies';
import { changedFields, recordHistory } from '../../core/company-history';
import { etiquetasCampos } from '../../../domain/etiquetas';
import { actorOf } from '../../core/actor';
import { recoveryMail } from '../sesion';
import { endUserSessions, setTemporaryPassword } from '../sesion';
import { USER_MSG, UsuarioEmpresaCambios, UsuarioEmpresa, UsuarioEmpresaNuevo, UsuarioParams } from './contract';
import { companyUsers, insertUser, lockCompanyUser, updateUser } from './admin-repo';

const tags = ['Empresas'];
const accion = 'usuario';

/** The users of a company, for the back office: list, create, edit, (de)activate and reset their clave. */
const usuariosEmpresaRoutes: ModuleRoutes = (app, { db, guards, mailer }) => {
  /** Runs `work`; a user name the company already has becomes 409 (the unique index decides, even for simultaneous saves). */
  async function uniqueName<T>(usuario: string | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (usuario && isUniqueViolation(error)) throw new HttpError(409, USER_MSG.taken(usuario));
      throw error;
    }
  }

  app.get(
    '/usuario/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Usuarios de la empresa {id}',
        params: IdParam('id'),
        response: { 200: Type.Array(UsuarioEmpresa), ...errorResponses },
      },
    },
    async (request, reply) => {
      const company = await findVisibleCompany(db, request.admin!, request.params.id);
      return sendAll(reply, 'usuarios', await companyUsers(db, company.EMP_CODIGO));
    },
  );

  app.post(
    '/usuario/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Crea un usuario de la empresa {id}',
        description: 'USU_USUARIO es único dentro de la empresa (409 si ya existe); la clave sigue las reglas del registro.',
        params: IdParam('id'),
        body: UsuarioEmpresaNuevo,
        response: { 201: UsuarioEmpresa, ...errorResponses },
      },
    },
    async (request, reply) => {
      const company = await findVisibleCompany(db, request.admin!, request.params.id);
      const { clave, ...body } = request.body;
      const values = {
        ...body,
        USU_NOMBRE: body.USU_NOMBRE.trim(),
        USU_CORREO: body.USU_CORREO.trim(),
        USU_ACTIVO: body.USU_ACTIVO ?? true,
      };
      const USU_CLAVE = await hashPassword(clave);
      const row = await uniqueName(values.USU_USUARIO, () =>
        db.transaction(async (tx) => {
          const created = await insertUser(tx, { ...values, COM_CODIGO: company.EMP_CODIGO, USU_CLAVE });
          await recordHistory(tx, actorOf(request), {
            empresa: company.EMP_CODIGO,
            accion,
            descripcion: USER_MSG.created(created.USU_USUARIO),
            despues: values,
          });
          return created;
        }),
      );
      return reply.status(201).send(row);
    },
  );

  app.put(
    '/usuario/:id/:usuario',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Cambia el usuario, nombre, correo o estado de un usuario de la empresa',
        description:
          'USU_ACTIVO false: desde su siguiente llamada el usuario recibe 403 USUARIO_DESACTIVADO, aunque su token siga vigente. ' +
          'Al reactivarlo, las sesiones que tenía abiertas quedan cerradas: vuelve a entrar iniciando sesión.',
        params: UsuarioParams,
        body: UsuarioEmpresaCambios,
        response: { 200: UsuarioEmpresa, ...errorResponses },
      },
    },
    async (request) => {
      const company = await findVisibleCompany(db, request.admin!, request.params.id);
      const body = request.body;
      const values = { ...body, USU_NOMBRE: body.USU_NOMBRE?.trim(), USU_CORREO: body.USU_CORREO?.trim() };
      return uniqueName(values.USU_USUARIO, () =>
        db.transaction(async (tx) => {
          const before = found(await lockCompanyUser(tx, company.EMP_CODIGO, request.params.usuario));
          const { antes, despues, changed } = changedFields(before, values);
          if (changed.length === 0) return before;
          const after = await updateUser(tx, company.EMP_CODIGO, before.USU_CODIGO, despues);
          // The guard refuses a deactivated user's sessions (403) while it stays inactive; once reactivated, the
          // sessions it had are closed, so a token from before the deactivation never comes back to life.
          if (!before.USU_ACTIVO && after.USU_ACTIVO) await endUserSessions(tx, after.USU_CODIGO);
          await recordHistory(tx, actorOf(request), {
            empresa: company.EMP_CODIGO,
            accion,
            descripcion: describeChange(after.USU_USUARIO, changed, after.USU_ACTIVO),
            antes,
            despues,
          });
          return after;
        }),
      );
    },
  );

  app.post(
    '/usuario/:id/:usuario/clave',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Restablece la clave de un usuario: le envía por correo una clave temporal',
        description: `Como la recuperación de clave: la temporal vence en ${TEMPORARY_PASSWORD_MINUTES} minutos, sirve junto a la actual hasta que se use una de las dos, y quien entra con ella debe elegir una clave nueva. Va al correo del usuario (o al de la empresa si el usuario no tiene).`,
        params: UsuarioParams,
        response: { 200: Msg, 503: Msg, ...errorResponses },
      },
    },
    async (request) => {
      const company = await findVisibleCompany(db, request.admin!, request.params.id);
      const clave = randomPassword();
      const hash = await hashPassword(clave);
      return db.transaction(async (tx) => {
        const user = found(await lockCompanyUser(tx, company.EMP_CODIGO, request.params.usuario));
        if (!user.USU_ACTIVO) throw new HttpError(409, USER_MSG.inactiveReset(user.USU_USUARIO));
        await setTemporaryPassword(tx, user.USU_CODIGO, hash, new Date(Date.now() + TEMPORARY_PASSWORD_MINUTES * 60_000));
        const mail = recoveryMail({ ...company, ...user }, clave, TEMPORARY_PASSWORD_MINUTES);
        await recordHistory(tx, actorOf(request), {
          empresa: company.EMP_CODIGO,
          accion,
          descripcion: `Se restableció la clave del usuario ${user.USU_USUARIO}: clave temporal enviada a ${mail.to}`,
        });
        // The last step before the commit: if the mail cannot be sent, the temporary clave is not kept either.
        await mailer.send(mail).catch((error: Error) => {
          request.log.error({ err: { message: error.message }, usuario: user.USU_CODIGO }, 'no se pudo enviar la clave temporal');
          throw new HttpError(503, USER_MSG.mailFailed);
        });
        return { msg: USER_MSG.resetSent(mail.to) };
      });
    },
  );
};

function describeChange(usuario: string, changed: string[], activo: boolean): string {
  if (changed.length === 1 && changed[0] === 'USU_ACTIVO') return `Se ${activo ? 'activó' : 'desactivó'} el usuario ${usuario}`;
  return `Se modificó el usuario ${usuario}: ${etiquetasCampos(changed)}`;
}

export default usuariosEmpresaRoutes;
