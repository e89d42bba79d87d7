/**
 * The invoice form's values, what they compute to and what the API takes. The form keeps amounts as the user typed
 * them (text: "1,5" and "2.675" stay exact); calcularFactura, the server's own calculation, reads them.
 */
import { calcularFactura, IVA, type FacturaCalculada, type FacturaEntrada } from '../../../domain/facturas';
import { hoyEcuador } from '../../../domain/fechas';
import { alSalir, leerNumero } from '../../ui/numeros';
import type { CampoAdicional, FacturaBorrador, FacturaDetalle, FacturaLinea } from '../../../domain/contratos/facturas';

export type LineaForm = {
  CAT_CODIGO: number | null;
  FDE_PRINCIPAL: string;
  FDE_AUXILIAR?: string | null;
  FDE_DESCRIPCION: string;
  FDE_CANTIDAD: string;
  FDE_PRECIO: string;
  FDE_DESCUENTO: string;
  FDE_IVA: string;
  FDE_ICE_CODIGO?: string | null;
  FDE_ICE_TARIFA?: string | null;
};

export type PagoForm = { FPA_FORMA: string; FPA_TOTAL: string; FPA_PLAZO: string; FPA_UNIDAD: string };

export type FacturaForm = {
  PEM_CODIGO: number | '';
  CLI_CODIGO: number | '';
  FAC_FECHA: string;
  lineas: LineaForm[];
  pagos: PagoForm[];
  FAC_ADICIONAL: CampoAdicional[];
};

export const lineaVacia = (): LineaForm => ({
  CAT_CODIGO: null,
  FDE_PRINCIPAL: '',
  FDE_DESCRIPCION: '',
  FDE_CANTIDAD: '1',
  FDE_PRECIO: '',
  FDE_DESCUENTO: '',
  FDE_IVA: IVA.quince,
});

/** Cash, for the whole total: what most sales are. */
export const pagoInicial = (total = ''): PagoForm => ({ FPA_FORMA: '01', FPA_TOTAL: total, FPA_PLAZO: '', FPA_UNIDAD: 'dias' });

export const nuevaFactura = (): FacturaForm => ({
  PEM_CODIGO: '',
  CLI_CODIGO: '',
  FAC_FECHA: hoyEcuador(),
  lineas: [lineaVacia()],
  pagos: [pagoInicial()],
  FAC_ADICIONAL: [],
});

/** "2.500000" → "2.5", "3.000000" → "3": a stored amount as a user would type it. */
export const sinCeros = (valor: unknown) => {
  const t = String(valor ?? '').trim();
  return /^-?\d+\.\d+$/.test(t) ? t.replace(/\.?0+$/, '') : t;
};

/** A stored line as the lines editor holds it (an invoice's, a quote's). */
export const lineaDe = (l: FacturaLinea): LineaForm => ({
  CAT_CODIGO: l.CAT_CODIGO ?? null,
  FDE_PRINCIPAL: l.FDE_PRINCIPAL ?? '',
  FDE_AUXILIAR: l.FDE_AUXILIAR ?? null,
  FDE_DESCRIPCION: l.FDE_DESCRIPCION,
  FDE_CANTIDAD: sinCeros(l.FDE_CANTIDAD),
  FDE_PRECIO: alSalir(sinCeros(l.FDE_PRECIO)),
  FDE_DESCUENTO: Number(l.FDE_DESCUENTO) ? l.FDE_DESCUENTO : '',
  FDE_IVA: l.FDE_IVA,
  FDE_ICE_CODIGO: l.FDE_ICE_CODIGO ?? null,
  FDE_ICE_TARIFA: l.FDE_ICE_TARIFA ?? null,
});

/** The values of a stored draft, to edit it. */
export function formDe(factura: FacturaDetalle): FacturaForm {
  return {
    PEM_CODIGO: factura.PEM_CODIGO,
    CLI_CODIGO: factura.CLI_CODIGO,
    FAC_FECHA: factura.FAC_FECHA,
    lineas: factura.lineas.map(lineaDe),
    pagos: factura.pagos.map((p) => ({
      FPA_FORMA: p.FPA_FORMA,
      FPA_TOTAL: p.FPA_TOTAL,
      FPA_PLAZO: p.FPA_PLAZO == null ? '' : String(p.FPA_PLAZO),
      FPA_UNIDAD: p.FPA_UNIDAD ?? 'dias',
    })),
    FAC_ADICIONAL: factura.FAC_ADICIONAL ?? [],
  };
}

const ice = (l: Partial<LineaForm>) => (l.FDE_ICE_CODIGO ? { codigoPorcentaje: l.FDE_ICE_CODIGO, tarifa: l.FDE_ICE_TARIFA ?? '' } : null);

/** What calcularFactura reads from the form (tolerant of the half-filled rows a form has while the user types). */
export function entradaDe(values: Partial<FacturaForm>, tipoIdentificacionComprador?: string): FacturaEntrada {
  return {
    lineas: (values.lineas ?? []).map((l) => ({
      cantidad: l?.FDE_CANTIDAD ?? '',
      precioUnitario: l?.FDE_PRECIO ?? '',
      descuento: l?.FDE_DESCUENTO ?? '',
      codigoPorcentaje: l?.FDE_IVA ?? '',
      ice: l ? ice(l) : null,
    })),
    pagos: (values.pagos ?? []).map((p) => ({
      formaPago: p?.FPA_FORMA ?? '',
      total: p?.FPA_TOTAL ?? '',
      plazo: p?.FPA_PLAZO ?? '',
      unidadTiempo: p?.FPA_PLAZO ? p.FPA_UNIDAD : '',
    })),
    tipoIdentificacionComprador,
  };
}

