import { Type, type Static } from 'typebox';
import { Email, NewPassword, Nullable, text } from './esquemas';

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

/** Shared with the company's own users screen (module equipo). */
export const Username = Type.String({ pattern: '^[A-Za-z0-9._-]{3,60}$', errorMessage: USER_MSG.username });
export const Name = text(150, { pattern: '\\S', errorMessage: USER_MSG.name });

/** A new user of the company: its clave follows the registration's rules. */
export const UsuarioNuevo = Type.Object(
  {
    USU_USUARIO: Username,
    USU_NOMBRE: Name,
    USU_CORREO: Email,
    clave: NewPassword,
    USU_ACTIVO: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
export type UsuarioNuevo = Static<typeof UsuarioNuevo>;

/** What an edit may change; the clave only through the reset. */
export const UsuarioCambios = Type.Object(
  {
    USU_USUARIO: Type.Optional(Username),
    USU_NOMBRE: Type.Optional(Name),
    USU_CORREO: Type.Optional(Email),
    USU_ACTIVO: Type.Optional(Type.Boolean()),
  },
  // Unknown fields are dropped (removeAdditional) before minProperties counts what is left.
  { additionalProperties: false, minProperties: 1, errorMessage: USER_MSG.noChanges },
);
export type UsuarioCambios = Static<typeof UsuarioCambios>;

export const UsuarioParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  usuario: Type.Integer({ minimum: 1, maximum: MAX_ID }),
});
