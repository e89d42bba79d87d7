import { Type, type Static } from 'typebox';
import { Email, NewPassword, Nullable, text } from './esquemas';

const MAX_ID = 2147483647;

export const ADMIN_MSG = {
  username: 'El usuario debe tener de 3 a 60 letras, números, puntos, guiones o guiones bajos, sin espacios',
  name: 'Ingrese el nombre (hasta 150 caracteres)',
  counter: 'DRB_CONTADOR debe ser 0 o 1',
  noChanges: 'Indique al menos un dato del administrador para cambiar',
  taken: (usuario: string) => `Ya existe un usuario de administración ${usuario}. Elija otro nombre de usuario.`,
  profileInvalid: 'El perfil elegido no existe o está inactivo',
  selfDeactivate: 'No puede desactivar su propio usuario',
  selfProfile: 'No puede quitarse el perfil de administrador a sí mismo',
  selfReset: 'Para cambiar su propia clave use «Cambiar clave» en su menú de usuario',
  lastAdmin: 'Debe quedar al menos un administrador activo: no se puede desactivar ni cambiar de perfil al último administrador',
  inactiveReset: (usuario: string) => `El usuario ${usuario} está desactivado: actívelo antes de restablecer su clave`,
  noEmail: (usuario: string) => `El usuario ${usuario} no tiene correo: agréguelo antes de restablecer su clave`,
  resetSent: (correo: string, horas: number) =>
    `Se envió una clave temporal a ${correo}; vence en ${horas} horas y sirve una sola vez. Sus sesiones abiertas se cerraron.`,
  mailFailed: 'No se pudo enviar el correo con la clave temporal; la clave no cambió. Intente nuevamente en unos minutos.',
  notDistributor: 'Solo se pueden asignar empresas a un usuario con perfil distribuidor',
  companiesAssigned: (n: number) => (n === 1 ? '1 empresa asignada' : `${n} empresas asignadas`),
};

/** An administration user as the back office sees it: never its clave nor its hash. */
export const Administrador = Type.Object({
  ADM_CODIGO: Type.Integer(),
  ADM_USUARIO: Type.String(),
  ADM_NOMBRE: Type.String(),
  ADM_CORREO: Nullable(Type.String()),
  PRF_CODIGO: Type.Integer(),
  PRF_NOMBRE: Type.String(),
  /** 1: a distributor who may enter its companies' application as one of their users. */
  DRB_CONTADOR: Type.Integer(),
  ADM_ACTIVO: Type.Boolean(),
});
export type Administrador = Static<typeof Administrador>;

/** One administrator with, for a distributor, how many companies are assigned to it (0 for other profiles). */
export const AdministradorDetalle = Type.Object({ ...Administrador.properties, EMPRESAS: Type.Integer() });
export type AdministradorDetalle = Static<typeof AdministradorDetalle>;

const Username = Type.String({ pattern: '^[A-Za-z0-9._-]{3,60}$', errorMessage: ADMIN_MSG.username });
const Name = text(150, { pattern: '\\S', errorMessage: ADMIN_MSG.name });
const Profile = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Counter = Type.Integer({ minimum: 0, maximum: 1, errorMessage: ADMIN_MSG.counter });

/** A new administration user: its initial clave follows the registration's rules and is stored as an argon2id hash. */
export const AdministradorNuevo = Type.Object(
  {
    ADM_USUARIO: Username,
    ADM_NOMBRE: Name,
    ADM_CORREO: Email,
    PRF_CODIGO: Profile,
    DRB_CONTADOR: Type.Optional(Counter),
    clave: NewPassword,
    ADM_ACTIVO: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
export type AdministradorNuevo = Static<typeof AdministradorNuevo>;

/** What an edit may change: the usuario stays, the clave only through the reset. */
export const AdministradorCambios = Type.Object(
  {
    ADM_NOMBRE: Type.Optional(Name),
    // null only as it was: an account created without one (the command line's) keeps none until one is given.
    ADM_CORREO: Type.Optional(Nullable(Email)),
    PRF_CODIGO: Type.Optional(Profile),
    DRB_CONTADOR: Type.Optional(Counter),
    ADM_ACTIVO: Type.Optional(Type.Boolean()),
  },
  // Unknown fields are dropped (removeAdditional) before minProperties counts what is left.
  { additionalProperties: false, minProperties: 1, errorMessage: ADMIN_MSG.noChanges },
);
export type AdministradorCambios = Static<typeof AdministradorCambios>;

/** Companies to assign to a distributor. */
export const EmpresasAsignacion = Type.Object(
  {
    empresas: Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), {
      minItems: 1,
      maxItems: 500,
      errorMessage: 'Indique de 1 a 500 empresas (EMP_CODIGO)',
    }),
  },
  { additionalProperties: false },
);

export const EmpresasAsignadas = Type.Object({ asignadas: Type.Integer(), EMPRESAS: Type.Integer(), msg: Type.String() });

/** A profile an administrator can be given (the form's choices). */
export const PerfilOpcion = Type.Object({ PRF_CODIGO: Type.Integer(), PRF_NOMBRE: Type.String(), PRF_ACTIVO: Type.Boolean() });
