import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../infra/db/client';
import { clientes } from '../../infra/db/schema';
import { HttpError } from '../../core/errors';
import { MSG } from '../../../src/domain/messages';
import { veTodosLosClientes } from '../../../src/domain/clientes';

/**
 * Which clients a company session may see: only its company's (EMP_CODIGO from the token, never from the request),
 * and a seller only those assigned to them. Every /api clients query adds this condition, so another company's client
 * (or another seller's) is simply not found: 404, never "forbidden".
 */
export function clientScope(request: FastifyRequest): SQL {
  const company = request.company!;
  const own = eq(clientes.EMP_CODIGO, company.empresa);
  return veTodosLosClientes(company.rol) ? own : and(own, eq(clientes.CLI_VENDEDOR, company.usuario))!;
}

/** The client with this id if the signed-in company user may see it; 404 otherwise. */
export async function findVisibleClient(db: Executor, request: FastifyRequest, id: number) {
  const [client] = await db
    .select()
    .from(clientes)
    .where(and(eq(clientes.CLI_CODIGO, id), clientScope(request)));
  if (!client) throw new HttpError(404, MSG.notFound);
  return client;
}
