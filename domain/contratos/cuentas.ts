/**
 * The clients' accounts, under /api/clientes, permiso 'clientes', company token, the clients' scope
 * (a seller only their clients; another company's client, invoice or collection answers 404):
 *
 *   GET  /api/clientes/valorFactura/:id             count and total of the client's AUTORIZADA invoices
 *   GET  /api/clientes/estadoCuenta/:id             the statement: invoices (due date, collected, balance, days overdue),
 *                                                   collections (active and undone, with their applications), totals
 *   GET  /api/clientes/saldoEstadoCuenta/:id        the client's totals only
 *   POST /api/clientes/cobroEstadoCuenta/:id        records a collection (CobroBody) → 201 Cobro
 *   POST /api/clientes/cobroEstadoCuenta/:cobro/anular   { motivo }: undoes a collection (kept, struck out) → Cobro
 *   GET  /api/clientes/valorNeto                    the company's receivable (a seller: their clients')
 *   GET  /api/clientes/estadoCuenta/:id/reporte     ?formato=pdf|xlsx the statement as a file
 *   GET  /api/clientes/saldos/reporte               ?formato=pdf|xlsx every client with a balance
 *   GET  /api/clientes/cartera                      the aging: per client with a balance, its buckets (por vencer, 1-30,
 *                                                   31-60, 61-90, más de 90 días overdue) and totals
 *   GET  /api/clientes/cartera/:id                  one client's aging: its invoices that owe, each with its bucket
 *   GET  /api/clientes/cartera/reporte, /cartera/:id/reporte   ?formato=pdf|xlsx the aging as a file
 *
 * Only AUTORIZADA invoices count: drafts, those waiting for the SRI, refused and ANULADA ones do not. An invoice falls due
 * on FAC_FECHA plus the longest term of its payments (facturas_pagos FPA_PLAZO in FPA_UNIDAD: dias, meses, anios); with
 * no term it is due on its date. The notes that modify an invoice (rows of the same table: FAC_TIPO '04' crédito, '05'
 * débito, FAC_MODIFICA the invoice) count with it while AUTORIZADA: what it owes is its total + its débito notes − its
 * crédito notes − what was collected of it; a note's amount follows its invoice (due date, aging bucket, period), and
 * annulling a note (ANULADA) puts the balance back. Money travels as strings with 2 decimals; every sum is made in SQL
 * numeric.
 *
 * A client's comprobante de retención received (/api/recibidos) is applied as a collection without forma de pago
 * (COB_FORMA null, REC_CODIGO the retención): it settles the invoices it names up to what each still owes, and shows as
 * "Retención 001-001-…" wherever collections show. Annulling that collection puts the balance back.
 */
import { Type, type Static } from 'typebox';
import { Nullable } from './esquemas';
import { FORMAS_PAGO } from '../facturas/catalogos';
import { FORMATOS_REPORTE, type FormatoReporte } from './reportes';

export { FORMATOS_REPORTE, type FormatoReporte };

/** The Spanish refusals (400 unless said). */
export const CUENTAS_MSG = {
  valorInvalido: 'El valor del cobro debe ser mayor que cero, en dólares con hasta 2 decimales',
  aplicacionInvalida: 'El valor aplicado a cada factura debe ser mayor que cero, en dólares con hasta 2 decimales',
  fechaInvalida: 'Escriba la fecha del cobro (AAAA-MM-DD)',
  fechaFutura: 'La fecha del cobro no puede ser posterior a hoy',
  formaInvalida: 'Elija una forma de pago de la tabla del SRI',
  referenciaLarga: 'La referencia admite hasta 100 caracteres',
  sumaDistinta: (aplicado: string, valor: string) =>
    `Lo aplicado a las facturas (USD ${aplicado}) no suma el valor del cobro (USD ${valor})`,
  facturaRepetida: 'Cada factura se indica una sola vez en el cobro',
  facturaNoAutorizada: (numero: string) => `La factura ${numero} no está autorizada por el SRI: no se le pueden aplicar cobros`,
  facturaAjena: (numero: string) => `La factura ${numero} no es de este cliente`,
  excedeFactura: (numero: string, saldo: string) =>
    `El valor aplicado a la factura ${numero} supera lo que debe (USD ${saldo}): nunca se cobra más de lo adeudado`,
  excedeSaldo: (saldo: string) => `El cobro supera el saldo del cliente (USD ${saldo}): nunca se cobra más de lo adeudado`,
  sinSaldo: 'El cliente no tiene facturas pendientes de cobro',
  noEsFactura: (numero: string) => `El documento ${numero} es una nota: los cobros se aplican a facturas`,
  motivoRequerido: 'Escriba el motivo de la anulación',
  yaAnulado: 'Este cobro ya fue anulado',
  fechasInvalidas: 'Las fechas desde y hasta deben ser AAAA-MM-DD, y desde no puede ser posterior a hasta',
} as const;

