/**
 * The invoices API of the company application, under /api/facturas, permiso 'facturas', company token:
 *
 *   GET    /api/facturas                 list (ra-data-simple-rest: range, sort, filter; total in Content-Range)
 *                                        filter: FAC_ESTADO (one or a list), desde, hasta (YYYY-MM-DD on FAC_FECHA),
 *                                        CLI_CODIGO, EST_CODIGO, PEM_CODIGO, q (number, access key or buyer), id (list)
 *                                        sort: FAC_CODIGO (default DESC), FAC_FECHA, FAC_TOTAL
 *   GET    /api/facturas/totales         ?filter=... (same filters): count and sums of the filtered set (list footer);
 *                                        annulled invoices are counted apart and add nothing
 *   GET    /api/facturas/puntos          the company's active establishments and emission points (the form's choice)
 *   GET    /api/facturas/:id             one invoice whole (FacturaDetalle)
 *   POST   /api/facturas                 creates a draft (FacturaBorrador) → 201 FacturaDetalle
 *   PUT    /api/facturas/:id             replaces a draft (FacturaBorrador); an issued one → 409
 *   DELETE /api/facturas/:id             deletes a draft; an issued one → 409
 *   POST   /api/facturas/:id/emitir      issues a draft: number, access key, signed XML, state FIRMADA → FacturaDetalle
 *   GET    /api/facturas/:id/xml         the signed XML (attachment factura-001-001-000000123.xml); a draft → 409
 *   GET    /api/facturas/:id/ride        the RIDE (PDF, attachment factura-001-001-000000123.pdf); a draft → 409
 *   GET    /api/facturas/estados         counts by state of the caller's invoices (live counts of the list's chips)
 *   GET    /api/facturas/:id/autorizado  the authorized XML (<autorizacion> with the document), AUTORIZADA/ANULADA only
 *   POST   /api/facturas/:id/correo      sends (again) the authorized XML and the RIDE to the buyer, or to { para }
 *   POST   /api/facturas/:id/anular      { motivo }: an AUTORIZADA invoice annulled at the SRI's portal → ANULADA
 *   POST   /api/facturas/:id/consultar   a SIN_RESPUESTA invoice: asks the SRI for its authorization again (RECIBIDA)
 *   GET    /api/facturas/exportar        ?formato=csv|xlsx&filter&sort: the whole filtered list as a spreadsheet
 *   POST   /api/facturas/lote/correo     { ids }: emails the selected AUTORIZADA invoices to their buyers again
 *   GET    /api/facturas/lote/zip        ?ids=1,2,3: a ZIP of the selected authorized invoices' XML and RIDE
 *   POST   /api/facturas/lote/eliminar   { ids }: deletes the selected drafts (all or none)
 *
 * Issuing puts the document on the SRI queue (sri/cola.ts): FIRMADA → ENVIADA → RECIBIDA → AUTORIZADA, or DEVUELTA
 * (reception refused it) / RECHAZADA (NO AUTORIZADO), with the SRI's messages in FAC_SRI_MENSAJES. A DEVUELTA or
 * RECHAZADA invoice can be edited (PUT) and issued again (POST emitir): it keeps its number and is signed again. One
 * the SRI received and has not authorized 24 hours later is SIN_RESPUESTA: the queue stops asking (sri/proceso.ts).
 *
 * The server recomputes every amount (domain/facturas calcularFactura) and refuses with 400 and the Spanish
 * messages (with the line's number) a draft that breaks a rule or whose declared totals differ from its own.
 * Amounts travel as strings with their scale ("12.50", quantities "2.500000"); the form may send numbers.
 */
import { Type, type Static } from 'typebox';
import { Nullable } from './esquemas';
import { ENTREGAS_FACTURA, ESTADOS_CORREGIBLES, ESTADOS_FACTURA, ESTADOS_PENDIENTES, LIMITES_FACTURA } from '../facturas';

export { ENTREGAS_FACTURA, ESTADOS_CORREGIBLES, ESTADOS_EN_CAMINO, ESTADOS_FACTURA, ESTADOS_PENDIENTES } from '../comprobantes/estados';

/** Money with 2 decimals as the database gives it. */
const Dinero = (description?: string) => Type.String({ description: description ?? 'Dólares con dos decimales, p. ej. "12.50"' });
/** What the form types: a number or its text; the domain's rules (calculo.ts) judge it and answer in Spanish. */
const Numero = (description: string) => Type.Union([Type.Number(), Type.String({ maxLength: 40 })], { description });
const Texto = (max: number, description?: string) => Type.String({ maxLength: max, ...(description ? { description } : {}) });

