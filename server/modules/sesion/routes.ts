import { Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../core/context';
import { HttpError } from '../../core/errors';
import { errorResponses, Msg } from '../../core/schemas';
import { MSG } from '../../../domain/messages';
import { ADMIN_TEMPORARY_PASSWORD_HOURS, TEMPORARY_PASSWORD_MINUTES } from '../../../domain/constants';
import { electronicPlans } from '../planesEmpresa';
import { hoyEcuador } from '../../../domain/fechas';
import { currentSignatureExpiry } from '../firmas';
import {
  AdminLogin,
  AdminSession,
  CompanyLogin,
  CompanySession,
  DistributorLogin,
  PasswordChange,
  PlanNotice,
  PlanNoticeParams,
  RecoveryRequest,
} from './contract';
import { endSession } from './repo';
import { RECOVERIES_PER_ACCOUNT, sessionService } from './service';
import { planAndSignatureNotice } from '../planesEmpresa';

const tags = ['Sesión'];

const sessionRoutes: ModuleRoutes = (app, { db, throttle, tokens, config, mailer, guards }) => {
  const sessions = sessionService({ db, throttle, tokens, config, mailer });

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Inicio de sesión de un usuario de empresa',
        description:
          'Acepta la clave del usuario o, durante una hora, la clave temporal de una recuperación; usar cualquiera de las dos anula la temporal. Con la temporal la sesión responde cambiarClave true y solo sirve para PUT clave y logout hasta elegir una clave nueva.',
        body: CompanyLogin,
        response: { 200: Type.Object({ usuario: CompanySession }), ...errorResponses },
      },
    },
    async (request) => ({ usuario: await sessions.companyLogin(request.body, request.ip) }),
  );

  app.post(
    '/loginAdmin',
    {
      schema: {
        tags,
        summary: 'Inicio de sesión de un administrador o distribuidor',
        description: `Acepta la clave del usuario o, durante ${ADMIN_TEMPORARY_PASSWORD_HOURS} horas y una sola vez, la clave temporal que le envió un administrador al restablecer su clave (POST administradores/{id}/clave). Con la temporal la sesión responde cambiarClave true y solo sirve para PUT claveAdmin y logoutAdmin hasta elegir una clave nueva; vencida, responde como una clave equivocada.`,
        body: AdminLogin,
        response: { 200: Type.Object({ usuario: AdminSession }), ...errorResponses },
      },
    },
    async (request) => ({ usuario: await sessions.adminLogin(request.body, request.ip) }),
  );

  app.post(
    '/loginDistribuidor',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Un distribuidor ingresa a la facturación de una de sus empresas',
        description:
          'Requiere el token de un distribuidor (PRF_CODIGO 2, DRB_CONTADOR 1). Sin usuario entra como el primer usuario activo de la empresa; con clave, la verifica. Cada ingreso queda registrado. La sesión termina cuando el distribuidor cierra sesión en todas partes, cambia su clave o es desactivado.',
        headers: Type.Object({ 'x-token': Type.Optional(Type.String()) }), // optional here: a missing token is the guard's 401, not a 400
        body: DistributorLogin,
        response: { 200: Type.Object({ usuario: CompanySession }), ...errorResponses },
      },
    },
    async (request) => {
      const { session, empresa } = await sessions.distributorLogin(request.admin!, request.body, request.ip);
      request.log.info({ admin: request.admin!.admin, empresa }, 'distribuidor ingresó como empresa');
      return { usuario: session };
    },
  );

  app.get(
    '/comprobarfirmaPlan/:empresa/:eid',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Avisos de plan y firma electrónica de la empresa al iniciar sesión',
        params: PlanNoticeParams,
        response: { 200: PlanNotice, ...errorResponses },
      },
    },
    async (request) => {
      const session = request.company!;
      const { empresa, eid } = request.params;
      if (empresa !== session.empresa || eid !== session.usuario) throw new HttpError(404, MSG.notFound);
      const [plans, signature] = await Promise.all([electronicPlans(db, empresa), currentSignatureExpiry(db, empresa)]);
      return planAndSignatureNotice(plans, signature, hoyEcuador());
    },
  );

  app.post(
    '/recuperar',
    {
      schema: {
        tags,
        summary: 'Envía una clave temporal al correo del usuario',
        description: `Responde lo mismo exista o no el RUC y el usuario. La clave temporal vence en ${TEMPORARY_PASSWORD_MINUTES} minutos y sirve junto a la actual hasta que se use una de las dos. Limitado por IP y por cuenta (${RECOVERIES_PER_ACCOUNT} correos por ventana).`,
        body: RecoveryRequest,
        response: { 200: Msg, ...errorResponses },
      },
    },
    async (request) => {
      await sessions.recover(request.body, request.ip, request.log);
      return { msg: MSG.recoveryOk };
    },
  );

  app.put(
    '/clave',
    {
      onRequest: guards.companyPendingPassword,
      schema: {
        tags,
        summary: 'El usuario de la sesión de empresa cambia su clave',
        description:
          'claveActual es obligatoria, salvo para la sesión que ingresó con una clave temporal (cambiarClave true), que así elige su clave nueva. La sesión actual sigue abierta (y deja de estar restringida); las demás del usuario, también las de un distribuidor dentro de él, se cierran.',
        body: PasswordChange,
        response: { 200: Msg, ...errorResponses },
      },
    },
    async (request) => {
      await sessions.changeCompanyClave(request.company!, request.body);
      return { msg: MSG.passwordChanged };
    },
  );

  app.put(
    '/claveAdmin',
    {
      onRequest: guards.adminPendingPassword,
      schema: {
        tags,
        summary: 'El administrador o distribuidor de la sesión cambia su clave',
        description:
          'claveActual es obligatoria, salvo para la sesión que ingresó con la clave temporal de un restablecimiento (cambiarClave true), que así elige su clave nueva. La sesión actual sigue abierta (y deja de estar restringida); las demás del mismo usuario, y las de un distribuidor dentro de sus empresas, se cierran.',
        body: PasswordChange,
        response: { 200: Msg, ...errorResponses },
      },
    },
    async (request) => {
      await sessions.changeAdminClave(request.admin!, request.body);
      return { msg: MSG.passwordChanged };
    },
  );

  for (const [path, guard, session] of [
    ['/logout', guards.companyPendingPassword, (request: FastifyRequest) => request.company!.sesion],
    ['/logoutAdmin', guards.adminPendingPassword, (request: FastifyRequest) => request.admin!.sesion],
  ] as const) {
    app.post(
      path,
      {
        onRequest: guard,
        schema: {
          tags,
          summary: `Cierra la sesión del token (${path === '/logout' ? 'empresa' : 'administración'}): deja de servir en todas las instancias`,
          response: { 200: Msg, ...errorResponses },
        },
      },
      async (request) => {
        await endSession(db, session(request));
        return { msg: MSG.loggedOut };
      },
    );
  }
};

export default sessionRoutes;
