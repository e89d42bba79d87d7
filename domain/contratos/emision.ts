/**
 * One-call issuing (integrations: a point of sale, a web shop, an ERP). For each document type:
 *
 *   POST /api/<tipo>/emision   the whole document in one body → 201 EmisionDirecta
 *
 * where <tipo> is facturas, notasCredito, notasDebito, liquidacionesCompra, guiasRemision or retenciones. The
 * recipient goes by identification (the client, supplier or carrier is created when new, and its data updated with
 * what the body brings); lines go by the company's product code (catalogo: description, price and IVA from the
 * product unless the line gives them) or as free text. The body becomes a draft through the type's own draft rules
 * (the same Spanish 400s as the screens, `errores` field by field), which is issued at once: number, access key, XML
 * checked against the SRI's schema and signed, state FIRMADA, on its way to the SRI. If issuing is refused (no
 * signature, plan used up, the schema), the draft is deleted and nothing remains. `?esperar=N` (1 to 30 seconds)
 * answers once the SRI decided (AUTORIZADA, DEVUELTA, RECHAZADA) or the time passed, whichever is first.
 *
 * Send `Idempotency-Key` (any string up to 255 characters, one per document): a retry with the same key and body
 * answers the first result again instead of issuing twice (server/core/idempotencia.ts).
 */
import { Type, type Static } from 'typebox';
import { Nullable } from './esquemas';
import { CampoAdicional } from './facturas';

const Numero = (description: string) => Type.Union([Type.Number(), Type.String({ maxLength: 40 })], { description });
const Texto = (max: number, description?: string) => Type.String({ maxLength: max, ...(description ? { description } : {}) });

/** ?esperar=N: how long to wait for the SRI's verdict before answering. */
export const EmisionQuery = Type.Object({
  esperar: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 30,
      errorMessage: 'esperar debe ser un número de segundos entre 0 y 30',
      description: 'Segundos (hasta 30) que la respuesta espera la autorización del SRI; 0 o ausente: responde al firmar',
    }),
  ),
});
export type EmisionQuery = Static<typeof EmisionQuery>;

/** What every one-call body may bring besides its document: where and when it is issued, and its additional fields. */
export const CamposDirectos = {
  serie: Type.Optional(
    Type.String({
      pattern: '^[0-9]{3}-[0-9]{3}$',
      errorMessage: 'La serie debe tener el formato 001-001',
      description: 'Establecimiento y punto de emisión, 001-001; por defecto, el primer punto activo de la empresa',
    }),
  ),
  fechaEmision: Type.Optional(
    Type.String({
      pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
      errorMessage: 'La fecha debe tener el formato AAAA-MM-DD',
      description: 'AAAA-MM-DD; por defecto, hoy en America/Guayaquil',
    }),
  ),
  camposAdicionales: Type.Optional(
    Type.Array(CampoAdicional, { maxItems: 15, description: 'Información adicional (nombre y valor), hasta 15' }),
  ),
};

/**
 * The recipient by identification: a client (facturas, notas), a supplier (liquidaciones, retenciones) or a carrier
 * (guías). New ones are created with these data; known ones are updated with the fields given.
 */
export const ReceptorDirecto = Type.Object({
  tipoIdentificacion: Type.Optional(
    Texto(
      2,
      'Código del SRI: 04 RUC, 05 cédula, 06 pasaporte, 07 consumidor final, 08 del exterior. Por defecto se deduce: 13 dígitos RUC, 10 cédula',
    ),
  ),
  identificacion: Texto(20, 'RUC, cédula, pasaporte o identificación del exterior'),
  razonSocial: Type.Optional(Texto(300, 'Obligatoria si el receptor es nuevo')),
  direccion: Type.Optional(Nullable(Texto(300))),
  email: Type.Optional(Nullable(Texto(500, 'Uno o varios correos separados por ; o ,'))),
  telefono: Type.Optional(Nullable(Texto(50))),
  aceptarAdvertencia: Type.Optional(
    Type.Boolean({ description: 'true: crear el receptor aunque el dígito verificador de su identificación no cuadre (sin él, 422)' }),
  ),
});
export type ReceptorDirecto = Static<typeof ReceptorDirecto>;

/** A line by the company's product code (the rest from the product unless given), or free text with price and IVA. */
export const ItemDirecto = Type.Object({
  codigo: Type.Optional(Texto(25, 'Código principal del producto en el catálogo de la empresa; sin él, la línea es texto libre')),
  codigoAuxiliar: Type.Optional(Nullable(Texto(25))),
  descripcion: Type.Optional(Texto(300, 'Por defecto, la del producto')),
  cantidad: Numero('Hasta 6 decimales'),
  precioUnitario: Type.Optional(Numero('Sin IVA, hasta 6 decimales; por defecto, el del producto')),
  descuento: Type.Optional(Nullable(Numero('En dólares, hasta 2 decimales'))),
  iva: Type.Optional(
    Texto(2, 'codigoPorcentaje del IVA (0 0 %, 2 12 %, 4 15 %, 5 5 %, 6 no objeto, 7 exento...); por defecto, el del producto'),
  ),
});
export type ItemDirecto = Static<typeof ItemDirecto>;

