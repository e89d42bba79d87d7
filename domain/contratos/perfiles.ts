import { Type, type Static } from 'typebox';
import { text } from './esquemas';
import { PERFIL } from '../perfiles';

/** The profiles every installation has, fixed: they cannot be deleted, deactivated or recoded. */
export const PERFILES_FIJOS: readonly number[] = [PERFIL.administrador, PERFIL.distribuidor];
export const isFixedProfile = (code: number) => PERFILES_FIJOS.includes(code);
/** The first code a new profile may take (1 and 2 are fixed). */
export const PRIMER_CODIGO_LIBRE = 3;

/** A profile of administration users, as the list and the form read it. */
export const Perfil = Type.Object({
  PRF_CODIGO: Type.Integer(),
  PRF_NOMBRE: Type.String(),
  PRF_ACTIVO: Type.Boolean(),
  fijo: Type.Boolean({ description: 'Perfiles 1 (Administrador) y 2 (Distribuidor): no se eliminan, desactivan ni recodifican' }),
  administradores: Type.Integer({ description: 'Administradores que tienen este perfil' }),
  menus: Type.Integer({ description: 'Entradas del menú de administración concedidas al perfil' }),
});
export type Perfil = Static<typeof Perfil>;

const nombre = text(60, { pattern: '\\S', errorMessage: 'Ingrese el nombre del perfil (hasta 60 caracteres)' });

export const PerfilNuevo = Type.Object({
  PRF_CODIGO: Type.Optional(
    Type.Integer({
      minimum: PRIMER_CODIGO_LIBRE,
      maximum: 2147483647,
      errorMessage: `El código del perfil debe ser un número entero desde ${PRIMER_CODIGO_LIBRE} (1 y 2 son fijos)`,
      description: 'Si no se envía, el siguiente código libre desde 3',
    }),
  ),
  PRF_NOMBRE: nombre,
  PRF_ACTIVO: Type.Optional(Type.Boolean()),
});
export type PerfilNuevo = Static<typeof PerfilNuevo>;

export const PerfilCambio = Type.Object({
  PRF_CODIGO: Type.Optional(Type.Integer({ description: 'Si se envía debe ser el mismo: el código no se cambia' })),
  PRF_NOMBRE: nombre,
  PRF_ACTIVO: Type.Optional(Type.Boolean()),
});
export type PerfilCambio = Static<typeof PerfilCambio>;

export const PerfilEliminado = Type.Object({ PRF_CODIGO: Type.Integer(), msg: Type.String() });

export const PERFIL_MSG = {
  notFound: 'No existe ese perfil',
  nameTaken: (name: string) => `Ya existe un perfil llamado ${name}`,
  codeTaken: (code: number) => `Ya existe un perfil con el código ${code}`,
  recode: 'El código de un perfil no se puede cambiar: cree un perfil nuevo',
  fixedRecode: (name: string) => `El perfil ${name} es fijo: su código no se puede cambiar`,
  fixedDelete: (name: string) => `El perfil ${name} es fijo: no se puede eliminar`,
  fixedDeactivate: (name: string) => `El perfil ${name} es fijo: no se puede desactivar`,
  inUse: (name: string, count: number) =>
    `El perfil ${name} está asignado a ${count === 1 ? '1 administrador' : `${count} administradores`}: desactívelo en lugar de eliminarlo, o cambie antes el perfil de esos administradores`,
  deleted: (name: string) => `Se eliminó el perfil ${name}`,
};
