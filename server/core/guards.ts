import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Services } from './context';
import { HttpError } from './errors';
import { createSessionCache } from './session-cache';
import { checkMenuAccess, type GuardArea } from './menu-access';
import { checkRoleAccess } from './role-access';
import { actorDeClave, claveDe } from './claves-api';
import { MSG } from '../../domain/messages';
import { DEACTIVATED_CODE, MUST_CHANGE_PASSWORD_CODE } from '../../domain/constants';
import { isDistributor, PERFIL } from '../../domain/perfiles';
import { ROL_DISTRIBUIDOR_EN_EMPRESA, type RolEmpresa } from '../../domain/clientes';
import type { AdminActor, CompanyActor } from './actor';
import { TokenError, type RegistrationClaims, type TicketClaims, type VerifiedClaims } from '../infra/tokens';
import { administradores, empresas, menus, menusEmpresa, menusRoles, perfiles, sesiones, usuarios } from '../infra/db/schema';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by guards.company from the session's rows. */
    company?: CompanyActor;
    /** Set by guards.admin from the session's rows. */
    admin?: AdminActor;
    /** The claims of a single-purpose token (registration payment upload, ticket attachment). */
    registro?: RegistrationClaims;
    ticket?: TicketClaims;
  }
}

type Guard = (request: FastifyRequest) => Promise<void>;

/** The guards that put a route behind x-token; the OpenAPI document marks those routes as secured. */
const tokenGuards = new WeakSet<Guard>();
const tokenGuard = (guard: Guard) => (tokenGuards.add(guard), guard);
/** The guards whose callers have a menu (administration and company sessions): their routes name a permission. */
const menuGuards = new WeakMap<Guard, GuardArea>();
const menuGuard = (area: GuardArea, guard: Guard) => (menuGuards.set(guard, area), tokenGuard(guard));

/** The area of a route's guard, for the routes whose callers have a menu (core/menu-access.ts). */
export const guardArea = (route: RouteOptions): GuardArea | undefined =>
  [route.onRequest]
    .flat()
    .map((hook) => menuGuards.get(hook as Guard))
    .find(Boolean);

/**
 * Adds `security: token` to the OpenAPI schema of every route whose onRequest is a guard. Guards run at
 * onRequest, before the body is read, so an anonymous caller gets 401 whatever body or content type it sends.
 */
export function documentGuards(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if ([route.onRequest].flat().some((hook) => tokenGuards.has(hook as Guard))) {
      route.schema = { ...route.schema, security: [{ token: [] }] };
    }
  });
}

function readToken(request: FastifyRequest): string {
  const header = request.headers['x-token'];
  const token = Array.isArray(header) ? header[0] : header;
  if (!token) throw new HttpError(401, MSG.notAuthenticated);
  return token;
}

async function verifyToken(ctx: Services, token: string): Promise<VerifiedClaims> {
  try {
    return await ctx.tokens.verify(token);
  } catch (error) {
    throw new HttpError(401, error instanceof TokenError && error.expired ? MSG.sessionExpired : MSG.notAuthenticated);
  }
}

const readClaims = (ctx: Services, request: FastifyRequest) => verifyToken(ctx, readToken(request));

/** The distributor of an impersonation session (sesiones.ADM_CODIGO of a company session). */
const distributor = alias(administradores, 'distribuidor');
/** The distributor's administration session that an impersonation session was opened from. */
const origin = alias(sesiones, 'origen');

/**
 * Whether what let a distributor into the company still holds: it is still a distributor, the company is still its
 * own, and the administration session it entered from is still open. True for a company user's own session.
 */
const distributorRightsHold = sql<boolean>`coalesce(${sesiones.ADM_CODIGO} is null or (
  ${distributor.PRF_CODIGO} = ${PERFIL.distribuidor} and ${distributor.DRB_CONTADOR} = 1
  and ${empresas.EMP_DISTRIBUIDOR} = ${sesiones.ADM_CODIGO}
  and ${origin.SES_REVOCADA} is null and ${origin.SES_VENCE} > now()), false)`;

/**
 * The permissions (MEN_PERMISO) a session's menu grants, read by the guard's own session query (a subquery on the
 * menus tables' primary keys: no query of its own). An administration user has the active entries of the
 * administration area given to its profile, none while the profile is inactive; a company session (a distributor's
 * inside a company too) has the active entries of the company area given to its company.
 */
