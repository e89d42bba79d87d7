import { randomBytes } from 'node:crypto';
import type { Services } from '../../core/context';
import type { AdminActor, CompanyActor } from '../../core/actor';
import { found, HttpError } from '../../core/errors';
import type { Counter } from '../../core/rate-limit';
import { hashPassword, randomPassword, verifyPassword } from '../../infra/passwords';
import { TOKEN_LIFETIMES } from '../../infra/tokens';
import { MSG } from '../../../domain/messages';
import { DEACTIVATED_CODE, TEMPORARY_PASSWORD_MINUTES } from '../../../domain/constants';
import { ROL_DISTRIBUIDOR_EN_EMPRESA, type RolEmpresa } from '../../../domain/clientes';
import { recordIngreso } from '../ingresos';
import type { AdminSession, CompanySession, PasswordChange } from './contract';
import {
  changeAdminPassword,
  changeCompanyPassword,
  clearAdminTemporaryPassword,
  clearTemporaryPassword,
  companyPasswordHash,
  distributorCompany,
  findAdmin,
  findActiveCompanyUser,
  findCompanyUser,
  firstActiveUser,
  insertSession,
  sessionExpiry,
  setTemporaryPassword,
  type CompanyUser,
  type NewSession,
} from './repo';
import { recoveryMail } from './mails';

/** How long an IP that signed in to an account stays exempt from that account's ceiling. */
const KNOWN_PAIR_MS = 30 * 24 * 3600 * 1000;

type Deps = Pick<Services, 'db' | 'throttle' | 'tokens' | 'config' | 'mailer'>;

/** Recovery mails one account may receive per rate-limit window (each call mails a new temporary clave). */
export const RECOVERIES_PER_ACCOUNT = 3;

/** Where a recovery whose mail failed is told (the request's logger). */
type ErrorLog = { error(details: object, message: string): void };

/** An account's claves as stored: its hash, and a reset's temporary one with its expiry. */
type StoredClaves = { actual?: string; temporal?: string | null; vence?: Date | null };

/**
 * Signing in and out of both areas, and changing one's own clave: the rules of a session, given plain values (the
 * body, the caller's IP, the signed-in actor). The routes only read the request and send the answer.
 */
