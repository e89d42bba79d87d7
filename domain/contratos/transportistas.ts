/**
 * The carriers' book of the company application, under /api/transportistas, permiso 'transportistas', company token,
 * roles ROLES_PERMITIDOS.transportistas (every role reads and manages them):
 *
 *   GET    /api/transportistas                list (ra-data-simple-rest: range, sort, filter; total in Content-Range)
 *                                             filter: q (part of the identification, the names or the plate, any case
 *                                             or accent), TRA_ACTIVO (true/false), TRA_TIPO_IDENTIFICACION (one or a
 *                                             list), id (list); sort: TRA_CODIGO (default DESC), TRA_RAZON_SOCIAL,
 *                                             TRA_IDENTIFICACION, TRA_PLACA
 *   GET    /api/transportistas/exportar       ?formato=csv|xlsx&filter&sort: the whole filtered list as a spreadsheet
 *   GET    /api/transportistas/plantilla      ?formato=csv|xlsx: the import's template
 *   POST   /api/transportistas/import         multipart, field `current`: a CSV or .xlsx; answers rows created, updated
 *                                             and refused with their line and reason (ResultadoImportacionTransportistas)
 *   GET    /api/transportistas/apiRuc/:ruc    the form's lookup: the company's carriers, then the RUC services
 *   GET    /api/transportistas/apiCedula/:id  the same with a cédula (the cédula service)
 *   GET    /api/transportistas/:id            one carrier
 *   POST   /api/transportistas                creates one → 201 (a failed check digit: 422 ADVERTENCIA_IDENTIFICACION
 *                                             unless aceptarAdvertencia; the identification taken: 409)
 *   PUT    /api/transportistas/:id            edits one (a field left out keeps its value; null empties it)
 *   DELETE /api/transportistas/:id            deletes one no guía de remisión names; else 409 (deactivate it instead)
 */
import { Type, type Static } from 'typebox';
import { multiline, Nullable } from './esquemas';
import { TRANSPORTISTA_LIMITES, TRANSPORTISTA_MSG, TIPOS_IDENTIFICACION_TRANSPORTISTA } from '../transportistas';
import {
  AceptarAdvertencia,
  contactoEsquemas,
  ErrorImportacion,
  IdentificacionEsquema,
  TipoIdentificacionEsquema,
  textoTipos,
} from './terceros';

const TIPOS_TEXTO = textoTipos(TIPOS_IDENTIFICACION_TRANSPORTISTA);
const contacto = contactoEsquemas(TRANSPORTISTA_LIMITES, TRANSPORTISTA_MSG);

/** A carrier as every call answers it (GET /api/transportistas/{id}, the list's rows, create and edit). */
export const Transportista = Type.Object({
  TRA_CODIGO: Type.Integer(),
  TRA_TIPO_IDENTIFICACION: Type.String({ description: TIPOS_TEXTO }),
  TRA_IDENTIFICACION: Type.String(),
  TRA_RAZON_SOCIAL: Type.String(),
  TRA_PLACA: Type.String({ description: 'Placa del vehículo, en mayúsculas (la que proponen sus guías de remisión)' }),
  TRA_CORREOS: Type.Array(Type.String()),
  TRA_TELEFONOS: Type.Array(Type.String()),
  TRA_DIRECCION: Nullable(Type.String()),
  TRA_ACTIVO: Type.Boolean(),
  TRA_OBSERVACION: Nullable(Type.String()),
  TRA_CREADO: Type.String({ description: 'Fecha y hora ISO 8601' }),
  TRA_ACTUALIZADO: Type.String({ description: 'Fecha y hora ISO 8601' }),
});
export type Transportista = Static<typeof Transportista>;

/** Creating or editing a carrier. On PUT a field left out keeps its value; null empties it. */
export const TransportistaDatos = Type.Object({
  TRA_TIPO_IDENTIFICACION: TipoIdentificacionEsquema(TIPOS_IDENTIFICACION_TRANSPORTISTA, TRANSPORTISTA_MSG.tipoIdentificacion),
  TRA_IDENTIFICACION: IdentificacionEsquema(TRANSPORTISTA_LIMITES.identificacion),
  TRA_RAZON_SOCIAL: Type.String({ maxLength: TRANSPORTISTA_LIMITES.razonSocial }),
  // Checked once trimmed (domain/transportistas.ts checkPlaca): surrounding blanks do not count.
  TRA_PLACA: Type.String({
    maxLength: 60,
    errorMessage: TRANSPORTISTA_MSG.placaLarga,
    description: 'Placa del vehículo, 1 a 20 caracteres',
  }),
  TRA_CORREOS: contacto.correos,
  TRA_TELEFONOS: contacto.telefonos,
  TRA_DIRECCION: Type.Optional(Nullable(Type.String({ maxLength: TRANSPORTISTA_LIMITES.direccion }))),
  TRA_ACTIVO: Type.Optional(Type.Boolean()),
  TRA_OBSERVACION: Type.Optional(Nullable(Type.String({ maxLength: TRANSPORTISTA_LIMITES.observacion, ...multiline }))),
  aceptarAdvertencia: AceptarAdvertencia,
});
export type TransportistaDatos = Static<typeof TransportistaDatos>;

export const TransportistaParam = Type.Object({ TRA_CODIGO: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

/** What a lookup found, with the carrier form's field names: the form fills itself from it. */
const TransportistaConsultado = Type.Object({
  TRA_TIPO_IDENTIFICACION: Type.String({ description: '04 RUC, 05 cédula (o el tipo del transportista ya registrado)' }),
  TRA_IDENTIFICACION: Type.String(),
  TRA_RAZON_SOCIAL: Type.String(),
  TRA_CORREOS: Type.Array(Type.String()),
  TRA_TELEFONOS: Type.Array(Type.String()),
  TRA_DIRECCION: Nullable(Type.String()),
});

export const ConsultaTransportista = Type.Object({
  fuente: Type.String({
    description:
      'transportistas: un transportista de la empresa; servicio1, servicio2…: el servicio de RUC que respondió, en el orden configurado; cedula: el servicio de cédulas',
  }),
  transportista: TransportistaConsultado,
  existente: Type.Optional(Type.Integer({ description: 'TRA_CODIGO del transportista ya registrado con esa identificación' })),
});
export type ConsultaTransportista = Static<typeof ConsultaTransportista>;

export const ResultadoImportacionTransportistas = Type.Object({
  total: Type.Integer({ description: 'Filas de datos leídas (sin la cabecera ni las líneas vacías)' }),
  creados: Type.Integer(),
  actualizados: Type.Integer({ description: 'Transportistas que ya existían con esa identificación y se actualizaron' }),
  advertencias: Type.Integer({ description: 'Filas guardadas cuya cédula o RUC no pasa el dígito verificador' }),
  errores: Type.Array(ErrorImportacion, { description: 'Las filas no guardadas (las primeras mil)' }),
  erroresOmitidos: Type.Integer({ description: 'Filas con error que no caben en la lista' }),
});
export type ResultadoImportacionTransportistas = Static<typeof ResultadoImportacionTransportistas>;

export const Eliminado = Type.Object({ msg: Type.String() });