const adminPermissions = sql<string[]>`array(
  select ${menus.MEN_PERMISO} from ${menusRoles}
  inner join ${menus} on ${menus.MEN_CODIGO} = ${menusRoles.MEN_CODIGO}
  inner join ${perfiles} on ${perfiles.PRF_CODIGO} = ${menusRoles.PRF_CODIGO}
  where ${menusRoles.PRF_CODIGO} = ${administradores.PRF_CODIGO} and ${perfiles.PRF_ACTIVO}
    and ${menus.MEN_ACTIVO} and ${menus.MEN_AREA} = 'admin' and ${menus.MEN_PERMISO} <> '')`;
const companyPermissions = sql<string[]>`array(
  select ${menus.MEN_PERMISO} from ${menusEmpresa}
  inner join ${menus} on ${menus.MEN_CODIGO} = ${menusEmpresa.MEN_CODIGO}
  where ${menusEmpresa.EMP_CODIGO} = ${empresas.EMP_CODIGO}
    and ${menus.MEN_ACTIVO} and ${menus.MEN_AREA} = 'empresa' and ${menus.MEN_PERMISO} <> '')`;

/**
 * Guards (run at onRequest): each reads x-token, checks its kind, and in ONE indexed query that its session
 * is still open (sesiones, by the token's jti), the account still active, and what its menu grants; then the
 * route's permission (core/menu-access.ts). On PGlite that check is reused until
 * something it reads is written (session-cache.ts).
 */
