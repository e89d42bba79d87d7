import { Type, type Static } from 'typebox';
import { Email, Nullable } from './esquemas';
import { ListQuery } from './lista';
import { CLAVE_TEMPORAL_EQUIPO_HORAS, EQUIPO_MSG, ROL_NOMBRE, ROLES_EMPRESA, type RolEmpresa } from '../clientes';
import { Name, Username } from './usuarios';

// One enum (not a union of literals): a wrong value gets its own Spanish message.
const Rol = Type.Unsafe<RolEmpresa>(
  Type.String({
    enum: [...ROLES_EMPRESA],
    description: ROLES_EMPRESA.map((rol) => `${rol}: ${ROL_NOMBRE[rol]}`).join('; '),
    errorMessage: EQUIPO_MSG.rol,
  }),
);

/** A user of the signed-in company, as its users screen reads it: never a clave nor its hash. */
export const UsuarioEquipo = Type.Object({
  USU_CODIGO: Type.Integer(),
  USU_USUARIO: Type.String(),
  USU_NOMBRE: Nullable(Type.String()),
  USU_CORREO: Nullable(Type.String()),
  USU_ROL: Rol,
  USU_ACTIVO: Type.Boolean(),
});
export type UsuarioEquipo = Static<typeof UsuarioEquipo>;

/** A new user of the company: no clave, the server generates a temporary one. */
export const UsuarioEquipoNuevo = Type.Object(
  { USU_USUARIO: Username, USU_NOMBRE: Name, USU_CORREO: Email, USU_ROL: Rol },
  { additionalProperties: false },
);
export type UsuarioEquipoNuevo = Static<typeof UsuarioEquipoNuevo>;

/** What an edit may change (the user name stays; the clave only through POST {id}/clave). */
export const UsuarioEquipoCambios = Type.Object(
  {
    USU_NOMBRE: Type.Optional(Name),
    USU_CORREO: Type.Optional(Email),
    USU_ROL: Type.Optional(Rol),
    USU_ACTIVO: Type.Optional(Type.Boolean()),
  },
  // Unknown fields (the record's USU_CODIGO, USU_USUARIO...) are dropped before minProperties counts what is left.
  { additionalProperties: false, minProperties: 1, errorMessage: 'Indique al menos un dato del usuario para cambiar' },
);
export type UsuarioEquipoCambios = Static<typeof UsuarioEquipoCambios>;

const ClaveTemporal = Type.String({
  description: `Clave temporal generada por el servidor: se muestra una sola vez, vence en ${CLAVE_TEMPORAL_EQUIPO_HORAS} horas y quien ingresa con ella debe elegir una clave nueva`,
});

/** POST /api/usuarios answers the new user and its temporary clave. */
export const UsuarioEquipoCreado = Type.Object({ ...UsuarioEquipo.properties, claveTemporal: ClaveTemporal });
export type UsuarioEquipoCreado = Static<typeof UsuarioEquipoCreado>;

/** POST /api/usuarios/{id}/clave answers the new temporary clave. */
export const ClaveTemporalNueva = Type.Object({ msg: Type.String(), claveTemporal: ClaveTemporal });

export const UsuarioEquipoQuery = ListQuery;
