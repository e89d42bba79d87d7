import { Type, type Static } from '@fastify/type-provider-typebox';
import { text } from '../../core/schemas';

export const MenuItem = Type.Object({
  MEN_CODIGO: Type.Integer(),
  MEN_NOMBRE: Type.String(),
  MEN_RUTA: Type.String(),
  MEN_ICONO: Type.String(),
  MEN_ORDEN: Type.Integer(),
});
export type MenuItem = Static<typeof MenuItem>;

export const AdminMenuRequest = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export const CompanyMenuRequest = Type.Object({ ruc: text(13) });