export function createGuards(ctx: Services) {
  const sessions = createSessionCache(ctx.database.accountsVersion);
  // Prepared once: no SQL built per request, and PostgreSQL parses and plans them once per connection.
  const companyCheck = ctx.db
    .select({
      usuario: usuarios.USU_CODIGO,
      empresa: usuarios.COM_CODIGO,
      distribuidor: sesiones.ADM_CODIGO,
      distribuidorVigente: distributorRightsHold,
      activo: usuarios.USU_ACTIVO,
      nombreUsuario: usuarios.USU_USUARIO,
      rol: usuarios.USU_ROL,
      empresaActiva: empresas.EMP_ACTIVO,
      distribuidorActivo: distributor.ADM_ACTIVO,
      revocada: sesiones.SES_REVOCADA,
      cambiarClave: sesiones.SES_CAMBIAR_CLAVE,
      permisos: companyPermissions,
    })
    .from(sesiones)
    .innerJoin(usuarios, eq(usuarios.USU_CODIGO, sesiones.USU_CODIGO))
    .innerJoin(empresas, eq(empresas.EMP_CODIGO, usuarios.COM_CODIGO))
    .leftJoin(distributor, eq(distributor.ADM_CODIGO, sesiones.ADM_CODIGO))
    .leftJoin(origin, eq(origin.SES_ID, sesiones.SES_ORIGEN))
    .where(and(eq(sesiones.SES_ID, sql.placeholder('jti')), eq(sesiones.SES_TIPO, 'empresa')))
    .prepare('guardia_empresa');
  const adminCheck = ctx.db
    .select({
      ADM_CODIGO: administradores.ADM_CODIGO,
      ADM_ACTIVO: administradores.ADM_ACTIVO,
      ADM_USUARIO: administradores.ADM_USUARIO,
      PRF_CODIGO: administradores.PRF_CODIGO,
      DRB_CONTADOR: administradores.DRB_CONTADOR,
      revocada: sesiones.SES_REVOCADA,
      cambiarClave: sesiones.SES_CAMBIAR_CLAVE,
      permisos: adminPermissions,
    })
    .from(sesiones)
    .innerJoin(administradores, eq(administradores.ADM_CODIGO, sesiones.ADM_CODIGO))
    .where(and(eq(sesiones.SES_ID, sql.placeholder('jti')), eq(sesiones.SES_TIPO, 'admin')))
    .prepare('guardia_admin');

  /** A company token's claims and its session row (undefined when there is none), checked once per cache entry. */
  const companySession = (token: string) =>
    sessions.read(token, async () => {
      const claims = await verifyToken(ctx, token);
      if (claims.kind !== 'empresa') throw new HttpError(403, MSG.forbidden);
      if (!claims.jti) throw new HttpError(401, MSG.notAuthenticated);
      const [row] = await companyCheck.execute({ jti: claims.jti });
      return { claims: { ...claims, jti: claims.jti }, row, exp: (claims as { exp?: number }).exp ?? 0 };
    });

  const companyGuard = (allowTemporaryPassword: boolean) =>
    menuGuard('empresa', async (request) => {
      // An integration's API key (Authorization: Bearer amk_…) when no session token is sent: read whole each time.
      const clave = request.headers['x-token'] ? undefined : claveDe(request);
      if (clave) {
        const { actor, permisos } = await actorDeClave(ctx.db, clave, request, ctx.config.integraciones.limitePorMinuto);
        request.company = actor;
        checkMenuAccess(request, permisos);
        checkRoleAccess(request, actor.rol);
        return;
      }
      const { claims, row } = await companySession(readToken(request));
      if (!row) throw new HttpError(401, MSG.notAuthenticated);
      if (row.revocada) throw new HttpError(401, MSG.sessionEnded);
      if (!row.activo || !row.empresaActiva || row.distribuidorActivo === false)
        throw new HttpError(403, MSG.deactivatedTitle, DEACTIVATED_CODE);
      if (!row.distribuidorVigente) throw new HttpError(401, MSG.sessionEnded);
      if (row.cambiarClave && !allowTemporaryPassword) throw new HttpError(403, MSG.mustChangePassword, MUST_CHANGE_PASSWORD_CODE);
      const distribuidor = row.distribuidor ?? undefined;
      request.company = {
        kind: 'empresa',
        usuario: row.usuario,
        empresa: row.empresa,
        distribuidor,
        sesion: claims.jti,
        cambiarClave: row.cambiarClave,
        nombreUsuario: row.nombreUsuario,
        rol: distribuidor === undefined ? (row.rol as RolEmpresa) : ROL_DISTRIBUIDOR_EN_EMPRESA,
      };
      checkMenuAccess(request, row.permisos);
      checkRoleAccess(request, request.company.rol);
    });

  const adminSession = (token: string) =>
    sessions.read(token, async () => {
      const claims = await verifyToken(ctx, token);
      if (claims.kind !== 'admin') throw new HttpError(403, MSG.adminOnly);
      if (!claims.jti) throw new HttpError(401, MSG.notAuthenticated);
      const [row] = await adminCheck.execute({ jti: claims.jti });
      return { claims: { ...claims, jti: claims.jti }, row, exp: (claims as { exp?: number }).exp ?? 0 };
    });

  /**
   * Sets request.admin for an open session of an active administration user; returns its menu's permissions. A session
   * signed in with a reset's temporary clave gets 403 CAMBIAR_CLAVE unless `allowTemporaryPassword`.
   */
  const adminUser = async (request: FastifyRequest, allowTemporaryPassword = false): Promise<string[]> => {
    const { claims, row } = await adminSession(readToken(request));
    if (!row) throw new HttpError(401, MSG.notAuthenticated);
    if (row.revocada) throw new HttpError(401, MSG.sessionEnded);
    if (!row.ADM_ACTIVO) throw new HttpError(403, MSG.deactivatedTitle, DEACTIVATED_CODE);
    if (row.cambiarClave && !allowTemporaryPassword) throw new HttpError(403, MSG.mustChangePassword, MUST_CHANGE_PASSWORD_CODE);
    request.admin = {
      kind: 'admin',
      admin: row.ADM_CODIGO,
      perfil: row.PRF_CODIGO,
      distribuidor: isDistributor(row),
      sesion: claims.jti,
      nombreUsuario: row.ADM_USUARIO,
      permisos: row.permisos,
      cambiarClave: row.cambiarClave,
    };
    return row.permisos;
  };

  /** Any active administration user, whatever the profile, whose menu grants the route's permission. */
  const admin = menuGuard('admin', async (request) => checkMenuAccess(request, await adminUser(request)));

  return {
    /** An open company session of an active user; a session signed in with a temporary clave gets 403 CAMBIAR_CLAVE. */
    company: companyGuard(false),
    /** The same, also for a session that must still choose a new clave: only changing the clave and logging out. */
    companyPendingPassword: companyGuard(true),
    admin,
    /** The same, also for a session that must still choose a new clave (a reset's temporary clave): only changing the clave and logging out. */
    adminPendingPassword: menuGuard('admin', async (request) => checkMenuAccess(request, await adminUser(request, true))),
    /** An active administration user with one of these profiles (PERFIL codes; others get 403) and the route's permission. */
    requireProfile: (...codes: number[]) =>
      menuGuard('admin', async (request) => {
        const permisos = await adminUser(request);
        if (!codes.includes(request.admin!.perfil)) throw new HttpError(403, MSG.forbidden);
        checkMenuAccess(request, permisos);
      }),
    /** The registration payment upload's token (tokenPago); the route checks that it is for that company. */
    registro: tokenGuard(async (request) => {
      const claims = await readClaims(ctx, request);
      if (claims.kind !== 'registro') throw new HttpError(403, MSG.forbidden);
      request.registro = claims;
    }),
    /** A ticket's attachment token (tokenArchivo); the route checks that it is for that ticket. */
    ticket: tokenGuard(async (request) => {
      const claims = await readClaims(ctx, request);
      if (claims.kind !== 'ticket') throw new HttpError(403, MSG.forbidden);
      request.ticket = claims;
    }),
  };
}

export type Guards = ReturnType<typeof createGuards>;
