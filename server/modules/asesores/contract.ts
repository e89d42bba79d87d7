import { Type, type Static } from '@fastify/type-provider-typebox';
import { Nullable } from '../../core/schemas';

/** A support adviser a ticket can be assigned to. */
export const Asesor = Type.Object({
  ASE_CODIGO: Type.Integer(),
  ASE_NOMBRE: Type.String(),
  ASE_CORREO: Nullable(Type.String()),
  ASE_IDENTIFICACION: Type.String(),
  ASE_ACTIVO: Type.Boolean(),
});
export type Asesor = Static<typeof Asesor>;