export const calcular = (values: Partial<FacturaForm>, tipoIdentificacionComprador?: string): FacturaCalculada =>
  calcularFactura(entradaDe(values, tipoIdentificacionComprador));

const limpio = (valor: unknown) => String(valor ?? '').trim();
const opcional = (valor: unknown) => limpio(valor) || null;
/** An amount or quantity as the API takes it: "12,50" → "12.50" (what is no number goes as typed: the server says why). */
const numero = (valor: unknown) => leerNumero(limpio(valor)) ?? limpio(valor);

/** The draft as POST/PUT /api/facturas take it, with the totals the form showed for these same values. */
export function facturaToWire(values: FacturaForm, tipoIdentificacionComprador?: string): FacturaBorrador {
  const calculo = calcular(values, tipoIdentificacionComprador);
  return {
    PEM_CODIGO: Number(values.PEM_CODIGO),
    CLI_CODIGO: Number(values.CLI_CODIGO),
    FAC_FECHA: values.FAC_FECHA,
    lineas: values.lineas.map((l) => ({
      CAT_CODIGO: l.CAT_CODIGO ?? null,
      FDE_PRINCIPAL: opcional(l.FDE_PRINCIPAL),
      FDE_AUXILIAR: opcional(l.FDE_AUXILIAR),
      FDE_DESCRIPCION: limpio(l.FDE_DESCRIPCION),
      FDE_CANTIDAD: numero(l.FDE_CANTIDAD),
      FDE_PRECIO: numero(l.FDE_PRECIO),
      FDE_DESCUENTO: opcional(l.FDE_DESCUENTO) && numero(l.FDE_DESCUENTO),
      FDE_IVA: l.FDE_IVA,
      FDE_ICE_CODIGO: opcional(l.FDE_ICE_CODIGO),
      FDE_ICE_TARIFA: l.FDE_ICE_CODIGO ? opcional(l.FDE_ICE_TARIFA) : null,
    })),
    pagos: values.pagos.map((p) => ({
      FPA_FORMA: p.FPA_FORMA,
      FPA_TOTAL: numero(p.FPA_TOTAL),
      FPA_PLAZO: limpio(p.FPA_PLAZO) === '' ? null : Number(p.FPA_PLAZO),
      FPA_UNIDAD: limpio(p.FPA_PLAZO) === '' ? null : p.FPA_UNIDAD || null,
    })),
    FAC_ADICIONAL: values.FAC_ADICIONAL.map((c) => ({ nombre: limpio(c.nombre), valor: limpio(c.valor) })).filter(
      (c) => c.nombre || c.valor,
    ),
    totalSinImpuestos: calculo.totalSinImpuestos,
    totalDescuento: calculo.totalDescuento,
    totalIva: calculo.totalIva,
    importeTotal: calculo.importeTotal,
  };
}

/** What the form tells the user, placed where it belongs: under each line, under the payments, above the buttons. */
export type Avisos = { lineas: Map<number, string[]>; pagos: string[]; generales: string[] };

/** calcularFactura's errors (and a line without a description) grouped for the form. */
export function avisosDe(values: Partial<FacturaForm>, calculo: FacturaCalculada, sinDescripcion: (linea: number) => string): Avisos {
  const avisos: Avisos = { lineas: new Map(), pagos: [], generales: [] };
  const enLinea = (linea: number, mensaje: string) => avisos.lineas.set(linea, [...(avisos.lineas.get(linea) ?? []), mensaje]);
  (values.lineas ?? []).forEach((l, i) => {
    if (!limpio(l?.FDE_DESCRIPCION)) enLinea(i + 1, sinDescripcion(i + 1));
  });
  for (const e of calculo.errores) {
    if (e.linea) enLinea(e.linea, e.mensaje);
    else if (e.pago || e.campo === 'pagos') avisos.pagos.push(e.mensaje);
    else if (e.campo !== 'comprador') avisos.generales.push(e.mensaje);
  }
  return avisos;
}

/**
 * react-admin's form-level validation: the header's required fields on their inputs; the consumidor final's limit on
 * the buyer; any rule of the lines or payments under `_detalle`, a key no input shows (the lines and payments show
 * their own messages as the user types), so that the draft is not saved while the server would refuse it.
 */
export function validarFactura(
  values: FacturaForm,
  tipoIdentificacionComprador: string | undefined,
  requerido: string,
  sinDescripcion: (linea: number) => string,
) {
  const errores: Record<string, string> = {};
  if (!values.PEM_CODIGO) errores.PEM_CODIGO = requerido;
  if (!values.CLI_CODIGO) errores.CLI_CODIGO = requerido;
  if (!values.FAC_FECHA) errores.FAC_FECHA = requerido;
  const calculo = calcular(values, tipoIdentificacionComprador);
  const comprador = calculo.errores.find((e) => e.campo === 'comprador');
  if (comprador) errores.CLI_CODIGO = comprador.mensaje;
  const avisos = avisosDe(values, calculo, sinDescripcion);
  const primero = [...avisos.lineas.values()][0]?.[0] ?? avisos.pagos[0] ?? avisos.generales[0];
  if (primero) errores._detalle = primero;
  return errores;
}