export function sessionService({ db, throttle, tokens, config, mailer }: Deps) {
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
      /**
       * The account and which of its claves matched. The claves are checked even without an account, so that an
       * unknown user takes as long as a wrong clave; either one counts as a failure and is the 401 with `failure`.
       */
      async verify<T>(account: T | undefined, claves: (account: T) => StoredClaves, clave: string, failure: string) {
        const matched = await matchingPassword(account ? claves(account) : {}, clave);
        if (!account || !matched) {
          await throttle.fail(counters);
          throw new HttpError(401, failure);
        }
        await Promise.all([throttle.succeeded(pair, known, KNOWN_PAIR_MS), throttle.prune()]);
        return { account, matched };
      },
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
  async function matchingPassword(stored: StoredClaves, clave: string): Promise<'actual' | 'temporal' | undefined> {
    if (await verifyPassword(stored.actual, clave)) return 'actual';
    const temporary = stored.vence && stored.vence > new Date() ? stored.temporal : undefined;
    if (temporary && (await verifyPassword(temporary, clave))) return 'temporal';
    return undefined;
  }

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

  return {
    /** A company user signs in with its company's RUC, its user name and its clave (or a recovery's temporary one). */
    async companyLogin(body: { ruc: string; usuario: string; clave: string; recordar?: boolean }, ip: string): Promise<CompanySession> {
      const { ruc, usuario, clave, recordar } = body;
      const attempt = signIn('login', ip, `${ruc}/${usuario}`);
      await attempt.check();
      const { account: user, matched } = await attempt.verify(
        await findCompanyUser(db, ruc, usuario),
        (user) => ({ actual: user.USU_CLAVE, temporal: user.USU_CLAVE_TEMPORAL, vence: user.USU_CLAVE_TEMPORAL_VENCE }),
        clave,
        MSG.companyLoginFailed,
      );
      if (!user.USU_ACTIVO || !user.EMP_ACTIVO) throw new HttpError(403, MSG.deactivatedTitle, DEACTIVATED_CODE);
      if (user.USU_CLAVE_TEMPORAL) await clearTemporaryPassword(db, user.USU_CODIGO);
      const seconds = recordar ? TOKEN_LIFETIMES.empresaRecordar : TOKEN_LIFETIMES.empresa;
      return companySession(user, seconds, { cambiarClave: matched === 'temporal' });
    },

    /** An administrator or distributor signs in with its user name and clave (or a reset's temporary one, once). */
    async adminLogin(body: { usuario: string; clave: string; recordar?: boolean }, ip: string): Promise<AdminSession> {
      const { usuario, clave, recordar } = body;
      const attempt = signIn('loginAdmin', ip, usuario);
      await attempt.check();
      const { account: admin, matched } = await attempt.verify(
        await findAdmin(db, { usuario }),
        (admin) => ({ actual: admin.ADM_CLAVE, temporal: admin.ADM_CLAVE_TEMPORAL, vence: admin.ADM_CLAVE_TEMPORAL_VENCE }),
        clave,
        MSG.adminLoginFailed,
      );
      if (!admin.ADM_ACTIVO) throw new HttpError(403, MSG.deactivatedTitle, DEACTIVATED_CODE);
      const cambiarClave = matched === 'temporal';
      if (admin.ADM_CLAVE_TEMPORAL) await clearAdminTemporaryPassword(db, admin.ADM_CODIGO);
      const { token, expira } = await openSession(
        { tipo: 'admin', admin: admin.ADM_CODIGO, cambiarClave },
        { kind: 'admin' },
        recordar ? TOKEN_LIFETIMES.adminRecordar : TOKEN_LIFETIMES.admin,
      );
      const { ADM_CODIGO, ADM_USUARIO, ADM_NOMBRE, PRF_CODIGO, DRB_CONTADOR } = admin;
      return { ADM_CODIGO, ADM_USUARIO, ADM_NOMBRE, PRF_CODIGO, DRB_CONTADOR, token, expira, cambiarClave };
    },

    /**
     * A distributor enters one of its companies as a user of it (the first active one unless it names one, whose
     * clave it then gives). The entry is recorded, and the company session ends with the administration session it
     * comes from, so it never outlives it.
     */
    async distributorLogin(
      admin: AdminActor,
      body: { ruc: string; usuario?: string; clave?: string },
      ip: string,
    ): Promise<{ session: CompanySession; empresa: number }> {
      if (!admin.distribuidor) throw new HttpError(403, MSG.notDistributor);
      const { ruc, usuario, clave } = body;
      const company = found(await distributorCompany(db, admin.admin, ruc), MSG.distributorCompanyNotFound);
      const user = found(await firstActiveUser(db, company.EMP_CODIGO, usuario), MSG.distributorUserNotFound);
      if (clave && !(await verifyPassword(user.USU_CLAVE, clave))) throw new HttpError(401, MSG.distributorWrongPassword);
      const distributor = await findAdmin(db, { id: admin.admin });
      await recordIngreso(db, { ADM_CODIGO: admin.admin, EMP_CODIGO: company.EMP_CODIGO, USU_CODIGO: user.USU_CODIGO, ING_IP: ip });
      const originLeft = Math.floor(((await sessionExpiry(db, admin.sesion)).getTime() - Date.now()) / 1000);
      const session = await companySession(user, Math.min(TOKEN_LIFETIMES.distribuidor, originLeft), {
        distributor: { id: admin.admin, usuario: distributor!.ADM_USUARIO, sesion: admin.sesion },
      });
      return { session, empresa: company.EMP_CODIGO };
    },

    /** The company user changes its clave; who signed in with the temporary clave just proved it (and used it up). */
    async changeCompanyClave(actor: CompanyActor, change: PasswordChange) {
      if (!actor.cambiarClave)
        await checkNewPassword(`clave:usuario:${actor.usuario}`, await companyPasswordHash(db, actor.usuario), change);
      await changeCompanyPassword(db, actor.usuario, await hashPassword(change.claveNueva), actor.sesion);
    },

    /** The administration user changes its clave; a reset's temporary clave, just used, stands for the current one. */
    async changeAdminClave(actor: AdminActor, change: PasswordChange) {
      if (!actor.cambiarClave) {
        const admin = await findAdmin(db, { id: actor.admin });
        await checkNewPassword(`clave:admin:${actor.admin}`, admin?.ADM_CLAVE, change);
      }
      await changeAdminPassword(db, actor.admin, await hashPassword(change.claveNueva), actor.sesion);
    },

    /**
     * Mails a temporary clave to the active company user with this RUC and user name; answers the same whether or not
     * the account exists, in the same time.
     */
    async recover(body: { ruc: string; usuario: string }, ip: string, log: ErrorLog) {
      const { ruc, usuario } = body;
      // Every call counts, whether or not the account exists: each one may mail a clave, and the answer must not differ.
      await throttle.hit([
        { key: `recuperar:ip:${ip}`, kind: 'ceiling', max: limits.maxPerIp },
        { key: `recuperar:cuenta:${ruc}/${usuario}`, kind: 'ceiling', max: RECOVERIES_PER_ACCOUNT },
      ]);
      const user = await findActiveCompanyUser(db, ruc, usuario);
      // Hash a clave either way, so an unknown account costs the same time as a known one.
      const clave = randomPassword();
      const hash = await hashPassword(clave);
      if (!user) return;
      await setTemporaryPassword(db, user.USU_CODIGO, hash, new Date(Date.now() + TEMPORARY_PASSWORD_MINUTES * 60_000));
      // Not awaited: a slow mail server must not tell the caller that the account exists. The current clave still works if it fails.
      mailer
        .send(recoveryMail(user, clave, TEMPORARY_PASSWORD_MINUTES))
        .catch((error: Error) =>
          log.error({ err: { message: error.message }, usuario: user.USU_CODIGO }, 'no se pudo enviar la clave temporal'),
        );
    },
  };
}
