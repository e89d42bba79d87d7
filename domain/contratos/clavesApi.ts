/**
 * A company's API keys, under /api/clavesApi, permiso 'clavesApi', company session (never a key), role administrador:
 *
 *   GET    /api/clavesApi               list (ra-data-simple-rest: range, sort CLA_CODIGO|CLA_NOMBRE|CLA_ULTIMO_USO,
 *                                       filter q, revocada true/false); never the key itself
 *   GET    /api/clavesApi/:id           one key
 *   GET    /api/clavesApi/:id/actividad what the key did (the company's history lines it made), newest first, paged
 *   POST   /api/clavesApi               { CLA_NOMBRE, CLA_ALCANCES } → 201 ClaveApiCreada: the only time the key is shown
 *   PUT    /api/clavesApi/:id           { CLA_NOMBRE } renames it (the scopes of a key never change: create another)
 *   POST   /api/clavesApi/:id/revocar   revokes it at once on every instance (idempotent: a revoked key stays revoked)
 *
 * A key is sent as `Authorization: Bearer amk_…` to the company API (/api/...). It acts for the administrador who
 * created it and only while that user is an active administrador of the company; with 'leer' it calls the GETs, with
 * 'emitir' the writes, of the sections in PERMISOS_CLAVE (domain/integraciones.ts) the company's menu has. Each key
 * has its own rate limit (API_CLAVE_LIMITE requests a minute: then 429 with Retry-After). Creating, renaming and
 * revoking are in the company's history; so is every write a key makes (HIS_ACCION 'api').
 */
import { Type, type Static } from 'typebox';
import { ALCANCES_CLAVE, type AlcanceClave } from '../integraciones';

const ALCANCES_MSG = `Elija al menos un alcance: ${ALCANCES_CLAVE.join(', ')}`;

export const ClaveApi = Type.Object({
  CLA_CODIGO: Type.Integer(),
  CLA_NOMBRE: Type.String(),
  CLA_PREFIJO: Type.String({ description: 'Los primeros caracteres de la clave, para reconocerla' }),
  CLA_ALCANCES: Type.Array(Type.String({ description: ALCANCES_CLAVE.join(', ') })),
  CLA_CREADA: Type.String({ description: 'ISO 8601' }),
  CLA_ULTIMO_USO: Type.Union([Type.String({ description: 'ISO 8601' }), Type.Null()]),
  CLA_REVOCADA: Type.Union([Type.String({ description: 'ISO 8601' }), Type.Null()]),
  USU_CODIGO: Type.Integer({ description: 'El administrador que la creó y por quien actúa' }),
  USU_USUARIO: Type.String(),
});
export type ClaveApi = Static<typeof ClaveApi>;

export const ClaveApiNueva = Type.Object({
  CLA_NOMBRE: Type.String({
    minLength: 1,
    maxLength: 60,
    errorMessage: 'El nombre de la clave es obligatorio (hasta 60 caracteres)',
    description: 'Para reconocerla: "Caja 1", "Tienda en línea"',
  }),
  // One enum rather than a union of literals: an unknown scope then reads the same message as an empty list.
  CLA_ALCANCES: Type.Array(Type.Unsafe<AlcanceClave>({ type: 'string', enum: [...ALCANCES_CLAVE], errorMessage: ALCANCES_MSG }), {
    minItems: 1,
    maxItems: 2,
    uniqueItems: true,
    errorMessage: ALCANCES_MSG,
  }),
});
export type ClaveApiNueva = Static<typeof ClaveApiNueva>;

export const ClaveApiEdicion = Type.Object({ CLA_NOMBRE: ClaveApiNueva.properties.CLA_NOMBRE });
export type ClaveApiEdicion = Static<typeof ClaveApiEdicion>;

/** The answer to creating a key: the key itself, shown this once. */
export const ClaveApiCreada = Type.Object({
  ...ClaveApi.properties,
  clave: Type.String({ description: 'amk_…: guárdela ahora; no se vuelve a mostrar' }),
});
export type ClaveApiCreada = Static<typeof ClaveApiCreada>;

/** The answer to revoking a key: what happened (revocada or yaRevocada) and the key as it is now. */
export const ClaveApiRevocada = Type.Object({ msg: Type.String(), clave: ClaveApi });
export type ClaveApiRevocada = Static<typeof ClaveApiRevocada>;

/** A line of what a key did. */
export const ActividadClave = Type.Object({
  HIS_ID: Type.Integer(),
  HIS_FECHA: Type.String({ description: 'ISO 8601' }),
  HIS_ACCION: Type.String(),
  HIS_DESCRIPCION: Type.String(),
});
export type ActividadClave = Static<typeof ActividadClave>;

export const CLAVES_MSG = {
  creada: 'Clave creada. Cópiela ahora: no se volverá a mostrar.',
  revocada: 'Clave revocada. Deja de funcionar de inmediato.',
  yaRevocada: 'La clave ya estaba revocada.',
  invalida: 'La clave de API no es válida o fue revocada.',
  sinAlcance: (alcance: string) => `La clave de API no tiene el alcance «${alcance}» que pide esta acción.`,
  rutaNoPermitida: 'Esta acción no está disponible con una clave de API: inicie sesión en Amelia.',
  limite: (segundos: number) =>
    `Demasiadas solicitudes con esta clave de API. Espere ${segundos} ${segundos === 1 ? 'segundo' : 'segundos'} e intente nuevamente.`,
};
