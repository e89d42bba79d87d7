import { Type, type Static } from 'typebox';
import { Nullable } from './esquemas';

/** One change in the audit log, as the list shows it: which fields changed, not their values. */
export const AuditoriaFila = Type.Object({
  AUD_ID: Type.Integer(),
  AUD_FECHA: Type.String({ description: 'Fecha y hora (ISO 8601, UTC)' }),
  ADM_CODIGO: Nullable(Type.Integer()),
  AUD_USUARIO: Type.String(),
  /** The administrator's current name; null once the account is gone. */
  ADM_NOMBRE: Nullable(Type.String()),
  AUD_RECURSO: Type.String(),
  AUD_REGISTRO: Type.String(),
  AUD_ACCION: Type.String(),
  /** The fields the change touched (keys of the values before and after). */
  CAMPOS: Type.Array(Type.String()),
});
export type AuditoriaFila = Static<typeof AuditoriaFila>;

/** One change with the values before and after (only the fields that changed; never a secret). */
export const AuditoriaDetalle = Type.Object({
  ...AuditoriaFila.properties,
  AUD_ANTES: Nullable(Type.Record(Type.String(), Type.Unknown())),
  AUD_DESPUES: Nullable(Type.Record(Type.String(), Type.Unknown())),
});
export type AuditoriaDetalle = Static<typeof AuditoriaDetalle>;
