import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../infra/db/client';
import { clientes } from '../../infra/db/schema';
import { HttpError } from '../../core/errors';
import { MSG } from '../../../domain/messages';
import { veTodosLosClientes } from '../../../domain/clientes';

/**
 * Which clients a company session may see: only its company's (EMP_CODIGO from the token, never from the request),
 * and a seller only those assigned to them. Every /api clients query adds this condition, so another company's client
 * (or another seller's) is simply not found: 404, never "forbidden".
 */
export function clientScope(request: FastifyRequest): SQL {
  const { empresa, vendedor } = clientScopeValues(request);
  const own = eq(clientes.EMP_CODIGO, empresa);
  return vendedor === undefined ? own : and(own, eq(clientes.CLI_VENDEDOR, vendedor))!;
}

/**
 * The same rule as values, for statements prepared once with placeholders (the list, the client by id): the company,
 * and the seller whose clients alone may be seen (undefined for the roles that see every client).
 */
export function clientScopeValues(request: FastifyRequest): { empresa: number; vendedor?: number } {
  const company = request.company!;
  return veTodosLosClientes(company.rol) ? { empresa: company.empresa } : { empresa: company.empresa, vendedor: company.usuario };
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
