import { randomBytes } from 'node:crypto';
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../core/context';
import { HttpError } from '../../core/errors';
import type { Counter } from '../../core/rate-limit';
import { errorResponses, Msg } from '../../core/schemas';
import { MSG } from '../../../domain/messages';
import { ADMIN_TEMPORARY_PASSWORD_HOURS, DEACTIVATED_CODE, TEMPORARY_PASSWORD_MINUTES } from '../../../domain/constants';
import { hashPassword, randomPassword, verifyPassword } from '../../infra/passwords';
import { TOKEN_LIFETIMES } from '../../infra/tokens';
import { electronicPlans } from '../planes/consumption';
import { hoyEcuador } from '../../../domain/fechas';
import { ROL_DISTRIBUIDOR_EN_EMPRESA, type RolEmpresa } from '../../../domain/clientes';
import { currentSignatureExpiry } from '../firmas/repo';
import { recordIngreso } from '../ingresos/repo';
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
import {
  changeAdminPassword,
  changeCompanyPassword,
  clearAdminTemporaryPassword,
  clearTemporaryPassword,
  distributorCompany,
  endSession,
  findActiveCompanyUser,
  findAdmin,
  companyPasswordHash,
  findCompanyUser,
  firstActiveUser,
  insertSession,
  sessionExpiry,
  setTemporaryPassword,
  type CompanyUser,
  type NewSession,
} from './repo';
import { recoveryMail } from './mails';
import { planAndSignatureNotice } from './plan-notice';

const tags = ['Sesión'];
/** Recovery mails one account may receive per rate-limit window (each call mails a new temporary clave). */
const RECOVERIES_PER_ACCOUNT = 3;
/** How long an IP that signed in to an account stays exempt from that account's ceiling. */
const KNOWN_PAIR_MS = 30 * 24 * 3600 * 1000;