export const CampoAdicional = Type.Object({
  nombre: Texto(LIMITES_FACTURA.texto),
  valor: Texto(LIMITES_FACTURA.texto),
});
export type CampoAdicional = Static<typeof CampoAdicional>;

/** A row of the list. */
export const Factura = Type.Object({
  FAC_CODIGO: Type.Integer(),
  FAC_ESTADO: Type.String({ description: ESTADOS_FACTURA.join(', ') }),
  FAC_FECHA: Type.String({ description: 'Fecha de emisión YYYY-MM-DD (America/Guayaquil)' }),
  FAC_NUMERO: Nullable(Type.String({ description: '001-001-000000123; null en un borrador' })),
  FAC_CLAVE_ACCESO: Nullable(Type.String({ description: '49 dígitos; null en un borrador' })),
  CLI_CODIGO: Type.Integer(),
  CLI_RAZON_SOCIAL: Type.String(),
  CLI_IDENTIFICACION: Type.String(),
  PEM_CODIGO: Type.Integer(),
  EST_CODIGO: Type.Integer(),
  EST_NUMERO: Type.String({ description: '001' }),
  PEM_NUMERO: Type.String({ description: '001' }),
  FAC_SUBTOTAL: Dinero('Total sin impuestos'),
  FAC_IVA: Dinero(),
  FAC_TOTAL: Dinero('Importe total'),
  FAC_ENTREGA: Nullable(Type.String({ description: `Correo al comprador: ${ENTREGAS_FACTURA.join(', ')}; null antes de autorizarse` })),
});
export type Factura = Static<typeof Factura>;

/** A message of the SRI (reception or authorization), as it gave it. */
export const MensajeSri = Type.Object({
  identificador: Type.String({ description: 'Código del SRI, p. ej. "65"' }),
  mensaje: Type.String({ description: 'p. ej. "FECHA EMISIÓN EXTEMPORANEA"' }),
  informacionAdicional: Nullable(Type.String()),
  tipo: Type.String({ description: 'ERROR, ADVERTENCIA o INFORMATIVO' }),
  /** What to do, in plain Spanish, when we know the message (domain/facturas/sri-mensajes.ts). */
  ayuda: Nullable(Type.String()),
});
export type MensajeSri = Static<typeof MensajeSri>;

/** A line as stored and answered. */
export const FacturaLinea = Type.Object({
  CAT_CODIGO: Type.Optional(Nullable(Type.Integer({ description: 'Producto del catálogo de la empresa, si la línea vino de él' }))),
  FDE_PRINCIPAL: Type.Optional(Nullable(Texto(LIMITES_FACTURA.codigoProducto))),
  FDE_AUXILIAR: Type.Optional(Nullable(Texto(LIMITES_FACTURA.codigoProducto))),
  FDE_DESCRIPCION: Type.String(),
  FDE_CANTIDAD: Type.String({ description: 'Hasta 6 decimales' }),
  FDE_PRECIO: Type.String({ description: 'Precio unitario, hasta 6 decimales' }),
  FDE_DESCUENTO: Dinero('Descuento de la línea en dólares'),
  FDE_IVA: Type.String({ description: 'codigoPorcentaje del IVA: 0, 4 (15 %), 5, 6 (no objeto), 7 (exento)' }),
  FDE_ICE_CODIGO: Type.Optional(Nullable(Type.String())),
  FDE_ICE_TARIFA: Type.Optional(Nullable(Type.String())),
  FDE_SUBTOTAL: Dinero('precioTotalSinImpuesto: cantidad × precio − descuento'),
});
export type FacturaLinea = Static<typeof FacturaLinea>;

export const FacturaPago = Type.Object({
  FPA_FORMA: Type.String({ description: 'formaPago del SRI: 01, 15–21' }),
  FPA_TOTAL: Dinero(),
  FPA_PLAZO: Type.Optional(Nullable(Type.Integer())),
  FPA_UNIDAD: Type.Optional(Nullable(Type.String({ description: 'dias, meses' }))),
});
export type FacturaPago = Static<typeof FacturaPago>;

