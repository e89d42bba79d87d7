/**
 * The suppliers book of the company application, under /api/proveedores, permiso 'proveedores', company token, roles
 * ROLES_PERMITIDOS.proveedores (reads: leer; the rest: gestionar):
 *
 *   GET    /api/proveedores                list (ra-data-simple-rest: range, sort, filter; total in Content-Range)
 *                                          filter: q (part of the identification or the names, any case or accent),
 *                                          PRV_ACTIVO (true/false), PRV_TIPO_IDENTIFICACION (one or a list), bandera
 *                                          (fantasma, especial, agenteRetencion, rimpe), id (list)
 *                                          sort: PRV_CODIGO (default DESC), PRV_RAZON_SOCIAL, PRV_IDENTIFICACION
 *   GET    /api/proveedores/exportar       ?formato=csv|xlsx&filter&sort: the whole filtered list as a spreadsheet
 *   GET    /api/proveedores/plantilla      ?formato=csv|xlsx: the import's template
 *   POST   /api/proveedores/import         multipart, field `current`: a CSV or .xlsx; answers rows created, updated and
 *                                          refused with their line and reason (ResultadoImportacionProveedores)
 *   GET    /api/proveedores/apiRuc/:ruc    the form's lookup: the company's suppliers, then the RUC services
 *   GET    /api/proveedores/apiCedula/:id  the same with a cédula (the cédula service)
 *   GET    /api/proveedores/:id            one supplier
 *   POST   /api/proveedores                creates one → 201 (a failed check digit: 422 ADVERTENCIA_IDENTIFICACION
 *                                          unless aceptarAdvertencia; the identification taken: 409)
 *   PUT    /api/proveedores/:id            edits one (a field left out keeps its value; null empties it)
 *   DELETE /api/proveedores/:id            deletes one no document names (recibidos, retenciones, liquidaciones); else 409
 *   POST   /api/proveedores/:id/banderas   asks the SRI's flag services (fantasma, especial, agente de retención, RIMPE,
 *                                          catastro) for its RUC and keeps the answer in PRV_BANDERAS
 */
import { Type, type Static } from 'typebox';
import { multiline, Nullable } from './esquemas';
import { PROVEEDOR_LIMITES, PROVEEDOR_MSG, TIPOS_IDENTIFICACION_PROVEEDOR } from '../proveedores';
import {
  AceptarAdvertencia,
  BanderasSchema,
  contactoEsquemas,
  ErrorImportacion,
  IdentificacionEsquema,
  TipoIdentificacionEsquema,
  textoTipos,
} from './terceros';

const TIPOS_TEXTO = textoTipos(TIPOS_IDENTIFICACION_PROVEEDOR);
const contacto = contactoEsquemas(PROVEEDOR_LIMITES, PROVEEDOR_MSG);

/** A supplier as every call answers it (GET /api/proveedores/{id}, the list's rows, create and edit). */
export const Proveedor = Type.Object({
  PRV_CODIGO: Type.Integer(),
  PRV_TIPO_IDENTIFICACION: Type.String({ description: TIPOS_TEXTO }),
  PRV_IDENTIFICACION: Type.String(),
  PRV_RAZON_SOCIAL: Type.String(),
  PRV_NOMBRE_COMERCIAL: Nullable(Type.String()),
  PRV_CORREOS: Type.Array(Type.String()),
  PRV_TELEFONOS: Type.Array(Type.String()),
  PRV_DIRECCION: Nullable(Type.String()),
  PRV_CONTACTO: Nullable(Type.String({ description: 'A quién dirigirse en el proveedor' })),
  PRV_DIAS_CREDITO: Type.Integer(),
  PRV_ACTIVO: Type.Boolean(),
  PRV_OBSERVACION: Nullable(Type.String()),
  PRV_BANDERAS: Nullable(BanderasSchema),
  PRV_CREADO: Type.String({ description: 'Fecha y hora ISO 8601' }),
  PRV_ACTUALIZADO: Type.String({ description: 'Fecha y hora ISO 8601' }),
});
export type Proveedor = Static<typeof Proveedor>;

