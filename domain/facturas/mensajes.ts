/**
 * The invoice's validation messages, in Spanish: the form shows them as the user types and the server answers them.
 * A message about one line or one payment carries its number ("Línea 2: …") so the user finds it among twenty.
 */
import { LIMITE_CONSUMIDOR_FINAL, LIMITES_FACTURA } from './catalogos';

export const enLinea = (linea: number, texto: string) => `Línea ${linea}: ${texto}`;
export const enPago = (pago: number, texto: string) => `Forma de pago ${pago}: ${texto}`;
export const enCampoAdicional = (campo: number, texto: string) => `Información adicional ${campo}: ${texto}`;

export const FACTURA_MSG = {
  sinLineas: 'La factura debe tener al menos una línea.',
  cantidadRequerida: 'ingrese la cantidad.',
  cantidadFormato: 'la cantidad debe ser un número, por ejemplo 2 o 1.5.',
  cantidadCero: 'la cantidad debe ser mayor que cero.',
  cantidadNegativa: 'la cantidad no puede ser negativa.',
  cantidadDecimales: `la cantidad admite hasta ${LIMITES_FACTURA.decimalesCantidad} decimales.`,
  cantidadGrande: 'la cantidad es demasiado grande.',
  precioRequerido: 'ingrese el precio unitario.',
  precioFormato: 'el precio unitario debe ser un número, por ejemplo 12.50.',
  precioNegativo: 'el precio unitario no puede ser negativo.',
  precioDecimales: `el precio unitario admite hasta ${LIMITES_FACTURA.decimalesPrecio} decimales.`,
  precioGrande: 'el precio unitario es demasiado grande.',
  descuentoFormato: 'el descuento debe ser un valor en dólares, por ejemplo 1.50.',
  descuentoNegativo: 'el descuento no puede ser negativo.',
  descuentoDecimales: `el descuento admite hasta ${LIMITES_FACTURA.decimalesDinero} decimales.`,
  descuentoMayor: (descuento: string, valorLinea: string) =>
    `el descuento (${descuento}) no puede ser mayor que el valor de la línea (${valorLinea}).`,
  ivaRequerido: 'elija la tarifa de IVA.',
  ivaDesconocido: (codigo: string) =>
    `el código de IVA «${codigo}» no existe; use 0 (0 %), 4 (15 %), 5 (5 %), 6 (no objeto de impuesto) o 7 (exento de IVA).`,
  iceCodigo: 'el código del ICE debe tener de 1 a 4 dígitos.',
  iceTarifa: 'la tarifa del ICE debe ser un porcentaje entre 0 y 99.99, con hasta 2 decimales.',
  propina: 'La propina debe ser un valor en dólares mayor o igual a cero, con hasta 2 decimales.',
  sinPagos: 'Indique al menos una forma de pago.',
  formaPagoDesconocida: (codigo: string) => `la forma de pago «${codigo}» no existe.`,
  pagoValor: 'el valor debe ser un número mayor o igual a cero, con hasta 2 decimales.',
  plazo: 'el plazo debe ser un número mayor o igual a cero, con hasta 2 decimales.',
  unidadTiempo: `la unidad de tiempo admite hasta ${LIMITES_FACTURA.unidadTiempo} caracteres.`,
  pagosNoCoinciden: (suma: string, total: string) =>
    `La suma de las formas de pago (${suma}) no coincide con el total de la factura (${total}).`,
  consumidorFinalLimite: (total: string) =>
    `Una factura a consumidor final no puede superar USD ${LIMITE_CONSUMIDOR_FINAL.toFixed(2)} y esta suma USD ${total}: ` +
    'identifique al comprador con su cédula, RUC o pasaporte.',
  totalGrande: 'El total de la factura supera el valor máximo que admite el SRI (999999999999.99).',
  /** The server recomputed the invoice and its totals differ from those the form showed. */
  totalNoCoincide: (nombre: string, enviado: string, calculado: string) =>
    `${nombre} enviado (${enviado}) no coincide con el calculado (${calculado}); revise la factura e intente nuevamente.`,
} as const;

/** Building the document (armar.ts): the issuer's, the buyer's and the additional information's fields. */
export const ARMADO_MSG = {
  requerido: (campo: string) => `Ingrese ${campo}.`,
  largo: (campo: string, maximo: number) => `${campo} admite hasta ${maximo} caracteres.`,
  rucEmisor: 'El RUC del emisor debe tener 13 dígitos y terminar en 001.',
  establecimiento: 'El establecimiento debe tener 3 dígitos, por ejemplo 001.',
  puntoEmision: 'El punto de emisión debe tener 3 dígitos, por ejemplo 001.',
  secuencial: 'El secuencial debe ser un número entero de 1 a 999999999.',
  ambiente: 'El ambiente debe ser 1 (pruebas) o 2 (producción).',
  fecha: 'La fecha de emisión no es una fecha válida.',
  contribuyenteEspecial: 'La resolución de contribuyente especial debe tener de 3 a 13 letras o números.',
  agenteRetencion: 'La resolución de agente de retención debe tener de 1 a 8 dígitos.',
  rimpe: 'La leyenda RIMPE debe ser «CONTRIBUYENTE RÉGIMEN RIMPE» o «CONTRIBUYENTE NEGOCIO POPULAR - RÉGIMEN RIMPE».',
  tipoIdentificacion:
    'El tipo de identificación del comprador debe ser 04 (RUC), 05 (cédula), 06 (pasaporte), 07 (consumidor final) u 08 (exterior).',
  detallesAdicionales: `admite hasta ${LIMITES_FACTURA.detallesAdicionales} detalles adicionales.`,
  /** A document issued to a supplier names it: del proveedor, del sujeto retenido (datos-comunes.ts). */
  tipoIdentificacionReceptor: (del: string) =>
    `El tipo de identificación ${del} debe ser 04 (RUC), 05 (cédula), 06 (pasaporte) u 08 (exterior).`,
  demasiadosCamposAdicionales: (total: number, documento = 'factura', del = 'del comprador') =>
    `La información adicional admite hasta ${LIMITES_FACTURA.camposAdicionales} campos y esta ${documento} tiene ${total} (el correo y la dirección ${del} cuentan).`,
  campoAdicionalIncompleto: 'escriba el nombre y el valor del campo.',
} as const;

/** The access key (clave-acceso.ts). */
export const CLAVE_MSG = {
  longitud: 'La clave de acceso debe tener 49 dígitos.',
  digitos: 'La clave de acceso solo puede tener dígitos.',
  verificador: 'El dígito verificador de la clave de acceso no es válido: revise que la haya copiado completa y sin errores.',
  fecha: 'La fecha de la clave de acceso no es una fecha válida.',
  tipoDocumento: 'El tipo de comprobante de la clave de acceso no existe.',
  ambiente: 'El ambiente de la clave de acceso debe ser 1 (pruebas) o 2 (producción).',
  tipoEmision: 'El tipo de emisión de la clave de acceso debe ser 1 (emisión normal).',
  parte: (parte: string, digitos: number) => `La clave de acceso necesita ${parte} de ${digitos} dígitos.`,
} as const;
