import { Type, type Static } from '@fastify/type-provider-typebox';
import { text } from '../../core/schemas';
import { MenuList } from '../empresas/contract';

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

/** One menu of the company application, and whether this company has it. */
export const MenuAsignado = Type.Object({ ...MenuItem.properties, asignado: Type.Boolean() });
export type MenuAsignado = Static<typeof MenuAsignado>;

export const MenusEmpresaCambio = Type.Object(
  {
    menus: MenuList,
    EMP_VERSION: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Si se envía y la empresa cambió desde que se leyó, 409' }),
    ),
  },
  { additionalProperties: false },
);
export type MenusEmpresaCambio = Static<typeof MenusEmpresaCambio>;
