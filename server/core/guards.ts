import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AppContext } from './context';
import { HttpError } from './errors';
import { MSG } from '../../src/domain/messages';
import { DEACTIVATED_CODE } from '../../src/domain/constants';
import { TokenError, type AdminClaims, type Claims, type CompanyClaims } from '../infra/tokens';
import { administradores, usuarios, empresas } from '../infra/db/schema';

declare module 'fastify' {
  interface FastifyRequest {
    company?: CompanyClaims;
    admin?: AdminClaims & { distribuidor: boolean };
  }
}


async function readClaims(ctx: AppContext, request: FastifyRequest): Promise<Claims> {
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
export function createGuards(ctx: AppContext) {
  return {
    async company(request: FastifyRequest) {
      const claims = await readClaims(ctx, request);
      if (claims.kind !== 'empresa') throw new HttpError(403, MSG.forbidden);
      const [row] = await ctx.db
        .select({ activo: usuarios.USU_ACTIVO, empresaActiva: empresas.EMP_ACTIVO })
        .from(usuarios).innerJoin(empresas, eq(empresas.EMP_CODIGO, usuarios.COM_CODIGO))
        .where(eq(usuarios.USU_CODIGO, claims.usuario));
      if (!row) throw new HttpError(401, MSG.notAuthenticated);
      if (!row.activo || !row.empresaActiva) throw new HttpError(403, MSG.deactivatedTitle, DEACTIVATED_CODE);
      request.company = claims;
    },
    async admin(request: FastifyRequest) {
      const claims = await readClaims(ctx, request);
      if (claims.kind !== 'admin') throw new HttpError(403, MSG.adminOnly);
      const [row] = await ctx.db
        .select({ activo: administradores.ADM_ACTIVO, perfil: administradores.PRF_CODIGO, contador: administradores.DRB_CONTADOR })
        .from(administradores).where(eq(administradores.ADM_CODIGO, claims.admin));
      if (!row) throw new HttpError(401, MSG.notAuthenticated);
      if (!row.activo) throw new HttpError(403, MSG.deactivatedTitle, DEACTIVATED_CODE);
      request.admin = { ...claims, perfil: row.perfil, distribuidor: row.perfil === 2 && row.contador === 1 };
    },
    /** Short-lived single-purpose tokens (registration payment upload, ticket attachment). */
    async scoped<K extends 'registro' | 'ticket'>(request: FastifyRequest, kind: K): Promise<Extract<Claims, { kind: K }>> {
      const claims = await readClaims(ctx, request);
      if (claims.kind !== kind) throw new HttpError(403, MSG.forbidden);
      return claims as Extract<Claims, { kind: K }>;
    },
  };
}

export type Guards = ReturnType<typeof createGuards>;
