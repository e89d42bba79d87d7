import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../infra/db/client';
import { empresas } from '../../infra/db/schema';
import { HttpError } from '../../core/errors';
import { MSG } from '../../../domain/messages';
import { PERFIL } from '../../../domain/perfiles';

/**
 * Which companies an administration user may see: a distributor (profile 2, a reseller) only those assigned to it
 * (EMP_DISTRIBUIDOR); the provider's own staff (administrators and any profile given the menu) all of them. Every /empresas query of the back office adds this condition,
 * so another distributor's company is simply not found (404), never "forbidden".
 */
export function companyScope(request: FastifyRequest): SQL | undefined {
  const admin = request.admin!;
  return admin.perfil === PERFIL.distribuidor ? eq(empresas.EMP_DISTRIBUIDOR, admin.admin) : undefined;
}

/** The company with this id if the signed-in administration user may see it; 404 otherwise. */
export async function findVisibleCompany(db: Executor, request: FastifyRequest, id: number) {
  const [company] = await db
    .select()
    .from(empresas)
    .where(and(eq(empresas.EMP_CODIGO, id), companyScope(request)));
  if (!company) throw new HttpError(404, MSG.notFound);
  return company;
}