/** Creating or editing a supplier. On PUT a field left out keeps its value; null empties it. */
export const ProveedorDatos = Type.Object({
  PRV_TIPO_IDENTIFICACION: TipoIdentificacionEsquema(TIPOS_IDENTIFICACION_PROVEEDOR, PROVEEDOR_MSG.tipoIdentificacion),
  PRV_IDENTIFICACION: IdentificacionEsquema(PROVEEDOR_LIMITES.identificacion),
  PRV_RAZON_SOCIAL: Type.String({ maxLength: PROVEEDOR_LIMITES.razonSocial }),
  PRV_NOMBRE_COMERCIAL: Type.Optional(Nullable(Type.String({ maxLength: PROVEEDOR_LIMITES.nombreComercial }))),
  PRV_CORREOS: contacto.correos,
  PRV_TELEFONOS: contacto.telefonos,
  PRV_DIRECCION: Type.Optional(Nullable(Type.String({ maxLength: PROVEEDOR_LIMITES.direccion }))),
  PRV_CONTACTO: Type.Optional(Nullable(Type.String({ maxLength: PROVEEDOR_LIMITES.contacto }))),
  PRV_DIAS_CREDITO: Type.Optional(
    Type.Integer({ minimum: 0, maximum: PROVEEDOR_LIMITES.diasCredito, errorMessage: PROVEEDOR_MSG.diasCredito }),
  ),
  PRV_ACTIVO: Type.Optional(Type.Boolean()),
  PRV_OBSERVACION: Type.Optional(Nullable(Type.String({ maxLength: PROVEEDOR_LIMITES.observacion, ...multiline }))),
  aceptarAdvertencia: AceptarAdvertencia,
});
export type ProveedorDatos = Static<typeof ProveedorDatos>;

export const ProveedorParam = Type.Object({ PRV_CODIGO: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

/** What a lookup found, with the supplier form's field names: the form fills itself from it. */
const ProveedorConsultado = Type.Object({
  PRV_TIPO_IDENTIFICACION: Type.String({ description: '04 RUC, 05 cédula (o el tipo del proveedor ya registrado)' }),
  PRV_IDENTIFICACION: Type.String(),
  PRV_RAZON_SOCIAL: Type.String(),
  PRV_NOMBRE_COMERCIAL: Nullable(Type.String()),
  PRV_CORREOS: Type.Array(Type.String()),
  PRV_TELEFONOS: Type.Array(Type.String()),
  PRV_DIRECCION: Nullable(Type.String()),
});

export const ConsultaProveedor = Type.Object({
  fuente: Type.String({
    description:
      'proveedores: un proveedor de la empresa; servicio1, servicio2…: el servicio de RUC que respondió, en el orden configurado; cedula: el servicio de cédulas',
  }),
  proveedor: ProveedorConsultado,
  existente: Type.Optional(Type.Integer({ description: 'PRV_CODIGO del proveedor ya registrado con esa identificación' })),
});
export type ConsultaProveedor = Static<typeof ConsultaProveedor>;

export const ResultadoImportacionProveedores = Type.Object({
  total: Type.Integer({ description: 'Filas de datos leídas (sin la cabecera ni las líneas vacías)' }),
  creados: Type.Integer(),
  actualizados: Type.Integer({ description: 'Proveedores que ya existían con esa identificación y se actualizaron' }),
  advertencias: Type.Integer({ description: 'Filas guardadas cuya cédula o RUC no pasa el dígito verificador' }),
  errores: Type.Array(ErrorImportacion, { description: 'Las filas no guardadas (las primeras mil)' }),
  erroresOmitidos: Type.Integer({ description: 'Filas con error que no caben en la lista' }),
});
export type ResultadoImportacionProveedores = Static<typeof ResultadoImportacionProveedores>;

export const Eliminado = Type.Object({ msg: Type.String() });
