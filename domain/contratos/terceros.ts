/**
 * What the contracts of a company's parties (its clients, its suppliers) share: the identification, the contact data,
 * the taxpayer flags and a refused row of their imports. Each contract names the fields with its own prefix and passes
 * its own limits and messages.
 */
import { Type, type Static } from 'typebox';
import { Nullable } from './esquemas';
import { BANDERAS, type Banderas } from '../clientes';

/** "04 RUC, 05 Cédula, …": the types as the contract describes them. */
export const textoTipos = (tipos: ReadonlyArray<{ id: string; name: string }>) => tipos.map((t) => `${t.id} ${t.name}`).join(', ');

/** One enum (not a union of literals): a wrong value gets its own Spanish message. */
export const TipoIdentificacionEsquema = <T extends string>(tipos: ReadonlyArray<{ id: T; name: string }>, errorMessage: string) =>
  Type.Unsafe<T>(Type.String({ enum: tipos.map((t) => t.id), description: textoTipos(tipos), errorMessage }));

export const IdentificacionEsquema = (maxLength: number) =>
  Type.String({ maxLength, description: 'RUC 13 dígitos, cédula 10, pasaporte o exterior 3 a 20 letras o números' });

type MensajesContacto = { correoInvalido: string; demasiadosCorreos: string; telefonoInvalido: string; demasiadosTelefonos: string };

/** The emails and phones of a create or an edit (optional: on PUT one left out keeps its value). */
export const contactoEsquemas = (limites: { correos: number; telefonos: number }, msg: MensajesContacto) => ({
  correos: Type.Optional(
    Type.Array(Type.String({ maxLength: 150, errorMessage: msg.correoInvalido }), {
      maxItems: limites.correos,
      errorMessage: msg.demasiadosCorreos,
    }),
  ),
  telefonos: Type.Optional(
    Type.Array(Type.String({ maxLength: 30, errorMessage: msg.telefonoInvalido }), {
      maxItems: limites.telefonos,
      errorMessage: msg.demasiadosTelefonos,
    }),
  ),
});

export const AceptarAdvertencia = Type.Optional(
  Type.Boolean({
    description: 'true cuando el usuario aceptó la advertencia del dígito verificador (sin él: 422 ADVERTENCIA_IDENTIFICACION)',
  }),
);

export const BanderasSchema = Type.Unsafe<Banderas>(
  Type.Object(
    {
      ...Object.fromEntries(Object.keys(BANDERAS).map((key) => [key, Type.Optional(Type.Boolean())])),
      catastro: Type.Optional(Nullable(Type.Object({}, { additionalProperties: true }))),
      consultado: Type.Optional(Type.String({ description: 'Fecha y hora ISO 8601 de la consulta' })),
    },
    { additionalProperties: true, description: 'Banderas del contribuyente (fantasma, especial, agenteRetencion, rimpe, catastro)' },
  ),
);

/** One refused row of an import: its line in the file (the header is line 1), its identification and why. */
export const ErrorImportacion = Type.Object({
  linea: Type.Integer({ description: 'Línea del archivo (la cabecera es la línea 1)' }),
  identificacion: Type.String(),
  motivo: Type.String({ description: 'Por qué no se guardó, en español' }),
});
export type ErrorImportacion = Static<typeof ErrorImportacion>;