/** One invoice whole (GET /:id, and what create, edit and emitir answer). */
export const FacturaDetalle = Type.Object({
  ...Factura.properties,
  CLI_TIPO_IDENTIFICACION: Type.String(),
  EST_DIRECCION: Type.String(),
  FAC_SECUENCIAL: Nullable(Type.Integer()),
  FAC_AMBIENTE: Nullable(Type.Integer({ description: '1 pruebas, 2 producción' })),
  FAC_DESCUENTO: Dinero('Total de descuentos'),
  FAC_PROPINA: Dinero(),
  FAC_ADICIONAL: Type.Array(CampoAdicional),
  FAC_AUTORIZACION: Nullable(Type.String()),
  FAC_FECHA_AUTORIZACION: Nullable(Type.String({ description: 'Fecha y hora ISO 8601' })),
  FAC_RECIBIDA: Nullable(
    Type.String({
      description: 'Fecha y hora ISO 8601 en que el SRI la recibió; desde ella corren las 24 horas que el SRI puede tardar en autorizarla',
    }),
  ),
  FAC_SRI_MENSAJES: Type.Array(MensajeSri, { description: 'Los últimos mensajes del SRI (devolución, rechazo o advertencias)' }),
  FAC_ENTREGA_FECHA: Nullable(Type.String({ description: 'Fecha y hora ISO 8601 del último envío por correo' })),
  FAC_ENTREGA_DETALLE: Nullable(Type.String({ description: 'A quién se envió, o por qué falló' })),
  FAC_ANULACION_MOTIVO: Nullable(Type.String()),
  FAC_ANULACION_FECHA: Nullable(Type.String({ description: 'Fecha y hora ISO 8601' })),
  /** The SRI's work still pending on it (null when there is none). */
  cola: Nullable(
    Type.Object({
      paso: Type.String({ description: 'ENVIAR, AUTORIZAR o ENTREGAR' }),
      intentos: Type.Integer(),
      proximo: Type.String({ description: 'Fecha y hora ISO 8601 del próximo intento' }),
      error: Nullable(Type.String({ description: 'Por qué falló el último intento (SRI no disponible, tiempo agotado...)' })),
    }),
  ),
  FAC_CREADO: Type.String({ description: 'Fecha y hora ISO 8601' }),
  FAC_ACTUALIZADO: Type.String({ description: 'Fecha y hora ISO 8601' }),
  lineas: Type.Array(FacturaLinea),
  pagos: Type.Array(FacturaPago),
  /** The per-rate breakdown the server computed (same shape as calcularFactura's subtotalesIva). */
  subtotalesIva: Type.Array(
    Type.Object({
      codigoPorcentaje: Type.String(),
      nombre: Type.String(),
      tarifa: Type.String(),
      baseImponible: Type.String(),
      valor: Type.String(),
    }),
  ),
});
export type FacturaDetalle = Static<typeof FacturaDetalle>;

/** A line as the form sends it: amounts as typed. */
export const LineaBorrador = Type.Object({
  CAT_CODIGO: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647 }))),
  FDE_PRINCIPAL: Type.Optional(Nullable(Texto(LIMITES_FACTURA.codigoProducto))),
  FDE_AUXILIAR: Type.Optional(Nullable(Texto(LIMITES_FACTURA.codigoProducto))),
  FDE_DESCRIPCION: Texto(LIMITES_FACTURA.texto),
  FDE_CANTIDAD: Numero('Cantidad, hasta 6 decimales'),
  FDE_PRECIO: Numero('Precio unitario, hasta 6 decimales'),
  FDE_DESCUENTO: Type.Optional(Nullable(Numero('Descuento en dólares, hasta 2 decimales'))),
  FDE_IVA: Texto(2, 'codigoPorcentaje del IVA'),
  FDE_ICE_CODIGO: Type.Optional(Nullable(Texto(4))),
  FDE_ICE_TARIFA: Type.Optional(Nullable(Numero('Tarifa ad valorem del ICE en %'))),
});
export type LineaBorrador = Static<typeof LineaBorrador>;

export const PagoBorrador = Type.Object({
  FPA_FORMA: Texto(2, 'formaPago del SRI'),
  FPA_TOTAL: Numero('Valor en dólares'),
  FPA_PLAZO: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 0,
        maximum: 99999,
        errorMessage: 'El plazo debe ser un entero desde 0',
        description: 'Sin plazo (ausente o null), los días de crédito del cliente si los tiene (en dias); 0: de contado',
      }),
    ),
  ),
  FPA_UNIDAD: Type.Optional(Nullable(Texto(LIMITES_FACTURA.unidadTiempo))),
});
export type PagoBorrador = Static<typeof PagoBorrador>;