/** What applying a client's retención says, per invoice it names (Spanish sentences joined by the caller). */
export const RETENCION_RECIBIDA_MSG = {
  aplicada: (numero: string, valor: string) => `Aplicada a la factura ${numero} por USD ${valor}`,
  aplicadaHastaSaldo: (numero: string, valor: string, retenido: string) =>
    `Aplicada a la factura ${numero} por USD ${valor}, lo que debía: lo retenido (USD ${retenido}) supera su saldo`,
  noEsFactura: (codDoc: string, numero: string) => `No se aplicó al documento ${numero}: su sustento (código ${codDoc}) no es una factura`,
  noExiste: (numero: string) => `No se aplicó: la factura ${numero} no existe en la empresa`,
  deOtroCliente: (numero: string) => `No se aplicó a la factura ${numero}: es de otro cliente`,
  noAutorizada: (numero: string) => `No se aplicó a la factura ${numero}: no está autorizada por el SRI`,
  sinSaldo: (numero: string) => `No se aplicó a la factura ${numero}: no tiene saldo pendiente`,
  sinRetenciones: 'No se aplicó: la retención no detalla valores retenidos',
} as const;

const Dinero = (description?: string) => Type.String({ description: description ?? 'Dólares con dos decimales, p. ej. "12.50"' });
const Fecha = (description: string) => Type.String({ description: `${description} (AAAA-MM-DD)` });

