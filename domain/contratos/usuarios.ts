import { Type, type Static } from 'typebox';
import { Email, NewPassword, Nullable, text } from './esquemas';
import { ListQuery } from './lista';
import { CLAVE_TEMPORAL_USUARIO_HORAS, USUARIOS_MSG, ROL_NOMBRE, ROLES_EMPRESA, type RolEmpresa } from '../clientes';

const MAX_ID = 2147483647;

/** A user of a company as the back office sees it: never its clave. */
export const UsuarioEmpresa = Type.Object({
  USU_CODIGO: Type.Integer(),
  USU_USUARIO: Type.String(),
  USU_NOMBRE: Nullable(Type.String()),
  USU_CORREO: Nullable(Type.String()),
  USU_ACTIVO: Type.Boolean(),
});
export type UsuarioEmpresa = Static<typeof UsuarioEmpresa>;

export const USER_MSG = {
  username: 'El usuario debe tener de 3 a 60 letras, números, puntos, guiones o guiones bajos, sin espacios',
  name: 'Ingrese el nombre del usuario (hasta 150 caracteres)',
  noChanges: 'Indique al menos un dato del usuario para cambiar',
  taken: (usuario: string) => `La empresa ya tiene un usuario ${usuario}. Elija otro nombre de usuario.`,
  created: (usuario: string) => `Se creó el usuario ${usuario}`,
  inactiveReset: (usuario: string) => `El usuario ${usuario} está desactivado: actívelo antes de restablecer su clave`,
  resetSent: (correo: string) => `Se envió una clave temporal a ${correo}`,
  mailFailed: 'No se pudo enviar el correo con la clave temporal; la clave no cambió. Intente nuevamente en unos minutos.',
};

/** Shared by the back office's and the company's own users screens. */
export const Username = Type.String({ pattern: '^[A-Za-z0-9._-]{3,60}$', errorMessage: USER_MSG.username });
export const Name = text(150, { pattern: '\\S', errorMessage: USER_MSG.name });

/** A new user of the company: its clave follows the registration's rules. */
export const UsuarioEmpresaNuevo = Type.Object(
  {
    USU_USUARIO: Username,
    USU_NOMBRE: Name,
    USU_CORREO: Email,
    clave: NewPassword,
    USU_ACTIVO: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
export type UsuarioEmpresaNuevo = Static<typeof UsuarioEmpresaNuevo>;

/** What an edit may change; the clave only through the reset. */
export const UsuarioEmpresaCambios = Type.Object(
  {
    USU_USUARIO: Type.Optional(Username),
    USU_NOMBRE: Type.Optional(Name),
    USU_CORREO: Type.Optional(Email),
    USU_ACTIVO: Type.Optional(Type.Boolean()),
  },
  // Unknown fields are dropped (removeAdditional) before minProperties counts what is left.
  { additionalProperties: false, minProperties: 1, errorMessage: USER_MSG.noChanges },
);
export type UsuarioEmpresaCambios = Static<typeof UsuarioEmpresaCambios>;

export const UsuarioParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  usuario: Type.Integer({ minimum: 1, maximum: MAX_ID }),
});

// One enum (not a union of literals): a wrong value gets its own Spanish message.
const Rol = Type.Unsafe<RolEmpresa>(
  Type.String({
    enum: [...ROLES_EMPRESA],
    description: ROLES_EMPRESA.map((rol) => `${rol}: ${ROL_NOMBRE[rol]}`).join('; '),
    errorMessage: USUARIOS_MSG.rol,
  }),
);

/** A user of the signed-in company, as its users screen reads it: never a clave nor its hash. */
export const Usuario = Type.Object({
  USU_CODIGO: Type.Integer(),
  USU_USUARIO: Type.String(),
  USU_NOMBRE: Nullable(Type.String()),
  USU_CORREO: Nullable(Type.String()),
  USU_ROL: Rol,
  USU_ACTIVO: Type.Boolean(),
});
export type Usuario = Static<typeof Usuario>;

/** A new user of the company: no clave, the server generates a temporary one. */
export const UsuarioNuevo = Type.Object(
  { USU_USUARIO: Username, USU_NOMBRE: Name, USU_CORREO: Email, USU_ROL: Rol },
  { additionalProperties: false },
);
export type UsuarioNuevo = Static<typeof UsuarioNuevo>;

/** What an edit may change (the user name stays; the clave only through POST {id}/clave). */
export const UsuarioCambios = Type.Object(
  {
    USU_NOMBRE: Type.Optional(Name),
    USU_CORREO: Type.Optional(Email),
    USU_ROL: Type.Optional(Rol),
    USU_ACTIVO: Type.Optional(Type.Boolean()),
  },
  // Unknown fields (the record's USU_CODIGO, USU_USUARIO...) are dropped before minProperties counts what is left.
  { additionalProperties: false, minProperties: 1, errorMessage: 'Indique al menos un dato del usuario para cambiar' },
);
export type UsuarioCambios = Static<typeof UsuarioCambios>;

const ClaveTemporal = Type.String({
  description: `Clave temporal generada por el servidor: se muestra una sola vez, vence en ${CLAVE_TEMPORAL_USUARIO_HORAS} horas y quien ingresa con ella debe elegir una clave nueva`,
});

/** POST /api/usuarios answers the new user and its temporary clave. */
export const UsuarioCreado = Type.Object({ ...Usuario.properties, claveTemporal: ClaveTemporal });
export type UsuarioCreado = Static<typeof UsuarioCreado>;

/** POST /api/usuarios/{id}/clave answers the new temporary clave. */
export const ClaveTemporalNueva = Type.Object({ msg: Type.String(), claveTemporal: ClaveTemporal });

export const UsuarioQuery = ListQuery;
