import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { clientes } from '../../infra/db/schema';
import { found } from '../../core/errors';
import type { CompanyActor } from '../../core/actor';
import { veTodosLosClientes } from '../../../domain/clientes';

/** What decides which clients a company session sees: its company, and its user and role (a seller sees only theirs). */
export type ClientViewer = Pick<CompanyActor, 'empresa' | 'usuario' | 'rol'>;

/**
 * Which clients a company session may see: only its company's (EMP_CODIGO from the token, never from the request),
 * and a seller only those assigned to them. Every /api clients query adds this condition, so another company's client
 * (or another seller's) is simply not found: 404, never "forbidden".
 */
export function clientScope(viewer: ClientViewer): SQL {
  const { empresa, vendedor } = clientScopeValues(viewer);
  const own = eq(clientes.EMP_CODIGO, empresa);
  return vendedor === undefined ? own : and(own, eq(clientes.CLI_VENDEDOR, vendedor))!;
}

/**
 * The same rule as values, for statements prepared once with placeholders (the list, the client by id): the company,
 * and the seller whose clients alone may be seen (undefined for the roles that see every client).
 */
export function clientScopeValues(viewer: ClientViewer): { empresa: number; vendedor?: number } {
  return veTodosLosClientes(viewer.rol) ? { empresa: viewer.empresa } : { empresa: viewer.empresa, vendedor: viewer.usuario };
}

/** The client with this id if the signed-in company user may see it; 404 otherwise. */
export async function findVisibleClient(db: Executor, viewer: ClientViewer, id: number) {
  const [client] = await db
    .select()
    .from(clientes)
    .where(and(eq(clientes.CLI_CODIGO, id), clientScope(viewer)));
  return found(client);
}
