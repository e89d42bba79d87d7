/**
 * A guía de remisión's rules in Spanish: the form shows them as the user types and the server answers them. A message
 * about a destinatario carries its number ("Destinatario 2: …"), and one about a good both ("Destinatario 1, bien 3: …").
 * The API's own sentences are the contract's (GUIAS_MSG), reused here where they say the same.
 */
import { GUIAS_MSG } from '../contratos/guiasRemision';

export const enDestinatario = (destinatario: number, texto: string) => `Destinatario ${destinatario}: ${texto}`;
export const enBien = (destinatario: number, bien: number, texto: string) => `Destinatario ${destinatario}, bien ${bien}: ${texto}`;

/** The schema's bounds (GuiaRemision_V1.1.0.xsd). */
export const LIMITES_GUIA = {
  destinatarios: 100,
  bienes: 1000,
  placa: 20,
  identificacion: 20,
  docAduanero: 20,
  codigo: 25,
  texto: 300,
  detallesAdicionales: 3,
} as const;

export const GUIA_MSG = {
  sinDestinatarios: GUIAS_MSG.sinDestinatarios,
  sinDetalles: GUIAS_MSG.sinDetalles,
  fechaFin: GUIAS_MSG.fechaFin,
  demasiadosDestinatarios: `La guía admite hasta ${LIMITES_GUIA.destinatarios} destinatarios.`,
  demasiadosBienes: (destinatario: number) =>
    enDestinatario(destinatario, `la guía admite hasta ${LIMITES_GUIA.bienes} bienes por destinatario.`),
  requerido: (campo: string) => `Ingrese ${campo}.`,
  largo: (campo: string, maximo: number) => `${campo} admite hasta ${maximo} caracteres.`,
  fechaInicio: 'La fecha de inicio del transporte no es una fecha válida (AAAA-MM-DD, de este siglo).',
  fechaFinInvalida: 'La fecha de fin del transporte no es una fecha válida (AAAA-MM-DD, de este siglo).',
  cantidadRequerida: 'ingrese la cantidad.',
  cantidadFormato: 'la cantidad debe ser un número, por ejemplo 2 o 1.5.',
  cantidadCero: 'la cantidad debe ser mayor que cero.',
  cantidadDecimales: 'la cantidad admite hasta 6 decimales.',
  cantidadGrande: 'la cantidad admite hasta 12 dígitos enteros.',
  estabDestino: 'el código del establecimiento de destino debe tener 3 dígitos, por ejemplo 002.',
  detallesAdicionales: `admite hasta ${LIMITES_GUIA.detallesAdicionales} detalles adicionales.`,
  detalleAdicionalIncompleto: (n: number) =>
    `el detalle adicional ${n} necesita nombre y valor, de hasta ${LIMITES_GUIA.texto} caracteres.`,
  sustentoNumero: 'el número de la factura de sustento debe tener la forma 001-001-000000123.',
  sustentoAutorizacion: 'el número de autorización de la factura de sustento debe tener de 10 a 49 dígitos.',
  sustentoFecha: 'la fecha de la factura de sustento no es una fecha válida.',
  correosLargos: `Los correos de los destinatarios, juntos, superan los ${LIMITES_GUIA.texto} caracteres que admite el campo Email de la guía: deje menos correos.`,
  sustentoNoAutorizado: (destinatario: number) => enDestinatario(destinatario, GUIAS_MSG.sustentoNoAutorizado),
  transportistaInactivo: GUIAS_MSG.transportistaInactivo,
} as const;