/** A payment method: the SRI's formaPago code. */
export const PagoDirecto = Type.Object({
  formaPago: Texto(2, '01 sin sistema financiero, 16 tarjeta de débito, 19 tarjeta de crédito, 20 otros con sistema financiero...'),
  total: Numero('Valor en dólares'),
  plazo: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 99999, errorMessage: 'El plazo debe ser un entero desde 0' }))),
  unidadTiempo: Type.Optional(Nullable(Texto(10, 'dias, meses...'))),
});
export type PagoDirecto = Static<typeof PagoDirecto>;

/** The document a note or a guía cites, by its number or its access key (one of them). */
export const DocumentoCitado = Type.Object({
  numero: Type.Optional(
    Type.String({
      pattern: '^[0-9]{3}-[0-9]{3}-[0-9]{9}$',
      errorMessage: 'El número debe tener el formato 001-001-000000123',
      description: '001-001-000000123',
    }),
  ),
  claveAcceso: Type.Optional(
    Type.String({ pattern: '^[0-9]{49}$', errorMessage: 'La clave de acceso debe tener 49 dígitos', description: '49 dígitos' }),
  ),
});
export type DocumentoCitado = Static<typeof DocumentoCitado>;

/** The answer: what was issued and where to read it. */
export const EmisionDirecta = Type.Object({
  id: Type.Integer({ description: 'FAC_CODIGO: el id del comprobante en las demás rutas de su tipo' }),
  tipo: Type.String({
    description: 'codDoc: 01 factura, 03 liquidación de compra, 04 nota de crédito, 05 nota de débito, 06 guía, 07 retención',
  }),
  numero: Type.String({ description: '001-001-000000123' }),
  claveAcceso: Type.String({ description: '49 dígitos' }),
  estado: Type.String({ description: 'FIRMADA al responder sin esperar; luego ENVIADA, RECIBIDA, AUTORIZADA, DEVUELTA, RECHAZADA' }),
  fechaEmision: Type.String({ description: 'AAAA-MM-DD' }),
  importeTotal: Nullable(Type.String({ description: 'Con 2 decimales; null en una guía de remisión' })),
  autorizacion: Nullable(Type.String({ description: 'Número de autorización, cuando está AUTORIZADA' })),
  fechaAutorizacion: Nullable(Type.String({ description: 'ISO 8601, cuando está AUTORIZADA' })),
  mensajes: Type.Array(
    Type.Object({ identificador: Type.String(), mensaje: Type.String(), informacionAdicional: Type.Optional(Type.String()) }),
    { description: 'Los mensajes del SRI, si devolvió o rechazó el comprobante' },
  ),
  receptor: Type.Object({ id: Type.Integer(), identificacion: Type.String(), razonSocial: Type.String(), creado: Type.Boolean() }),
  enlaces: Type.Object({
    comprobante: Type.String({ description: 'GET: el comprobante completo' }),
    xml: Type.String({ description: 'GET: el XML firmado' }),
    ride: Type.String({ description: 'GET: el RIDE en PDF' }),
    autorizado: Type.String({ description: 'GET: el XML autorizado (cuando está AUTORIZADA)' }),
  }),
});
export type EmisionDirecta = Static<typeof EmisionDirecta>;

export const EMISION_MSG = {
  puntoNoExiste: (serie: string) => `La empresa no tiene un punto de emisión activo ${serie}.`,
  sinPuntos: 'La empresa no tiene puntos de emisión activos: configúrelos en Mi empresa.',
  receptorSinNombre: (quien: string) => `La razón social del ${quien} es obligatoria cuando es nuevo.`,
  productoDesconocido: (codigo: string, linea: number) => `Línea ${linea}: no existe un producto con el código ${codigo}.`,
  lineaSinDescripcion: (linea: number) => `Línea ${linea}: sin código de producto, la descripción es obligatoria.`,
  lineaSinPrecio: (linea: number) => `Línea ${linea}: sin código de producto, el precio unitario es obligatorio.`,
  lineaSinIva: (linea: number) => `Línea ${linea}: sin código de producto, el IVA (codigoPorcentaje) es obligatorio.`,
  lineaNoEnFactura: (codigo: string, linea: number) => `Línea ${linea}: la factura no tiene una línea con el código ${codigo}.`,
  citadoSinDatos: 'Indique el número o la clave de acceso del comprobante que se cita.',
  citadoNoExiste: (cual: string) => `No existe un comprobante autorizado de la empresa con ${cual}.`,
  sustentoNoExiste: (cual: string) =>
    `El proveedor no tiene una factura ni una nota de débito recibida, ni una liquidación de compra de la empresa, con ${cual}: registre en Recibidos el documento que se retiene.`,
  codigoAmbiguo: (codigo: string) => `El código de retención ${codigo} existe para varios impuestos: indique cuál (1 renta, 2 IVA, 6 ISD).`,
};
