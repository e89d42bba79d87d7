import { useMemo } from 'react';
import { TextArrayInput, TextInput, maxLength, required } from 'react-admin';
import { TELEFONO_PATTERN } from '../../../domain/clientes';
import { isEmail } from '../../../domain/identifiers';
import { IdentificacionInput, type LibroIdentificacion } from './IdentificacionInput';
import { texto } from './textos';

/**
 * What a client's, a supplier's and a carrier's forms share (a party of the company): the identification, the names and the contact
 * data, checked with the book's limits and messages, and sent as the API takes them.
 */

/** A book without a commercial name (the carriers') leaves `nombreComercial` out: the form has no such input. */
type Limites = { razonSocial: number; nombreComercial?: number; direccion: number; correos: number; telefonos: number };
type Mensajes = { razonSocialRequerida: string; correoInvalido: string; telefonoInvalido: string };

export const limpio = (value: unknown) => String(value ?? '').trim();
const lista = (value: unknown) =>
  Array.isArray(value) ? [...new Set(value.map((v) => limpio(v)).filter(Boolean))] : limpio(value) ? [limpio(value)] : [];
/** A phone as the API stores it: digits, spaces and a leading + (the SRI writes 042-345678). */
const telefono = (value: string) =>
  value
    .replace(/[-().]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

type Campo = 'IDENTIFICACION' | 'RAZON_SOCIAL' | 'NOMBRE_COMERCIAL' | 'CORREOS' | 'TELEFONOS' | 'DIRECCION';
export type DatosTercero<P extends string> = Record<`${P}_IDENTIFICACION` | `${P}_RAZON_SOCIAL`, string> &
  Record<`${P}_NOMBRE_COMERCIAL` | `${P}_DIRECCION`, string | null> &
  Record<`${P}_CORREOS` | `${P}_TELEFONOS`, string[]>;

/** The party's fields as the API takes them: trimmed, lists without blanks or repeats, emails in lower case. */
export function terceroToWire<P extends string>(prefijo: P, values: Record<string, unknown>): DatosTercero<P> {
  const v = (campo: Campo) => values[`${prefijo}_${campo}`];
  return {
    [`${prefijo}_IDENTIFICACION`]: limpio(v('IDENTIFICACION')),
    [`${prefijo}_RAZON_SOCIAL`]: limpio(v('RAZON_SOCIAL')),
    [`${prefijo}_NOMBRE_COMERCIAL`]: limpio(v('NOMBRE_COMERCIAL')) || null,
    [`${prefijo}_CORREOS`]: [...new Set(lista(v('CORREOS')).map((c) => c.toLowerCase()))],
    [`${prefijo}_TELEFONOS`]: lista(v('TELEFONOS')).map(telefono),
    [`${prefijo}_DIRECCION`]: limpio(v('DIRECCION')) || null,
  } as DatosTercero<P>;
}

const validadores = (limites: Limites, msg: Mensajes) => ({
  correos: (value: unknown) => {
    const values = lista(value);
    if (values.length > limites.correos) return texto('form.demasiados_correos');
    return values.every(isEmail) ? undefined : msg.correoInvalido;
  },
  telefonos: (value: unknown) => {
    const values = lista(value);
    if (values.length > limites.telefonos) return texto('form.demasiados_telefonos');
    return values.every((v) => TELEFONO_PATTERN.test(telefono(v))) ? undefined : msg.telefonoInvalido;
  },
});

/** The identification, names, emails, phones and address inputs of a client's (no libro), a supplier's or a carrier's form. */
export function TerceroCampos({ libro, limites, msg }: { libro?: LibroIdentificacion; limites: Limites; msg: Mensajes }) {
  const p = libro?.prefijo ?? 'CLI';
  const { correos, telefonos } = useMemo(() => validadores(limites, msg), [limites, msg]);
  return (
    <>
      <IdentificacionInput libro={libro} />
      <TextInput source={`${p}_RAZON_SOCIAL`} validate={[required(msg.razonSocialRequerida), maxLength(limites.razonSocial)]} fullWidth />
      {limites.nombreComercial !== undefined && (
        <TextInput source={`${p}_NOMBRE_COMERCIAL`} validate={maxLength(limites.nombreComercial)} fullWidth />
      )}
      <TextArrayInput source={`${p}_CORREOS`} validate={correos} helperText={texto('form.ayuda_correos')} fullWidth />
      <TextArrayInput source={`${p}_TELEFONOS`} validate={telefonos} helperText={texto('form.ayuda_telefonos')} fullWidth />
      <TextInput source={`${p}_DIRECCION`} validate={maxLength(limites.direccion)} fullWidth />
    </>
  );
}
