import { Type, type Static } from '@fastify/type-provider-typebox';
import { multiline } from '../../core/schemas';

// null clears a value. `nullable` rather than a union with Null: a wrong value then gets the field's own message.
// A value may be a paragraph (a notice, an address), so line breaks are allowed.
const value = Type.Unsafe<string | null>({ type: 'string', nullable: true, maxLength: 2000, ...multiline });
const values = {
  CON_VALOR1: value,
  CON_VALOR2: value,
  CON_VALOR3: value,
  CON_VALOR4: value,
  CON_VALOR5: value,
  CON_VALOR6: value,
  CON_VALOR7: value,
  CON_VALOR8: value,
};

/** A global setting; the web app reads the whole list by position (domain/configuraciones.ts). */
export const Configuracion = Type.Object({ CON_CODIGO: Type.Integer(), CON_NOMBRE: Type.String(), ...values });
export type Configuracion = Static<typeof Configuracion>;

// CON_CODIGO starts at 0 (the settings array is read by position), so 0 is a valid id here.
const Codigo = Type.Integer({ minimum: 0, maximum: 2147483647 });
export const ConfiguracionParams = Type.Object({ id: Codigo });

export const ConfiguracionCambio = Type.Object({
  CON_CODIGO: Codigo,
  CON_NOMBRE: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  ...Type.Partial(Type.Object(values)).properties,
});
export type ConfiguracionCambio = Static<typeof ConfiguracionCambio>;

/** An image value of a setting: POST /configuraciones/{id}/imagen/{valor} (valor 6, 7 or 8 of setting 5). */
export const ImagenParams = Type.Object({ id: Codigo, valor: Type.Integer({ minimum: 1, maximum: 8 }) });
/** An uploaded setting image, by its file id (the value stored points at it). */
export const ArchivoParams = Type.Object({
  archivo: Type.String({ pattern: '^[0-9a-f]{32}$', errorMessage: 'No existe esa imagen' }),
});
export const ImagenGuardada = Type.Object({ ...Configuracion.properties, msg: Type.String() });
