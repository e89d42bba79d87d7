import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { HttpError } from '../../core/errors';
import { errorResponses, Msg } from '../../core/schemas';
import { MSG } from '../../../src/domain/messages';
import { DEACTIVATED_CODE } from '../../../src/domain/constants';
import { hashPassword, randomPassword, verifyPassword } from '../../infra/passwords';
import { TOKEN_LIFETIMES } from '../../infra/tokens';
import { findCompany, latestPlan } from '../empresas/repo';
import { recordIngreso } from '../ingresos/repo';
import { AdminLogin, AdminSession, CompanyLogin, CompanySession, DistributorLogin, PlanNotice, PlanNoticeParams, RecoveryRequest } from './contract';
import { distributorCompany, findActiveCompanyUser, findAdmin, findCompanyUser, firstActiveUser, replacePassword, type CompanyUser } from './repo';
import { recoveryMail } from './mails';
import { planAndSignatureNotice } from './plan-notice';

const tags = ['Sesión'];

const sessionRoutes: ModuleRoutes = (app, { db, limiter, tokens, config, mailer, guards }) => {
  const limits = config.rateLimit;

  /** Per-IP counting on every try; per-account counting only on failures, cleared on success. */
  const throttle = (area: string, ip: string, account: string) => {
    limiter.hit(`${area}:ip:${ip}`, limits.maxPerIp);
    limiter.check(`${area}:cuenta:${account}`, limits.maxPerAccount);
    return {
      failed: () => limiter.hit(`${area}:cuenta:${account}`, limits.maxPerAccount + 1),
      succeeded: () => limiter.reset(`${area}:cuenta:${account}`),
    };
  };

  async function companySession(user: CompanyUser, seconds: number, distributor?: { id: number; usuario: string }): Promise<CompanySession> {
    const { token, expira } = await tokens.sign(
      { kind: 'empresa', usuario: user.USU_CODIGO, empresa: user.COM_CODIGO, ...(distributor ? { distribuidor: distributor.id } : {}) },
      seconds,
    );
    return { ...user, eid: user.USU_CODIGO, token, expira, ...(distributor ? { distribuidor: distributor.usuario } : {}) };
  }

  app.post('/login', {
    schema: {
      tags, summary: 'Inicio de sesión de un usuario de empresa',
      body: CompanyLogin, response: { 200: Type.Object({ usuario: CompanySession }), ...errorResponses },
    },
  }, async (request) => {
    const { ruc, usuario, clave, recordar } = request.body;
    const attempt = throttle('login', request.ip, `${ruc}/${usuario}`);
    const user = await findCompanyUser(db, ruc, usuario);
    if (!(await verifyPassword(user?.USU_CLAVE, clave))) {
      attempt.failed();
      throw new HttpError(401, MSG.companyLoginFailed);
    }
    attempt.succeeded();
    if (!user.USU_ACTIVO || !user.EMP_ACTIVO) throw new HttpError(403, MSG.deactivatedTitle, DEACTIVATED_CODE);
    return { usuario: await companySession(user, recordar ? TOKEN_LIFETIMES.empresaRecordar : TOKEN_LIFETIMES.empresa) };
  });

  app.post('/loginAdmin', {
    schema: {
      tags, summary: 'Inicio de sesión de un administrador o distribuidor',
      body: AdminLogin, response: { 200: Type.Object({ usuario: AdminSession }), ...errorResponses },
    },
  }, async (request) => {
    const { usuario, clave, recordar } = request.body;
    const attempt = throttle('loginAdmin', request.ip, usuario);
    const admin = await findAdmin(db, { usuario });
    if (!(await verifyPassword(admin?.ADM_CLAVE, clave))) {
      attempt.failed();
      throw new HttpError(401, MSG.adminLoginFailed);
    }
    attempt.succeeded();
    if (!admin.ADM_ACTIVO) throw new HttpError(403, MSG.deactivatedTitle, DEACTIVATED_CODE);
    const { token, expira } = await tokens.sign(
      { kind: 'admin', admin: admin.ADM_CODIGO, perfil: admin.PRF_CODIGO },
      recordar ? TOKEN_LIFETIMES.adminRecordar : TOKEN_LIFETIMES.admin,
    );
    const { ADM_CODIGO, ADM_USUARIO, ADM_NOMBRE, PRF_CODIGO, DRB_CONTADOR } = admin;
    return { usuario: { ADM_CODIGO, ADM_USUARIO, ADM_NOMBRE, PRF_CODIGO, DRB_CONTADOR, token, expira } };
  });

  app.post('/loginDistribuidor', {
    preValidation: guards.admin,
    schema: {
      tags, summary: 'Un distribuidor ingresa a la facturación de una de sus empresas',
      description: 'Requiere el token de un distribuidor (PRF_CODIGO 2, DRB_CONTADOR 1). Sin usuario entra como el primer usuario activo de la empresa; con clave, la verifica. Cada ingreso queda registrado.',
      headers: Type.Object({ 'x-token': Type.Optional(Type.String()) }), // optional here: a missing token is the guard's 401, not a 400
      body: DistributorLogin, response: { 200: Type.Object({ usuario: CompanySession }), ...errorResponses },
    },
  }, async (request) => {
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
    return { usuario: await companySession(user, TOKEN_LIFETIMES.distribuidor, { id: admin.admin, usuario: distributor!.ADM_USUARIO }) };
  });

  app.get('/comprobarfirmaPlan/:empresa/:eid', {
    preValidation: guards.company,
    schema: {
      tags, summary: 'Avisos de plan y firma electrónica de la empresa al iniciar sesión',
      params: PlanNoticeParams, response: { 200: PlanNotice, ...errorResponses },
    },
  }, async (request) => {
    const session = request.company!;
    const { empresa, eid } = request.params;
    if (empresa !== session.empresa || eid !== session.usuario) throw new HttpError(404, MSG.notFound);
    const company = await findCompany(db, empresa);
    const plan = await latestPlan(db, empresa);
    return planAndSignatureNotice(plan?.PLANEMPRESA_CADUCA, company?.EMP_FIRMA ?? null, new Date());
  });

  app.post('/recuperar', {
    schema: {
      tags, summary: 'Envía una clave nueva al correo del usuario',
      body: RecoveryRequest, response: { 200: Msg, ...errorResponses },
    },
  }, async (request) => {
    const { ruc, usuario } = request.body;
    const attempt = throttle('recuperar', request.ip, `${ruc}/${usuario}`);
    const user = await findActiveCompanyUser(db, ruc, usuario);
    attempt.failed(); // every recovery counts: each one mails a new password
    if (!user) throw new HttpError(404, MSG.recoveryNotFound);
    const clave = randomPassword();
    await replacePassword(db, user.USU_CODIGO, await hashPassword(clave), () => mailer.send(recoveryMail(user, clave)));
    return { msg: MSG.recoveryOk };
  });
};

export default sessionRoutes;