/** What the form sends to create (POST) or replace (PUT) a draft, with the totals it showed. */
export const FacturaBorrador = Type.Object({
  PEM_CODIGO: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Punto de emisión (GET /api/facturas/puntos)' }),
  CLI_CODIGO: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Comprador (un cliente de la empresa)' }),
  FAC_FECHA: Type.String({
    pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
    errorMessage: 'La fecha debe tener el formato AAAA-MM-DD',
    description: 'YYYY-MM-DD (hoy en America/Guayaquil por defecto en el formulario)',
  }),
  lineas: Type.Array(LineaBorrador, { maxItems: 1000, errorMessage: 'La factura admite hasta 1000 líneas' }),
  pagos: Type.Array(PagoBorrador, { maxItems: 20, errorMessage: 'La factura admite hasta 20 formas de pago' }),
  FAC_ADICIONAL: Type.Optional(Type.Array(CampoAdicional, { maxItems: LIMITES_FACTURA.camposAdicionales })),
  propina: Type.Optional(Nullable(Numero('Propina en dólares'))),
  totalSinImpuestos: Numero('El subtotal que mostró el formulario'),
  totalDescuento: Numero('El total de descuentos que mostró el formulario'),
  totalIva: Numero('El IVA que mostró el formulario'),
  importeTotal: Numero('El total que mostró el formulario'),
});
export type FacturaBorrador = Static<typeof FacturaBorrador>;

/** GET /api/facturas/totales. */
export const FacturasTotales = Type.Object({
  cantidad: Type.Integer(),
  anuladas: Type.Integer({ description: 'Cuántas de ellas están anuladas: se listan, pero no suman' }),
  subtotal: Dinero(),
  iva: Dinero(),
  total: Dinero(),
});
export type FacturasTotales = Static<typeof FacturasTotales>;

/** GET /api/facturas/estados: how many of the caller's invoices are in each state, and the chips' three groups. */
export const FacturasEstados = Type.Object({
  estados: Type.Record(Type.String(), Type.Integer(), { description: `Cantidad por estado (${ESTADOS_FACTURA.join(', ')})` }),
  pendientes: Type.Integer({ description: `Esperando al SRI (${ESTADOS_PENDIENTES.join(', ')})` }),
  autorizadas: Type.Integer(),
  devueltas: Type.Integer({ description: `Para corregir (${ESTADOS_CORREGIBLES.join(', ')})` }),
  sinRespuesta: Type.Integer({
    description: 'SIN_RESPUESTA: recibidas por el SRI que pasadas 24 horas no tienen autorización (consulte el portal del SRI)',
  }),
  correosFallidos: Type.Integer({ description: 'Autorizadas cuyo correo al comprador falló' }),
});
export type FacturasEstados = Static<typeof FacturasEstados>;

export const CorreoFactura = Type.Object({
  para: Type.Optional(Type.String({ maxLength: 500, description: 'Otras direcciones separadas por comas; sin él, las del comprador' })),
});
export const AnularFactura = Type.Object({
  motivo: Type.String({ minLength: 1, maxLength: 300, description: 'Por qué se anuló en el portal del SRI' }),
});

export const TotalesQuery = Type.Object({ filter: Type.Optional(Type.String({ maxLength: 2000 })) });

/** GET /api/facturas/puntos: one row per active emission point of an active establishment. */
export const PuntoEmisionFactura = Type.Object({
  PEM_CODIGO: Type.Integer(),
  PEM_NUMERO: Type.String(),
  PEM_NOMBRE: Nullable(Type.String()),
  EST_CODIGO: Type.Integer(),
  EST_NUMERO: Type.String(),
  EST_NOMBRE: Nullable(Type.String()),
  EST_DIRECCION: Type.String(),
  /** "001-001", what the form's select shows. */
  serie: Type.String(),
  /** The number the next issued invoice will take (informative; taken only when issuing). */
  siguiente: Type.Integer(),
});
export type PuntoEmisionFactura = Static<typeof PuntoEmisionFactura>;

/** 400 of a draft that breaks rules: msg joins them; errores lists each (campo, linea, pago) for the form. */
export const ErroresFactura = Type.Object({
  msg: Type.String(),
  code: Type.Optional(Type.String()),
  errores: Type.Optional(
    Type.Array(
      Type.Object({
        campo: Type.String(),
        mensaje: Type.String(),
        linea: Type.Optional(Type.Integer()),
        pago: Type.Optional(Type.Integer()),
      }),
    ),
  ),
});
export type ErroresFactura = Static<typeof ErroresFactura>;

export const Eliminada = Type.Object({ FAC_CODIGO: Type.Integer() });

