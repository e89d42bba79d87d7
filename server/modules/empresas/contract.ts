import { Type, type Static } from '@fastify/type-provider-typebox';
import { Nullable } from '../../core/schemas';

/** The company of the session, as its home and "Mi empresa" pages show it. */
export const MiEmpresa = Type.Object({
  EMP_CODIGO: Type.Integer(),
  EMP_RUC: Type.String(),
  EMP_NOMBREC: Type.String(),
  EMP_NOMBRE: Type.String(),
  EMP_CORREO: Type.String(),
  EMP_TELEFONO: Nullable(Type.String()),
  firma: Type.Boolean({ description: 'Tiene firma electrónica registrada' }),
  plan: Nullable(
    Type.Object({
      PLAN_NOMBRE: Type.String(),
      PLAN_COMPROBANTES: Type.Integer(),
      PLANEMPRESA_INICIO: Type.String(),
      PLANEMPRESA_CADUCA: Type.String(),
    }),
  ),
});
export type MiEmpresa = Static<typeof MiEmpresa>;
