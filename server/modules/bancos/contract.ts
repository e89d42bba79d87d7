import { Type, type Static } from '@fastify/type-provider-typebox';

/** A collection account of the provider, where companies pay their plans (administered under issue 11). */
export const Banco = Type.Object({
  BAN_CODIGO: Type.Integer(),
  BAN_NOMBRE: Type.String(),
  BAN_TIPO_CUENTA: Type.String({ description: 'AHORROS o CORRIENTE' }),
  BAN_NUMERO: Type.String(),
});
export type Banco = Static<typeof Banco>;
