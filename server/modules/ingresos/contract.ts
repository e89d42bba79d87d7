import { Type, type Static } from '@fastify/type-provider-typebox';
import { Nullable } from '../../core/schemas';

/** One time a distributor entered a company's application as one of its users. */
export const Ingreso = Type.Object({
  ING_CODIGO: Type.Integer(),
  ING_FECHA: Type.String(),
  ING_IP: Nullable(Type.String()),
  ADM_USUARIO: Type.String(),
  ADM_NOMBRE: Type.String(),
  EMP_RUC: Type.String(),
  EMP_NOMBREC: Type.String(),
  USU_USUARIO: Type.String(),
});
export type Ingreso = Static<typeof Ingreso>;
