import { Type, type Static } from 'typebox';
import { text } from './esquemas';
import { MenuList } from './empresas';

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

/** The areas a menu entry belongs to: the administration (#/administrador) or the company application. */
export const MENU_AREAS = ['admin', 'empresa'] as const;
export type MenuArea = (typeof MENU_AREAS)[number];
/** A route inside its area: path segments of letters, digits and -, separated by /; '' is the area's home. */
export const MENU_RUTA = '^([a-zA-Z0-9-]+(/[a-zA-Z0-9-]+)*)?$';
/** The API permission an entry grants (the routes' config.permiso); '' grants none. */
export const MENU_PERMISO = '^[a-zA-Z0-9-]*$';
export const MENU_ICONO = '^[a-zA-Z0-9_-]+$';
/**
 * The permissions that manage access itself: the administrator profile always keeps an active entry granting each, so
 * nobody can lock the provider out of its own back office.
 */
export const PERMISOS_DE_ACCESO = ['perfiles', 'menus'] as const;

/**
 * The permissions that grant access (profiles, menus, administrators): only the administrator profile is given them,
 * because any profile holding one could make itself an administrator. Every other section is the menus' to give.
 */
export const PERMISOS_SOLO_ADMINISTRADOR = ['perfiles', 'menus', 'administradores'] as const;

/** An entry of the menu catalogue, with how many profiles are granted it (administration area). */
export const MenuEntrada = Type.Object({
  ...MenuItem.properties,
  MEN_AREA: Type.Union([Type.Literal('admin'), Type.Literal('empresa')]),
  MEN_PERMISO: Type.String(),
  MEN_ACTIVO: Type.Boolean(),
  perfiles: Type.Integer({ description: 'Perfiles que tienen la entrada' }),
});
export type MenuEntrada = Static<typeof MenuEntrada>;

export const MenuDatos = Type.Object({
  MEN_AREA: Type.Unsafe<MenuArea>({
    type: 'string',
    enum: [...MENU_AREAS],
    errorMessage: 'El área debe ser admin (administración) o empresa (aplicación de la empresa)',
  }),
  MEN_NOMBRE: text(80, { pattern: '\\S', errorMessage: 'Ingrese el nombre de la entrada (hasta 80 caracteres)' }),
  MEN_RUTA: Type.String({
    maxLength: 120,
    pattern: MENU_RUTA,
    errorMessage: 'La ruta solo admite letras sin tildes, números, - y / entre partes (vacía para la página de inicio)',
  }),
  MEN_ICONO: Type.Optional(
    text(40, { pattern: MENU_ICONO, errorMessage: 'El icono es un nombre de letras sin tildes, números, - o _ (hasta 40)' }),
  ),
  MEN_ORDEN: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999, errorMessage: 'El orden debe ser un número entero de 0 a 9999' })),
  MEN_PERMISO: Type.Optional(
    Type.String({
      maxLength: 60,
      pattern: MENU_PERMISO,
      errorMessage: 'El permiso solo admite letras sin tildes, números y - (hasta 60), o vacío',
    }),
  ),
  MEN_ACTIVO: Type.Optional(Type.Boolean()),
});
export type MenuDatos = Static<typeof MenuDatos>;

export const MenuEliminado = Type.Object({
  MEN_CODIGO: Type.Integer(),
  eliminado: Type.Boolean({ description: 'false: estaba asignada a perfiles o empresas y se desactivó' }),
  msg: Type.String(),
});

/** An administration menu entry, and whether a profile has it (the profile's checklist). */
export const MenuRolAsignado = Type.Object({
  ...MenuItem.properties,
  MEN_PERMISO: Type.String(),
  MEN_ACTIVO: Type.Boolean(),
  asignado: Type.Boolean(),
});
export type MenuRolAsignado = Static<typeof MenuRolAsignado>;

export const MenusRolCambio = Type.Object(
  {
    PRF_CODIGO: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    menus: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 500, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type MenusRolCambio = Static<typeof MenusRolCambio>;

export const MENU_MSG = {
  notFound: 'No existe esa entrada del menú',
  routeTaken: (area: string, ruta: string) =>
    ruta === '' ? `El área ${area} ya tiene su página de inicio` : `Ya existe una entrada con la ruta ${ruta} en el área ${area}`,
  areaChange: 'El área de una entrada no se puede cambiar: cree una entrada nueva en la otra área',
  homeDeactivate: 'La página de inicio no se puede desactivar ni eliminar',
  homeRoute: 'La ruta de la página de inicio no se puede cambiar',
  accessEntry: (permiso: string) =>
    `Esta entrada da el permiso ${permiso}, con el que se administran los accesos: no se puede desactivar, eliminar ni cambiar su permiso`,
  deleted: (name: string) => `Se eliminó la entrada ${name}`,
  deactivated: (name: string) => `La entrada ${name} está asignada a perfiles o empresas: se desactivó en lugar de eliminarse`,
  roleMenuInvalid: (id: number) => `El menú ${id} no existe o no es del área de administración`,
  onlyAdministrator: (names: string) =>
    `${names} dan acceso a los demás menús: solo se asignan al perfil Administrador, que es el único que puede usarlos`,
  keepAccess: (names: string) => `El perfil Administrador debe conservar ${names}: sin ese menú nadie podría volver a conceder los accesos`,
};
