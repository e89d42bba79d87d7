import { Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../core/context';
import { resourceSchemas } from '../../core/resource-schemas';
import { editAction, recordAudit } from '../../core/audit';
import { found, HttpError } from '../../core/errors';
import { ListQuery, sendPage } from '../../core/list';
import { errorResponses, IdParam, Msg } from '../../core/schemas';
import type { Executor } from '../../infra/db/client';
import { isUniqueViolation } from '../../infra/db/errors';
import type { Mail } from '../../infra/mail';
import { hashPassword, randomPassword } from '../../infra/passwords';
import { MSG } from '../../../domain/messages';
import { ADMIN_TEMPORARY_PASSWORD_HOURS } from '../../../domain/constants';
import { PERFIL } from '../../../domain/perfiles';
import { changedFields, recordHistory } from '../../core/company-history';
import { actorOf } from '../../core/actor';
import { isDistributorAccount, lockCompanies, updateCompanies } from '../empresas';
import { endAdminSessions } from '../sesion';
import {
  ADMIN_MSG,
  Administrador,
  AdministradorCambios,
  AdministradorDetalle,
  AdministradorNuevo,
  EmpresasAsignacion,
  EmpresasAsignadas,
  PerfilOpcion,
} from './contract';
import {
  companyCount,
  findAdministrador,
  insertAdministrador,
  isActiveProfile,
  isUsernameTaken,
  listAdministradores,
  listProfiles,
  lockActiveAdministrators,
  resetAdminPassword,
  updateAdministrador,
} from './repo';

const tags = ['Administradores'];
const schemas = resourceSchemas(tags, AdministradorDetalle);
const recurso = 'administradores';
const config = { permiso: 'administradores' };

const LIST_DESCRIPTION =
  'ra-data-simple-rest: range, sort (ADM_CODIGO, ADM_USUARIO, ADM_NOMBRE, ADM_CORREO, PRF_CODIGO, DRB_CONTADOR, ADM_ACTIVO; por defecto ADM_NOMBRE ASC) y filter: q (parte del usuario, el nombre o el correo, sin distinguir mayúsculas), PRF_CODIGO, ADM_ACTIVO (true/false), DRB_CONTADOR (0/1), distribuidor (true: solo perfil distribuidor), id (lista). Total en Content-Range. Nunca devuelve la clave ni su hash.';

/** The mail with an administration user's new temporary clave. */
function resetMail(admin: { ADM_CORREO: string; ADM_NOMBRE: string; ADM_USUARIO: string }, clave: string): Mail {
  const horas = ADMIN_TEMPORARY_PASSWORD_HOURS;
  return {
    to: admin.ADM_CORREO,
    subject: 'Amelia: su clave temporal de administración',
    text: `Hola ${admin.ADM_NOMBRE}:\n\nUn administrador restableció su clave de acceso a la administración de Amelia.\n\nUsuario: ${admin.ADM_USUARIO}\nClave temporal: ${clave}\n\nSu clave anterior ya no sirve y sus sesiones abiertas se cerraron. La clave temporal vence en ${horas} horas y sirve para ingresar una sola vez: al ingresar con ella deberá elegir su clave nueva antes de continuar. Si vence sin usarla, pida a un administrador que restablezca su clave otra vez. Si usted no esperaba este cambio, avise a su administrador.\n`,
  };
}

/** The administration users and distributors: list, create, edit, (de)activate, reset their clave, assign companies. */
const administradoresRoutes: ModuleRoutes = (app, { db, guards, mailer }) => {
  async function existing(tx: Executor, id: number, lock = false) {
    return found(await findAdministrador(tx, id, lock));
  }

  async function checkProfile(tx: Executor, codigo: number) {
    if (!(await isActiveProfile(tx, codigo))) throw new HttpError(400, ADMIN_MSG.profileInvalid);
  }

  const detail = async (tx: Executor, id: number) => {
    const row = await existing(tx, id);
    return { ...row, EMPRESAS: await companyCount(tx, id) };
  };

  app.get(
    '/',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config,
      schema: {
        tags,
        summary: 'Usuarios de administración y distribuidores',
        description: LIST_DESCRIPTION,
        querystring: ListQuery,
        response: { 200: Type.Array(Administrador), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(reply, await listAdministradores(db, request.query)),
  );

  app.get(
    '/perfiles',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config,
      schema: {
        tags,
        summary: 'Perfiles que se pueden dar a un usuario de administración (los inactivos, marcados)',
        response: { 200: Type.Array(PerfilOpcion), ...errorResponses },
      },
    },
    () => listProfiles(db),
  );

  app.get(
    '/:id',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config,
      schema: schemas.one({ summary: 'Un usuario de administración, con el nombre de su perfil y cuántas empresas tiene asignadas' }),
    },
    (request) => detail(db, request.params.id),
  );

  app.post(
    '/',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config,
      schema: schemas.create(
        {
          summary: 'Crea un usuario de administración o un distribuidor',
          description:
            'ADM_USUARIO es único sin distinguir mayúsculas (409 si ya existe). PRF_CODIGO debe ser un perfil activo. DRB_CONTADOR 1: un distribuidor que puede ingresar a la facturación de sus empresas. La clave inicial sigue las reglas del registro y se guarda como hash argon2id; nunca se devuelve ni se registra.',
        },
        AdministradorNuevo,
      ),
    },
    async (request, reply) => {
      const { clave, ...body } = request.body;
      const values = {
        ADM_USUARIO: body.ADM_USUARIO,
        ADM_NOMBRE: body.ADM_NOMBRE.trim(),
        ADM_CORREO: body.ADM_CORREO.trim(),
        PRF_CODIGO: body.PRF_CODIGO,
        DRB_CONTADOR: body.DRB_CONTADOR ?? 0,
        ADM_ACTIVO: body.ADM_ACTIVO ?? true,
      };
      const taken = () => new HttpError(409, ADMIN_MSG.taken(values.ADM_USUARIO));
      if (await isUsernameTaken(db, values.ADM_USUARIO)) throw taken();
      const ADM_CLAVE = await hashPassword(clave);
      try {
        const row = await db.transaction(async (tx) => {
          await checkProfile(tx, values.PRF_CODIGO);
          const id = await insertAdministrador(tx, { ...values, ADM_CLAVE });
          await recordAudit(tx, request.admin!, { recurso, registro: id, accion: 'creacion', despues: values });
          return detail(tx, id);
        });
        return reply.status(201).send(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },
  );

  app.put(
    '/:id',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config,
      schema: schemas.update(
        {
          summary: 'Cambia el nombre, correo, perfil, DRB_CONTADOR o estado de un usuario de administración',
          description:
            'El usuario (ADM_USUARIO) no cambia; la clave solo con POST {id}/clave. ADM_ACTIVO false: sus sesiones se cierran y desde su siguiente llamada recibe 401; no puede volver a entrar mientras esté desactivado. Un cambio de perfil o de DRB_CONTADOR también cierra sus sesiones (y las de un distribuidor dentro de sus empresas). Nadie puede desactivarse ni quitarse el perfil de administrador a sí mismo, y el último administrador activo (perfil 1) no puede desactivarse ni cambiar de perfil (409).',
        },
        AdministradorCambios,
      ),
    },
    async (request) => {
      const id = request.params.id;
      const body = request.body;
      const values: AdministradorCambios = {
        ...body,
        ADM_NOMBRE: body.ADM_NOMBRE?.trim(),
        ADM_CORREO: typeof body.ADM_CORREO === 'string' ? body.ADM_CORREO.trim() : body.ADM_CORREO,
      };
      if (Object.values(values).every((value) => value === undefined)) throw new HttpError(400, ADMIN_MSG.noChanges);
      return db.transaction(async (tx) => {
        // Only a change that could take an administrator away locks the administrators (always first, in one order).
        const removing = values.ADM_ACTIVO === false || (values.PRF_CODIGO !== undefined && values.PRF_CODIGO !== PERFIL.administrador);
        const activeAdministrators = removing ? await lockActiveAdministrators(tx) : [];
        const before = await existing(tx, id, true);
        const { antes, despues, changed } = changedFields(before, values);
        if (changed.length === 0) return { ...before, EMPRESAS: await companyCount(tx, id) };
        const leaves = despues.ADM_ACTIVO === false || 'PRF_CODIGO' in despues;
        if (
          leaves &&
          before.PRF_CODIGO === PERFIL.administrador &&
          before.ADM_ACTIVO &&
          !activeAdministrators.some((other) => other !== id)
        ) {
          throw new HttpError(409, ADMIN_MSG.lastAdmin);
        }
        const self = request.admin!.admin === id;
        if (self && despues.ADM_ACTIVO === false) throw new HttpError(409, ADMIN_MSG.selfDeactivate);
        if (self && 'PRF_CODIGO' in despues) throw new HttpError(409, ADMIN_MSG.selfProfile);
        if ('PRF_CODIGO' in despues) await checkProfile(tx, despues.PRF_CODIGO as number);
        await updateAdministrador(tx, id, despues);
        // Who may do what changed (or the account was closed): its tokens stop now, on every instance. A reactivated
        // account also starts over, so a token from before the deactivation never comes back to life.
        if ('ADM_ACTIVO' in despues || 'PRF_CODIGO' in despues || 'DRB_CONTADOR' in despues) await endAdminSessions(tx, id);
        await recordAudit(tx, request.admin!, {
          recurso,
          registro: id,
          accion: editAction(changed, despues, 'ADM_ACTIVO'),
          antes,
          despues,
        });
        return detail(tx, id);
      });
    },
  );

  app.post(
    '/:id/clave',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config,
      schema: {
        tags,
        summary: 'Restablece la clave de un usuario de administración: le envía por correo una clave temporal',
        description: `La clave anterior deja de servir y sus sesiones abiertas se cierran. La clave temporal va al correo del usuario (409 si no tiene, o si está desactivado), vence en ${ADMIN_TEMPORARY_PASSWORD_HOURS} horas y sirve para ingresar una sola vez (POST loginAdmin): esa sesión responde cambiarClave true y, hasta elegir una clave nueva con PUT claveAdmin, las demás llamadas responden 403 con code CAMBIAR_CLAVE. Un nuevo restablecimiento reemplaza la clave temporal anterior. Si el correo no se puede enviar, responde 503 y nada cambia. Para su propia clave, cada uno usa PUT /claveAdmin. La auditoría registra el correo, nunca la clave.`,
        params: IdParam('id'),
        response: { 200: Msg, 503: Msg, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      const clave = randomPassword();
      // The clave itself becomes a random one nobody knows: only the mailed temporary clave opens a session now.
      const [hash, temporal] = await Promise.all([hashPassword(randomPassword()), hashPassword(clave)]);
      const vence = new Date(Date.now() + ADMIN_TEMPORARY_PASSWORD_HOURS * 3600_000);
      return db.transaction(async (tx) => {
        const admin = await existing(tx, id, true);
        if (request.admin!.admin === id) throw new HttpError(409, ADMIN_MSG.selfReset);
        if (!admin.ADM_ACTIVO) throw new HttpError(409, ADMIN_MSG.inactiveReset(admin.ADM_USUARIO));
        if (!admin.ADM_CORREO) throw new HttpError(409, ADMIN_MSG.noEmail(admin.ADM_USUARIO));
        await resetAdminPassword(tx, id, { hash, temporal }, vence);
        await endAdminSessions(tx, id);
        await recordAudit(tx, request.admin!, { recurso, registro: id, accion: 'clave', despues: { correo: admin.ADM_CORREO } });
        const mail = resetMail({ ...admin, ADM_CORREO: admin.ADM_CORREO }, clave);
        // The last step before the commit: if the mail cannot be sent, the clave does not change either.
        await mailer.send(mail).catch((error: Error) => {
          request.log.error({ err: { message: error.message }, admin: id }, 'no se pudo enviar la clave temporal de administración');
          throw new HttpError(503, ADMIN_MSG.mailFailed);
        });
        return { msg: ADMIN_MSG.resetSent(mail.to, ADMIN_TEMPORARY_PASSWORD_HOURS) };
      });
    },
  );

  app.put(
    '/:id/empresas',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config,
      schema: {
        tags,
        summary: 'Asigna empresas a un distribuidor',
        description:
          'empresas: de 1 a 500 EMP_CODIGO que pasan a este distribuidor (las que tenían otro distribuidor cambian de dueño). Solo para usuarios con perfil distribuidor (409 para otros). Todo o nada: si alguna empresa no existe, responde 404 y no cambia ninguna. Cada empresa cambiada deja una entrada en su historial y la asignación queda en la auditoría. Responde cuántas cambiaron y cuántas tiene ahora.',
        params: IdParam('id'),
        body: EmpresasAsignacion,
        response: { 200: EmpresasAsignadas, ...errorResponses },
      },
    },
    async (request) => assignCompanies(request, request.params.id, [...new Set(request.body.empresas)]),
  );

  /** The same steps as the company list's bulk "asignar distribuidor" (PUT /empresas/lote), with its functions. */
  async function assignCompanies(request: FastifyRequest, id: number, ids: number[]) {
    return db.transaction(async (tx) => {
      await existing(tx, id, true);
      if (!(await isDistributorAccount(tx, id))) throw new HttpError(409, ADMIN_MSG.notDistributor);
      // An administrator sees every company: no scope.
      const companies = await lockCompanies(tx, ids, undefined);
      if (companies.length !== ids.length) throw new HttpError(404, MSG.notFound);
      const changed = companies.filter((c) => c.EMP_DISTRIBUIDOR !== id);
      await updateCompanies(
        tx,
        changed.map((c) => c.EMP_CODIGO),
        { EMP_DISTRIBUIDOR: id },
      );
      for (const c of changed) {
        await recordHistory(tx, actorOf(request), {
          empresa: c.EMP_CODIGO,
          accion: 'distribuidor',
          descripcion: 'Distribuidor asignado (desde Administradores)',
          antes: { EMP_DISTRIBUIDOR: c.EMP_DISTRIBUIDOR },
          despues: { EMP_DISTRIBUIDOR: id },
        });
      }
      if (changed.length) {
        await recordAudit(tx, request.admin!, {
          recurso,
          registro: id,
          accion: 'empresas',
          despues: { empresas: changed.map((c) => c.EMP_CODIGO) },
        });
      }
      return { asignadas: changed.length, EMPRESAS: await companyCount(tx, id), msg: ADMIN_MSG.companiesAssigned(changed.length) };
    });
  }
};

export default administradoresRoutes;