const sessionRoutes: ModuleRoutes = (app, { db, throttle, tokens, config, mailer, guards }) => {
  const limits = config.rateLimit;

  /**
   * The counters of one sign-in: failures of this account from this IP (growing delay), of this IP on any
   * account, and of this account from any IP (not applied to an IP that signed in to the account before).
   */
  function signIn(area: string, ip: string, account: string) {
    const pair = `${area}:par:${account}@${ip}`;
    const known = `${area}:conocido:${account}@${ip}`;
    const counters: Counter[] = [
      { key: pair, kind: 'backoff', free: limits.freePerPair },
      { key: `${area}:ip:${ip}`, kind: 'ceiling', max: limits.maxPerIp },
      { key: `${area}:cuenta:${account}`, kind: 'ceiling', max: limits.maxPerAccount, unlessKnown: known },
    ];
    return {
      check: () => throttle.check(counters),
      failed: () => throttle.fail(counters),
      succeeded: async () => Promise.all([throttle.succeeded(pair, known, KNOWN_PAIR_MS), throttle.prune()]),
    };
  }

  /** Records the session (its id becomes the token's jti) and signs the token. */
  async function openSession(session: Omit<NewSession, 'id' | 'vence'>, claims: Parameters<typeof tokens.sign>[0], seconds: number) {
    const id = randomBytes(16).toString('hex');
    await insertSession(db, { ...session, id, vence: new Date(Date.now() + seconds * 1000) });
    return tokens.sign(claims, seconds, id);
  }

  async function companySession(
    user: CompanyUser,
    seconds: number,
    options: { distributor?: { id: number; usuario: string; sesion: string }; cambiarClave?: boolean } = {},
  ): Promise<CompanySession> {
    const { distributor, cambiarClave = false } = options;
    const { token, expira } = await openSession(
      { tipo: 'empresa', usuario: user.USU_CODIGO, admin: distributor?.id, origen: distributor?.sesion, cambiarClave },
      { kind: 'empresa' },
      seconds,
    );
    return {
      ...user,
      USU_ROL: distributor ? ROL_DISTRIBUIDOR_EN_EMPRESA : (user.USU_ROL as RolEmpresa),
      eid: user.USU_CODIGO,
      token,
      expira,
      cambiarClave,
      ...(distributor ? { distribuidor: distributor.usuario } : {}),
    };
  }

  /**
   * Which clave the user typed: the current one, the temporary one (a company user's recovery, an administration
   * user's reset) while it lasts, or neither.
   */
  async function matchingPassword(
    stored: { actual?: string; temporal?: string | null; vence?: Date | null },
    clave: string,
  ): Promise<'actual' | 'temporal' | undefined> {
    if (await verifyPassword(stored.actual, clave)) return 'actual';
    const temporary = stored.vence && stored.vence > new Date() ? stored.temporal : undefined;
    if (temporary && (await verifyPassword(temporary, clave))) return 'temporal';
    return undefined;
  }

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
    async (request) => {
      const { ruc, usuario, clave, recordar } = request.body;
      const attempt = signIn('login', request.ip, `${ruc}/${usuario}`);
      await attempt.check();
      const user = await findCompanyUser(db, ruc, usuario);
      const matched = await matchingPassword(
        { actual: user?.USU_CLAVE, temporal: user?.USU_CLAVE_TEMPORAL, vence: user?.USU_CLAVE_TEMPORAL_VENCE },
        clave,
      );
      if (!user || !matched) {
        await attempt.failed();
        throw new HttpError(401, MSG.companyLoginFailed);
      }
      await attempt.succeeded();
      if (!user.USU_ACTIVO || !user.EMP_ACTIVO) throw new HttpError(403, MSG.deactivatedTitle, DEACTIVATED_CODE);
      if (user.USU_CLAVE_TEMPORAL) await clearTemporaryPassword(db, user.USU_CODIGO);
      const seconds = recordar ? TOKEN_LIFETIMES.empresaRecordar : TOKEN_LIFETIMES.empresa;
      return { usuario: await companySession(user, seconds, { cambiarClave: matched === 'temporal' }) };
    },
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
    async (request) => {
      const { usuario, clave, recordar } = request.body;
      const attempt = signIn('loginAdmin', request.ip, usuario);
      await attempt.check();
      const admin = await findAdmin(db, { usuario });
      const matched = await matchingPassword(
        { actual: admin?.ADM_CLAVE, temporal: admin?.ADM_CLAVE_TEMPORAL, vence: admin?.ADM_CLAVE_TEMPORAL_VENCE },
        clave,
      );
      if (!admin || !matched) {
        await attempt.failed();
        throw new HttpError(401, MSG.adminLoginFailed);
      }
      await attempt.succeeded();
      if (!admin.ADM_ACTIVO) throw new HttpError(403, MSG.deactivatedTitle, DEACTIVATED_CODE);
      const cambiarClave = matched === 'temporal';
      if (admin.ADM_CLAVE_TEMPORAL) await clearAdminTemporaryPassword(db, admin.ADM_CODIGO);
      const { token, expira } = await openSession(
        { tipo: 'admin', admin: admin.ADM_CODIGO, cambiarClave },
        { kind: 'admin' },
        recordar ? TOKEN_LIFETIMES.adminRecordar : TOKEN_LIFETIMES.admin,
      );
      const { ADM_CODIGO, ADM_USUARIO, ADM_NOMBRE, PRF_CODIGO, DRB_CONTADOR } = admin;
      return { usuario: { ADM_CODIGO, ADM_USUARIO, ADM_NOMBRE, PRF_CODIGO, DRB_CONTADOR, token, expira, cambiarClave } };
    },
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
      const admin = request.admin!;
      if (!admin.distribuidor) throw new HttpError(403, MSG.notDistributor);
      const { ruc, usuario, clave } = request.body;
      const company = await distributorCompany(db, admin.admin, ruc);
      if (!company) throw new HttpError(404, MSG.distributorCompanyNotFound);
      const user = await firstActiveUser(db, company.EMP_CODIGO, usuario);
      if (!user) throw new HttpError(404, MSG.distributorUserNotFound);
      if (clave && !(await verifyPassword(user.USU_CLAVE, clave))) throw new HttpError(401, MSG.distributorWrongPassword);
      const distributor = await findAdmin(db, { id: admin.admin });
      await recordIngreso(db, { ADM_CODIGO: admin.admin, EMP_CODIGO: company.EMP_CODIGO, USU_CODIGO: user.USU_CODIGO, ING_IP: request.ip });
      request.log.info({ admin: admin.admin, empresa: company.EMP_CODIGO }, 'distribuidor ingresó como empresa');
      // The company session ends with the administration session it comes from, so it never outlives it.
      const originLeft = Math.floor(((await sessionExpiry(db, admin.sesion)).getTime() - Date.now()) / 1000);
      return {
        usuario: await companySession(user, Math.min(TOKEN_LIFETIMES.distribuidor, originLeft), {
          distributor: { id: admin.admin, usuario: distributor!.ADM_USUARIO, sesion: admin.sesion },
        }),
      };
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
      const { ruc, usuario } = request.body;
      // Every call counts, whether or not the account exists: each one may mail a clave, and the answer must not differ.
      await throttle.hit([
        { key: `recuperar:ip:${request.ip}`, kind: 'ceiling', max: limits.maxPerIp },
        { key: `recuperar:cuenta:${ruc}/${usuario}`, kind: 'ceiling', max: RECOVERIES_PER_ACCOUNT },
      ]);
      const user = await findActiveCompanyUser(db, ruc, usuario);
      // Hash a clave either way, so an unknown account costs the same time as a known one.
      const clave = randomPassword();
      const hash = await hashPassword(clave);
      if (user) {
        await setTemporaryPassword(db, user.USU_CODIGO, hash, new Date(Date.now() + TEMPORARY_PASSWORD_MINUTES * 60_000));
        // Not awaited: a slow mail server must not tell the caller that the account exists. The current clave still works if it fails.
        mailer
          .send(recoveryMail(user, clave, TEMPORARY_PASSWORD_MINUTES))
          .catch((error: Error) =>
            request.log.error({ err: { message: error.message }, usuario: user.USU_CODIGO }, 'no se pudo enviar la clave temporal'),
          );
      }
      return { msg: MSG.recoveryOk };
    },
  );

  /** claveActual must match (a wrong one is 400, not 401: the web app signs out on 401); tries back off like sign-ins. */
  async function checkNewPassword(key: string, storedHash: string | undefined, change: PasswordChange) {
    const { claveActual, claveNueva } = change;
    if (claveActual === undefined) throw new HttpError(400, MSG.required('claveActual'));
    const counters: Counter[] = [{ key, kind: 'backoff', free: limits.freePerPair }];
    await throttle.check(counters);
    if (!(await verifyPassword(storedHash, claveActual))) {
      await throttle.fail(counters);
      throw new HttpError(400, MSG.wrongCurrentPassword);
    }
    if (claveNueva === claveActual) throw new HttpError(400, MSG.samePassword);
  }

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
      const session = request.company!;
      // Who signed in with the temporary clave just proved it (and used it up): the forgotten clave is not asked for.
      if (!session.cambiarClave)
        await checkNewPassword(`clave:usuario:${session.usuario}`, await companyPasswordHash(db, session.usuario), request.body);
      await changeCompanyPassword(db, session.usuario, await hashPassword(request.body.claveNueva), session.sesion);
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
      const session = request.admin!;
      // Who signed in with the reset's temporary clave just proved it (and used it up): no current clave is asked for.
      if (!session.cambiarClave) {
        const admin = await findAdmin(db, { id: session.admin });
        await checkNewPassword(`clave:admin:${session.admin}`, admin?.ADM_CLAVE, request.body);
      }
      await changeAdminPassword(db, session.admin, await hashPassword(request.body.claveNueva), session.sesion);
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
