import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Services } from './context';
import { HttpError } from './errors';
import { MSG } from '../../src/domain/messages';
import { DEACTIVATED_CODE } from '../../src/domain/constants';
import { isDistributor } from '../../src/domain/perfiles';
import { TokenError, type AdminClaims, type Claims, type CompanyClaims } from '../infra/tokens';
import { administradores, usuarios, empresas } from '../infra/db/schema';

declare module 'fastify' {
  interface FastifyRequest {
    company?: CompanyClaims;
    admin?: AdminClaims & { distribuidor: boolean };
  }
}

type Guard = (request: FastifyRequest) => Promise<void>;

/** The guards that put a route behind x-token; the OpenAPI document marks those routes as secured. */
const tokenGuards = new WeakSet<Guard>();
const tokenGuard = (guard: Guard) => (tokenGuards.add(guard), guard);

/** Adds `security: token` to the OpenAPI schema of every route whose preValidation is a guard. */
export function documentGuards(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if ([route.preValidation].flat().some((hook) => tokenGuards.has(hook as Guard))) {
      route.schema = { ...route.schema, security: [{ token: [] }] };
    }
  });
}

async function readClaims(ctx: Services, request: FastifyRequest): Promise<Claims> {
  const header = request.headers['x-token'];
  const token = Array.isArray(header) ? header[0] : header;
  if (!token) throw new HttpError(401, MSG.notAuthenticated);
  try {
    return await ctx.tokens.verify(token);
  } catch (error) {
    throw new HttpError(401, error instanceof TokenError && error.expired ? MSG.sessionExpired : MSG.notAuthenticated);
  }
}

/** Guards (run at preValidation): each reads x-token, checks its kind and that the account is still active. */
export function createGuards(ctx: Services) {
  const company = tokenGuard(async (request) => {
    const claims = await readClaims(ctx, request);
    if (claims.kind !== 'empresa') throw new HttpError(403, MSG.forbidden);
    const [row] = await ctx.db
      .select({ activo: usuarios.USU_ACTIVO, empresaActiva: empresas.EMP_ACTIVO })
      .from(usuarios).innerJoin(empresas, eq(empresas.EMP_CODIGO, usuarios.COM_CODIGO))
      .where(eq(usuarios.USU_CODIGO, claims.usuario));
    if (!row) throw new HttpError(401, MSG.notAuthenticated);
    if (!row.activo || !row.empresaActiva) throw new HttpError(403, MSG.deactivatedTitle, DEACTIVATED_CODE);
    request.company = claims;
  });

  /** Any active administration user, whatever the profile. */
  const admin = tokenGuard(async (request) => {
    const claims = await readClaims(ctx, request);
    if (claims.kind !== 'admin') throw new HttpError(403, MSG.adminOnly);
    const [row] = await ctx.db
      .select({ ADM_ACTIVO: administradores.ADM_ACTIVO, PRF_CODIGO: administradores.PRF_CODIGO, DRB_CONTADOR: administradores.DRB_CONTADOR })
      .from(administradores).where(eq(administradores.ADM_CODIGO, claims.admin));
    if (!row) throw new HttpError(401, MSG.notAuthenticated);
    if (!row.ADM_ACTIVO) throw new HttpError(403, MSG.deactivatedTitle, DEACTIVATED_CODE);
    request.admin = { ...claims, perfil: row.PRF_CODIGO, distribuidor: isDistributor(row) };
  });

  return {
    company,
    admin,
    /** An active administration user with one of these profiles (PERFIL codes); other profiles get 403. */
    requireProfile: (...codes: number[]) => tokenGuard(async (request) => {
      await admin(request);
      if (!codes.includes(request.admin!.perfil)) throw new HttpError(403, MSG.forbidden);
    }),
    /** Short-lived single-purpose tokens (registration payment upload, ticket attachment). */
    async scoped<K extends 'registro' | 'ticket'>(request: FastifyRequest, kind: K): Promise<Extract<Claims, { kind: K }>> {
      const claims = await readClaims(ctx, request);
      if (claims.kind !== kind) throw new HttpError(403, MSG.forbidden);
      return claims as Extract<Claims, { kind: K }>;
    },
  };
}

export type Guards = ReturnType<typeof createGuards>;
