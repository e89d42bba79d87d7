import { Type, type Static } from 'typebox';
import { Nullable, text } from './esquemas';
import { ASESOR_MSG, ASESOR_TELEFONO_PATTERN, ASESOR_TIPOS, type AsesorTipo } from '../asesores';

// One enum (not a union of literals): a wrong value gets its own Spanish message.
const Tipo = Type.Unsafe<AsesorTipo>(
  Type.String({ enum: [...ASESOR_TIPOS], description: 'SOPORTE (tickets), VENTAS o CONTABLE', errorMessage: ASESOR_MSG.invalidType }),
);

/** An adviser as administration users read it. */
export const Asesor = Type.Object({
  ASE_CODIGO: Type.Integer(),
  ASE_NOMBRE: Type.String(),
  ASE_CORREO: Nullable(Type.String()),
  ASE_IDENTIFICACION: Type.String({ description: 'Cédula (10 dígitos) o RUC (13)' }),
  ASE_TELEFONO: Nullable(Type.String()),
  ASE_TIPO: Tipo,
  ASE_ACTIVO: Type.Boolean(),
  tickets: Type.Integer({ description: 'Tickets asignados (un asesor con tickets se desactiva, no se elimina)' }),
});
export type Asesor = Static<typeof Asesor>;

/**
 * What GET /asesor sends: every field to an administration user; to an anonymous caller (the public ticket page) only
 * ASE_CODIGO and ASE_NOMBRE of active advisers.
 */
export const AsesorListado = Type.Object({
  ASE_CODIGO: Asesor.properties.ASE_CODIGO,
  ASE_NOMBRE: Asesor.properties.ASE_NOMBRE,
  ...Type.Partial(Type.Omit(Asesor, ['ASE_CODIGO', 'ASE_NOMBRE'])).properties,
});

/** Creating or editing an adviser (administrators). */
export const AsesorDatos = Type.Object({
  ASE_IDENTIFICACION: Type.String({ maxLength: 20, description: 'Cédula (10 dígitos) o RUC (13 dígitos), validada' }),
  ASE_NOMBRE: text(150),
  // Blank is none; otherwise checked by the route with the form's messages (domain/asesores.ts).
  ASE_CORREO: Type.Optional(Nullable(Type.String({ maxLength: 150, description: 'Correo electrónico; vacío o null: ninguno' }))),
  ASE_TELEFONO: Type.Optional(
    Nullable(Type.String({ maxLength: 20, description: `Teléfono (${ASESOR_TELEFONO_PATTERN}); vacío o null: ninguno` })),
  ),
  ASE_TIPO: Type.Optional(Tipo),
  ASE_ACTIVO: Type.Optional(Type.Boolean()),
});
export type AsesorDatos = Static<typeof AsesorDatos>;

export const AsesorEliminado = Type.Object({
  ASE_CODIGO: Type.Integer(),
  accion: Type.Union([Type.Literal('eliminado'), Type.Literal('desactivado')]),
  msg: Type.String(),
});