export const ClienteParam = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export const CobroParam = Type.Object({ cobro: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

export const PeriodoQuery = Type.Object({
  desde: Type.Optional(Type.String({ maxLength: 10, description: 'Facturas y cobros desde esta fecha (AAAA-MM-DD)' })),
  hasta: Type.Optional(Type.String({ maxLength: 10, description: 'Facturas y cobros hasta esta fecha (AAAA-MM-DD)' })),
});
export type PeriodoQuery = Static<typeof PeriodoQuery>;

export const ReporteCuentaQuery = Type.Object({
  formato: Type.Unsafe<FormatoReporte>({ type: 'string', enum: [...FORMATOS_REPORTE], errorMessage: 'El formato debe ser xlsx o pdf' }),
  desde: PeriodoQuery.properties.desde,
  hasta: PeriodoQuery.properties.hasta,
});
export type ReporteCuentaQuery = Static<typeof ReporteCuentaQuery>;

export const ReporteSaldosQuery = Type.Object({ formato: ReporteCuentaQuery.properties.formato });
export type ReporteSaldosQuery = Static<typeof ReporteSaldosQuery>;

export const ValorFactura = Type.Object({
  CLI_CODIGO: Type.Integer(),
  facturas: Type.Integer({ description: 'Facturas autorizadas' }),
  total: Dinero('Suma de sus importes totales, más sus notas de débito y menos sus notas de crédito autorizadas'),
});
export type ValorFactura = Static<typeof ValorFactura>;

export const Saldo = Type.Object({
  facturado: Dinero('Importe de las facturas autorizadas, más sus notas de débito y menos sus notas de crédito autorizadas'),
  cobrado: Dinero('Lo cobrado de ellas (cobros no anulados)'),
  saldo: Dinero('facturado − cobrado'),
  vencido: Dinero('La parte del saldo de facturas ya vencidas'),
  facturas: Type.Integer({ description: 'Facturas autorizadas' }),
  pendientes: Type.Integer({ description: 'Facturas con saldo' }),
  vencidas: Type.Integer({ description: 'Facturas con saldo y vencidas' }),
});
export type Saldo = Static<typeof Saldo>;

export const ValorNeto = Type.Object({
  ...Saldo.properties,
  clientes: Type.Integer({ description: 'Clientes con saldo' }),
  hoy: Fecha('La fecha del cálculo'),
});
export type ValorNeto = Static<typeof ValorNeto>;

export const FacturaCuenta = Type.Object({
  FAC_CODIGO: Type.Integer(),
  FAC_NUMERO: Type.String({ description: '001-001-000000123' }),
  FAC_FECHA: Fecha('Emisión'),
  vencimiento: Fecha('FAC_FECHA más el plazo más largo de sus formas de pago'),
  FAC_TOTAL: Dinero('El total de la factura'),
  notasCredito: Dinero('La suma de sus notas de crédito autorizadas'),
  notasDebito: Dinero('La suma de sus notas de débito autorizadas'),
  cobrado: Dinero(),
  saldo: Dinero('FAC_TOTAL + notasDebito − notasCredito − cobrado'),
  diasVencida: Type.Integer({ description: 'Días desde el vencimiento, con saldo; 0 si no está vencida o está pagada' }),
});
export type FacturaCuenta = Static<typeof FacturaCuenta>;

export const AplicacionCobro = Type.Object({
  FAC_CODIGO: Type.Integer(),
  FAC_NUMERO: Type.String(),
  valor: Dinero(),
});
export type AplicacionCobro = Static<typeof AplicacionCobro>;

export const Cobro = Type.Object({
  COB_CODIGO: Type.Integer(),
  CLI_CODIGO: Type.Integer(),
  COB_FECHA: Fecha('Fecha del cobro'),
  COB_VALOR: Dinero(),
  COB_FORMA: Nullable(Type.String({ description: 'formaPago del SRI; null en la retención de un cliente' })),
  REC_CODIGO: Nullable(Type.Integer({ description: 'La retención del cliente (documento recibido) que este cobro aplica' })),
  forma: Type.String({ description: 'El nombre de la forma de pago, o "Retención 001-001-000000123"' }),
  COB_REFERENCIA: Nullable(Type.String()),
  COB_ANULADO: Type.Boolean(),
  COB_ANULACION_MOTIVO: Nullable(Type.String()),
  COB_ANULACION_FECHA: Nullable(Type.String({ description: 'ISO 8601' })),
  anuladoPor: Nullable(Type.String()),
  usuario: Nullable(Type.String({ description: 'Quién lo registró' })),
  COB_CREADO: Type.String({ description: 'ISO 8601' }),
  aplicaciones: Type.Array(AplicacionCobro),
});
export type Cobro = Static<typeof Cobro>;

/** A collection's reference as a statement shows it: none when it only repeats its name ("Retención 001-001-…"). */
export const referenciaCobro = (c: Pick<Cobro, 'forma' | 'COB_REFERENCIA'>) =>
  c.COB_REFERENCIA && c.COB_REFERENCIA !== c.forma ? c.COB_REFERENCIA : null;

export const TIPOS_MOVIMIENTO = ['factura', 'notaDebito', 'notaCredito', 'cobro'] as const;
export type TipoMovimiento = (typeof TIPOS_MOVIMIENTO)[number];

export const Movimiento = Type.Object({
  fecha: Fecha('Fecha del documento o del cobro'),
  tipo: Type.Unsafe<TipoMovimiento>({ type: 'string', enum: [...TIPOS_MOVIMIENTO] }),
  id: Type.Integer({ description: 'FAC_CODIGO de la factura o nota; COB_CODIGO del cobro' }),
  numero: Nullable(
    Type.String({ description: 'Número de la factura, la nota o la retención aplicada (001-001-000000123); null en otro cobro' }),
  ),
  factura: Nullable(Type.String({ description: 'En una nota: el número de la factura que modifica' })),
  concepto: Type.String({
    description:
      '"Factura 001-001-…", "Nota de crédito 001-001-… (factura 001-001-…)", "Cobro · forma · referencia", "Retención 001-001-…"',
  }),
  debe: Dinero('Lo que suma a la deuda: una factura, una nota de débito'),
  haber: Dinero('Lo que la descuenta: una nota de crédito, un cobro o una retención del cliente (lo aplicado a estas facturas)'),
  saldo: Dinero('El saldo tras este movimiento'),
});
export type Movimiento = Static<typeof Movimiento>;

export const EstadoCuenta = Type.Object({
  cliente: Type.Object({ CLI_CODIGO: Type.Integer(), CLI_IDENTIFICACION: Type.String(), CLI_RAZON_SOCIAL: Type.String() }),
  hoy: Fecha('La fecha del cálculo (Ecuador)'),
  desde: Nullable(Type.String()),
  hasta: Nullable(Type.String()),
  facturas: Type.Array(FacturaCuenta, { description: 'Las autorizadas, la más antigua primero' }),
  cobros: Type.Array(Cobro, { description: 'Los cobros, el más reciente primero' }),
  movimientos: Type.Array(Movimiento, {
    description:
      'Los movimientos de las facturas mostradas por fecha, con el saldo acumulado: cada factura, sus notas autorizadas y los cobros no anulados aplicados a ellas; el último saldo es totales.saldo',
  }),
  totales: Saldo,
  anterior: Type.Union([Saldo, Type.Null()], {
    description:
      'Con desde: las facturas autorizadas anteriores a esa fecha, con lo cobrado de ellas hasta hoy y lo que aún deben (el saldo con que el cliente llega al período); null sin desde',
  }),
});
export type EstadoCuenta = Static<typeof EstadoCuenta>;

/** What the form types: a number or its text (the server reads it exactly, never as a float). */
const Importe = (description: string) => Type.Union([Type.Number(), Type.String({ maxLength: 40 })], { description });

export const CobroBody = Type.Object({
  fecha: Type.String({ maxLength: 40, description: 'AAAA-MM-DD, no posterior a hoy' }),
  valor: Importe('Mayor que cero, hasta 2 decimales'),
  forma: Type.Unsafe<string>({
    type: 'string',
    enum: FORMAS_PAGO.map((f) => f.codigo),
    description: 'formaPago del SRI (01, 15 a 21)',
    errorMessage: CUENTAS_MSG.formaInvalida,
  }),
  referencia: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  aplicaciones: Type.Optional(
    Type.Array(
      Type.Object({ FAC_CODIGO: Type.Integer({ minimum: 1, maximum: 2147483647 }), valor: Importe('Lo aplicado a esa factura') }),
      {
        maxItems: 1000,
        description: 'Sin ellas, el cobro se aplica a las facturas que vencen primero',
      },
    ),
  ),
});
export type CobroBody = Static<typeof CobroBody>;

export const AnularCobroBody = Type.Object({
  motivo: Type.String({ minLength: 1, maxLength: 300, errorMessage: CUENTAS_MSG.motivoRequerido }),
});
export type AnularCobroBody = Static<typeof AnularCobroBody>;

/** A row of the balances report. */
export type SaldoCliente = {
  CLI_CODIGO: number;
  CLI_IDENTIFICACION: string;
  CLI_RAZON_SOCIAL: string;
  facturado: string;
  cobrado: string;
  saldo: string;
  vencido: string;
};

/**
 * The aging of the receivable (antigüedad de cartera): what is owed split by how long ago it fell due, as of Ecuador's
 * today. An invoice's days overdue are today minus its due date (see FacturaCuenta.vencimiento); due today or later it is
 * "por vencer".
 */
export const TRAMOS_CARTERA = [
  { clave: 'porVencer', nombre: 'Por vencer' },
  { clave: 'dias1a30', nombre: '1-30 días' },
  { clave: 'dias31a60', nombre: '31-60 días' },
  { clave: 'dias61a90', nombre: '61-90 días' },
  { clave: 'mas90', nombre: 'Más de 90 días' },
] as const;
export type TramoCartera = (typeof TRAMOS_CARTERA)[number]['clave'];

/** The bucket of an invoice overdue `diasVencida` days (0 or less: not yet due). */
export const tramoCartera = (diasVencida: number): TramoCartera =>
  diasVencida <= 0
    ? 'porVencer'
    : diasVencida <= 30
      ? 'dias1a30'
      : diasVencida <= 60
        ? 'dias31a60'
        : diasVencida <= 90
          ? 'dias61a90'
          : 'mas90';

export const Tramos = Type.Object({
  porVencer: Dinero('Saldo de facturas aún no vencidas'),
  dias1a30: Dinero('Saldo vencido hace 1 a 30 días'),
  dias31a60: Dinero('Saldo vencido hace 31 a 60 días'),
  dias61a90: Dinero('Saldo vencido hace 61 a 90 días'),
  mas90: Dinero('Saldo vencido hace más de 90 días'),
  saldo: Dinero('La suma de los tramos: el saldo'),
});
export type Tramos = Static<typeof Tramos>;

const ClienteCartera = Type.Object({ CLI_CODIGO: Type.Integer(), CLI_IDENTIFICACION: Type.String(), CLI_RAZON_SOCIAL: Type.String() });

export const CarteraCliente = Type.Object({ ...ClienteCartera.properties, ...Tramos.properties });
export type CarteraCliente = Static<typeof CarteraCliente>;

export const Cartera = Type.Object({
  hoy: Fecha('La fecha del cálculo (Ecuador)'),
  clientes: Type.Array(CarteraCliente, { description: 'Cada cliente con saldo, por razón social' }),
  totales: Tramos,
});
export type Cartera = Static<typeof Cartera>;

export const FacturaCartera = Type.Object({
  ...FacturaCuenta.properties,
  tramo: Type.Unsafe<TramoCartera>({ type: 'string', enum: TRAMOS_CARTERA.map((t) => t.clave), description: 'Su tramo de antigüedad' }),
});
export type FacturaCartera = Static<typeof FacturaCartera>;

export const CarteraDeCliente = Type.Object({
  cliente: ClienteCartera,
  hoy: Fecha('La fecha del cálculo (Ecuador)'),
  facturas: Type.Array(FacturaCartera, { description: 'Las autorizadas con saldo, la que vence primero arriba' }),
  totales: Tramos,
});
export type CarteraDeCliente = Static<typeof CarteraDeCliente>;
