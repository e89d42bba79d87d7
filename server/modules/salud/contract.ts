import { Type, type Static } from '@fastify/type-provider-typebox';

/** The answer of a health check that passed. */
export const Estado = Type.Object({ estado: Type.Literal('ok') });
export type Estado = Static<typeof Estado>;