/** What the invoices API answers in Spanish (the screens and the tests read the same sentences). */
export const FACTURAS_MSG = {
  emitidaNoModificable: 'Una factura emitida no se puede modificar.',
  emitidaNoEliminable: 'Una factura emitida no se puede eliminar.',
  yaEmitida: 'La factura ya fue emitida.',
  borradorSinDocumentos: 'La factura todavía es un borrador: emítala para descargar su XML y su RIDE.',
  eliminada: 'Borrador eliminado.',
  fecha: 'La fecha de emisión no es una fecha válida (AAAA-MM-DD).',
  sinFirma:
    'Su empresa no tiene una firma electrónica para firmar la factura. Suba su firma electrónica en Firma electrónica y vuelva a emitirla.',
  firmaInvalida: (motivo: string) => `${motivo} Suba su firma electrónica en Firma electrónica y vuelva a emitirla.`,
  esquema: 'El SRI rechazaría esta factura: ',
  productoAjeno: 'El producto de una línea no existe en su catálogo.',
  noAutorizada: 'La factura todavía no está autorizada por el SRI.',
  soloAutorizadaAnulable: 'Solo una factura autorizada se puede marcar como anulada.',
  anulacionMotivo: 'Escriba por qué se anuló la factura.',
  enProceso: 'La factura está en manos del SRI: espere su respuesta antes de modificarla.',
  soloSinRespuesta: 'Solo se vuelve a consultar al SRI una factura que quedó sin respuesta; esta ya tiene la suya o la está esperando.',
  sinCorreo: 'El comprador no tiene correo electrónico: escriba a quién enviarla.',
  correoInvalido: (direccion: string) => `"${direccion}" no es un correo electrónico válido.`,
} as const;

/** The most invoices one bulk action (email, ZIP, delete) takes: a few pages of the list. */
export const MAX_LOTE_FACTURAS = 200;

/** POST /api/facturas/lote/correo and /lote/eliminar: the selected invoices (FAC_CODIGO). */
export const LoteFacturas = Type.Object({
  ids: Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), {
    minItems: 1,
    maxItems: MAX_LOTE_FACTURAS,
    description: `De 1 a ${MAX_LOTE_FACTURAS} FAC_CODIGO`,
    errorMessage: `Seleccione de 1 a ${MAX_LOTE_FACTURAS} facturas`,
  }),
});
export type LoteFacturas = Static<typeof LoteFacturas>;

/** GET /api/facturas/lote/zip?ids=1,2,3. */
export const ZipFacturasQuery = Type.Object({
  ids: Type.String({
    pattern: '^[0-9]{1,10}(,[0-9]{1,10})*$',
    maxLength: 2_400,
    description: `De 1 a ${MAX_LOTE_FACTURAS} FAC_CODIGO separados por comas`,
    errorMessage: 'Indique las facturas por su código, separados por comas',
  }),
});

/** What POST /lote/correo did: sent, left out (not authorized, or the buyer without an email) and failed. */
export const ResultadoCorreoLote = Type.Object({
  enviadas: Type.Integer(),
  omitidas: Type.Integer({ description: 'No autorizadas, o cuyo comprador no tiene correo' }),
  fallidas: Type.Integer({ description: 'El servidor de correo no las aceptó (quedan con FAC_ENTREGA FALLIDA)' }),
  msg: Type.String(),
});
export type ResultadoCorreoLote = Static<typeof ResultadoCorreoLote>;

export const ResultadoEliminarLote = Type.Object({ eliminadas: Type.Integer(), msg: Type.String() });
export type ResultadoEliminarLote = Static<typeof ResultadoEliminarLote>;

/** The bulk actions' sentences (the screens and the tests read the same). */
export const FACTURAS_LOTE_MSG = {
  maximo: `Seleccione hasta ${MAX_LOTE_FACTURAS} facturas a la vez.`,
  soloBorradores: (numeros: string) => `Solo se eliminan borradores; no se eliminó ninguna factura. Ya fueron emitidas: ${numeros}.`,
  ningunaAutorizada: 'Ninguna de las facturas seleccionadas está autorizada por el SRI: solo las autorizadas tienen XML autorizado y RIDE.',
  eliminadas: (n: number) => (n === 1 ? '1 borrador eliminado' : `${n} borradores eliminados`),
  correos: (enviadas: number, omitidas: number, fallidas: number) =>
    [
      enviadas === 1 ? '1 factura enviada por correo' : `${enviadas} facturas enviadas por correo`,
      omitidas ? `${omitidas} omitida${omitidas === 1 ? '' : 's'} (sin autorizar o sin correo del comprador)` : '',
      fallidas ? `${fallidas} con envío fallido` : '',
    ]
      .filter(Boolean)
      .join('; '),
} as const;
