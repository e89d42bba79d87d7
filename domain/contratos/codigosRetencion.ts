/**
 * The SRI's withholding codes (table codigos_retencion, rules in domain/codigosRetencion.ts):
 *
 *   Back office, permiso 'codigosRetencion' (administration token):
 *   GET    /api/EmpresasAmelia/codigosRetencion       list (ra-data-simple-rest); filter: RCO_IMPUESTO (one or a list),
 *                                                     q (code or words of the concept), vigentes (YYYY-MM-DD: the rows in
 *                                                     force that day), id (list); sort: RCO_IMPUESTO (default: impuesto,
 *                                                     code, newest first), RCO_CODIGO, RCO_PORCENTAJE, RCO_DESDE
 *   GET    /api/EmpresasAmelia/codigosRetencion/:id   one
 *   POST   /api/EmpresasAmelia/codigosRetencion       a new row (201); 400 when it breaks a rule or shares a day with
 *                                                     another row of the same tax and code
 *   PUT    /api/EmpresasAmelia/codigosRetencion/:id   edits it (closing it with a hasta), same rules
 *   DELETE /api/EmpresasAmelia/codigosRetencion/:id   only a row no withholding line applied (409 otherwise)
 *
 *   Companies, permisos 'retenciones' or 'liquidacionesCompra' (company token, accounting roles):
 *   GET    /api/codigosRetencion?fecha=YYYY-MM-DD&impuesto=1|2|6   the rows in force that day, by tax and code
 *
 * Every change is in the audit log (recurso codigosRetencion).
 */
import { Type, type Static } from 'typebox';
import { Nullable, text } from './esquemas';
import { ListQuery } from './lista';
import { CODIGO_RETENCION_MSG, CODIGO_RETENCION_PATTERN, IMPUESTOS_RETENCION, type ImpuestoRetencion } from '../codigosRetencion';

const Dia = (description: string, errorMessage: string = CODIGO_RETENCION_MSG.fechaInvalida) =>
  Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: `${description} (AAAA-MM-DD)`, errorMessage });

// One enum (not a union of literals): a wrong value gets its own Spanish message.
const Impuesto = Type.Unsafe<ImpuestoRetencion>(
  Type.String({
    enum: [...IMPUESTOS_RETENCION],
    description: '1 renta, 2 IVA, 6 ISD',
    errorMessage: CODIGO_RETENCION_MSG.impuestoInvalido,
  }),
);

/** A row of the table as a company reads it: what it chooses from. */
export const CodigoRetencionVigente = Type.Object({
  RCO_ID: Type.Integer(),
  RCO_IMPUESTO: Impuesto,
  RCO_CODIGO: Type.String({ description: 'El codigoRetencion del SRI: 312, 3440, 332B, 9…' }),
  RCO_CONCEPTO: Type.String(),
  RCO_PORCENTAJE: Type.String({ description: 'Porcentaje con dos decimales, p. ej. "1.75"' }),
  RCO_DESDE: Type.String({ description: 'En vigor desde (AAAA-MM-DD)' }),
  RCO_HASTA: Nullable(Type.String({ description: 'En vigor hasta (AAAA-MM-DD); null: sin fecha de fin' })),
});
export type CodigoRetencionVigente = Static<typeof CodigoRetencionVigente>;

/** A row as the back office reads it. */
export const CodigoRetencion = Type.Object({
  ...CodigoRetencionVigente.properties,
  RCO_ACTUALIZADO: Type.String({ description: 'Última modificación (ISO 8601)' }),
  enVigor: Type.Boolean({ description: 'En vigor hoy (fecha de Ecuador)' }),
  usos: Type.Integer({ description: 'Líneas de retención que lo aplicaron (con usos no se elimina: se cierra con una fecha hasta)' }),
});
export type CodigoRetencion = Static<typeof CodigoRetencion>;

/** Creating or editing a row. */
export const CodigoRetencionDatos = Type.Object({
  RCO_IMPUESTO: Impuesto,
  RCO_CODIGO: Type.String({ pattern: CODIGO_RETENCION_PATTERN, errorMessage: CODIGO_RETENCION_MSG.codigoInvalido }),
  RCO_CONCEPTO: text(500),
  RCO_PORCENTAJE: Type.Number({ minimum: 0, maximum: 100, errorMessage: CODIGO_RETENCION_MSG.porcentajeInvalido }),
  RCO_DESDE: Dia('En vigor desde'),
  RCO_HASTA: Type.Optional(Nullable(Dia('En vigor hasta; null o ausente: sin fecha de fin'))),
});
export type CodigoRetencionDatos = Static<typeof CodigoRetencionDatos>;

export const CodigoRetencionQuery = ListQuery;

/** GET /api/codigosRetencion: the day (the retención's or the liquidación's date) and, optionally, one tax. */
export const CodigosVigentesQuery = Type.Object({
  fecha: Dia('El día', 'Indique la fecha (AAAA-MM-DD)'),
  impuesto: Type.Optional(Impuesto),
});
export type CodigosVigentesQuery = Static<typeof CodigosVigentesQuery>;

export const CodigoRetencionEliminado = Type.Object({ RCO_ID: Type.Integer(), msg: Type.String() });
