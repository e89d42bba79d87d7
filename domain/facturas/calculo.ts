/**
 * An invoice's amounts, computed from what the user typed: the form calls it on every keystroke and the server calls
 * it again on what it receives, so both show and sign the same cents. Money is exact (decimal.ts) and rounds half-up
 * to 2 decimals.
 *
 * How IVA is rounded: per rate, once. Each line's precioTotalSinImpuesto = round2(cantidad × precioUnitario −
 * descuento); a rate's baseImponible is the sum of its lines' (already rounded) bases, and its IVA is
 * round2(baseImponible × tarifa) — the SRI checks totalImpuesto.valor against baseImponible × tarifa, and computing it
 * on the base is what Odoo's Ecuadorian localization (round_globally) and Dátil do. Each line also carries its own
 * IVA, round2(its base × tarifa), which the SRI checks against that line's base the same way; the lines' IVA may add
 * up to a cent or so apart from the rate's total (at most half a cent per line), never the totals. The invoice's own
 * sums are exact: totalSinImpuestos = Σ precioTotalSinImpuesto, Σ baseImponible = totalSinImpuestos + ICE, and
 * importeTotal = totalSinImpuestos + Σ totalImpuesto.valor + propina.
 *
 * ICE (kept simple): ad valorem, round2(base × tarifa) per line, and its total is the sum of the lines' ICE, because
 * the ICE is part of each line's IVA base and the IVA bases must add up.
 */
import {
  ICE,
  IMPUESTO,
  LIMITE_CONSUMIDOR_FINAL,
  LIMITES_FACTURA,
  nombreFormaPago,
  TARIFAS_IVA,
  tarifaIva,
  type TarifaIva,
} from './catalogos';
import type { ImpuestoDetalle, Pago, TotalImpuesto } from './comprobante';
import {
  digitosEnteros,
  dividirRedondeando,
  escalar,
  formatear,
  formatearSinCeros,
  leerDecimal,
  potencia10,
} from '../comprobantes/decimal';
import { enLinea, enPago, FACTURA_MSG } from './mensajes';

export type Numero = string | number;

export type LineaEntrada = {
  cantidad: Numero;
  precioUnitario: Numero;
  /** Dollars off the line (money: 2 decimals). */
  descuento?: Numero | null;
  /** IVA codigoPorcentaje (catalogos.ts). */
  codigoPorcentaje: string;
  ice?: { codigoPorcentaje: string; tarifa: Numero } | null;
};

export type PagoEntrada = { formaPago: string; total: Numero; plazo?: Numero | null; unidadTiempo?: string | null };

export type FacturaEntrada = {
  lineas: readonly LineaEntrada[];
  pagos: readonly PagoEntrada[];
  propina?: Numero | null;
  /** 07 limits the total (consumidor final). */
  tipoIdentificacionComprador?: string;
  /** Another document computed as an invoice (a liquidación de compra) says these rules in its own words. */
  mensajes?: MensajesDocumento;
};

/** The invoice's rules that name the document. */
export type MensajesDocumento = { sinLineas: string; totalGrande: string; pagosNoCoinciden: (suma: string, total: string) => string };

/** A rule the invoice breaks: `linea` and `pago` count from 1; `campo` names the input to point at. */
export type ErrorFactura = { campo: string; mensaje: string; linea?: number; pago?: number };

export type LineaCalculada = {
  /** As the XML writes them: cantidad and precioUnitario with 6 decimals, money with 2. */
  cantidad: string;
  precioUnitario: string;
  descuento: string;
  precioTotalSinImpuesto: string;
  /** IVA first, then ICE when the line has it. */
  impuestos: ImpuestoDetalle[];
  iva: string;
  /** precioTotalSinImpuesto + its taxes: what the form shows at the end of the line. */
  total: string;
};

export type SubtotalIva = { codigoPorcentaje: string; nombre: string; tarifa: string; baseImponible: string; valor: string };

export type FacturaCalculada = {
  lineas: LineaCalculada[];
  /** One per IVA rate the lines use, in catalogue order (15 %, 5 %, 0 %, no objeto, exento…). */
  subtotalesIva: SubtotalIva[];
  /** infoFactura's totalConImpuestos: the IVA rates, then the ICE codes. */
  totalConImpuestos: TotalImpuesto[];
  totalSinImpuestos: string;
  totalDescuento: string;
  totalIce: string;
  totalIva: string;
  propina: string;
  importeTotal: string;
  pagos: Pago[];
  totalPagos: string;
  /** importeTotal − totalPagos: what the form offers to put in the last payment. */
  porPagar: string;
  errores: ErrorFactura[];
};

const DC = LIMITES_FACTURA.decimalesCantidad; // quantities and prices are held with 6 decimals
const DD = LIMITES_FACTURA.decimalesDinero; // money with 2
/** cantidad × precio has 12 decimals; dividing by this brings it to cents. */
const A_CENTAVOS = potencia10(2 * DC - DD);
/** A percentage with 2 decimals (15.00 → 1500n) applies as × tarifa / 10000. */
const BASE_TARIFA = 10_000n;

type Lectura = { valor: bigint; error?: string };
type Reglas = {
  decimales: number;
  enteros: number;
  requerido: string;
  formato: string;
  negativo: string;
  masDecimales: string;
  grande: string;
};

/** Reads a typed amount at a fixed scale, or says what is wrong with it (the value is then 0). */
function leerCantidad(entrada: Numero | null | undefined, reglas: Reglas): Lectura {
  const l = leerDecimal(entrada);
  if (!l.ok) return { valor: 0n, error: l.motivo === 'vacio' ? reglas.requerido : reglas.formato };
  if (l.valor < 0n) return { valor: 0n, error: reglas.negativo };
  if (l.decimales > reglas.decimales) return { valor: 0n, error: reglas.masDecimales };
  const valor = escalar(l, reglas.decimales);
  if (digitosEnteros(valor, reglas.decimales) > reglas.enteros) return { valor: 0n, error: reglas.grande };
  return { valor };
}

const M = FACTURA_MSG;
const REGLAS_CANTIDAD: Reglas = {
  decimales: DC,
  enteros: LIMITES_FACTURA.enterosCantidad,
  requerido: M.cantidadRequerida,
  formato: M.cantidadFormato,
  negativo: M.cantidadNegativa,
  masDecimales: M.cantidadDecimales,
  grande: M.cantidadGrande,
};
const REGLAS_PRECIO: Reglas = {
  decimales: DC,
  enteros: LIMITES_FACTURA.enterosCantidad,
  requerido: M.precioRequerido,
  formato: M.precioFormato,
  negativo: M.precioNegativo,
  masDecimales: M.precioDecimales,
  grande: M.precioGrande,
};
const REGLAS_DESCUENTO: Reglas = {
  decimales: DD,
  enteros: LIMITES_FACTURA.enterosDinero,
  requerido: M.descuentoFormato,
  formato: M.descuentoFormato,
  negativo: M.descuentoNegativo,
  masDecimales: M.descuentoDecimales,
  grande: M.descuentoFormato,
};
const dinero = (mensaje: string): Reglas => ({
  decimales: DD,
  enteros: LIMITES_FACTURA.enterosDinero,
  requerido: mensaje,
  formato: mensaje,
  negativo: mensaje,
  masDecimales: mensaje,
  grande: mensaje,
});
const REGLAS_ICE: Reglas = { ...dinero(M.iceTarifa), enteros: 2 };

const vacio = (v: Numero | null | undefined) => v == null || String(v).trim() === '';
const dinero2 = (centavos: bigint) => formatear(centavos, DD);
const tarifaTexto = (puntosBasicos: bigint) => formatear(puntosBasicos, 2);
const puntosIva = (tarifa: TarifaIva) => BigInt(Math.round(tarifa.tarifa * 100));
const impuestoDe = (baseCentavos: bigint, puntosBasicos: bigint) => dividirRedondeando(baseCentavos * puntosBasicos, BASE_TARIFA);

type LineaInterna = {
  calculada: LineaCalculada;
  base: bigint;
  descuento: bigint;
  ivaCodigo?: string;
  ivaBase: bigint;
  ice?: { codigo: string; tarifa: bigint; valor: bigint };
};

type Registro = (campo: string, texto: string) => void;

/** A line's quantity, price and discount in cents, each error reported; a wrong field counts as 0. */
function leerLinea(linea: LineaEntrada, error: Registro) {
  const cantidad = leerCantidad(linea.cantidad, REGLAS_CANTIDAD);
  if (cantidad.error) error('cantidad', cantidad.error);
  else if (cantidad.valor === 0n) error('cantidad', M.cantidadCero);
  const precio = leerCantidad(linea.precioUnitario, REGLAS_PRECIO);
  if (precio.error) error('precioUnitario', precio.error);
  const descuento = vacio(linea.descuento) ? { valor: 0n } : leerCantidad(linea.descuento, REGLAS_DESCUENTO);
  if (descuento.error) error('descuento', descuento.error);

  const bruto = dividirRedondeando(cantidad.valor * precio.valor, A_CENTAVOS);
  if (descuento.valor <= bruto) return { cantidad: cantidad.valor, precio: precio.valor, bruto, descuento: descuento.valor };
  // Against an unreadable quantity or price the comparison means nothing: that field's own error says enough.
  if (!cantidad.error && !precio.error) error('descuento', M.descuentoMayor(dinero2(descuento.valor), dinero2(bruto)));
  return { cantidad: cantidad.valor, precio: precio.valor, bruto, descuento: 0n };
}

function calcularLinea(linea: LineaEntrada, numero: number, errores: ErrorFactura[]): LineaInterna {
  const error: Registro = (campo, texto) => errores.push({ campo, linea: numero, mensaje: enLinea(numero, texto) });
  const { cantidad, precio, bruto, descuento } = leerLinea(linea, error);
  const base = bruto - descuento;
  const ice = calcularIce(linea.ice, base, error);
  const iva = tarifaIva(linea.codigoPorcentaje);
  if (!iva) {
    error('codigoPorcentaje', vacio(linea.codigoPorcentaje) ? M.ivaRequerido : M.ivaDesconocido(String(linea.codigoPorcentaje).trim()));
  }
  // The ICE is part of the IVA base (Ley de Régimen Tributario Interno, art. 58).
  const ivaBase = base + (ice?.valor ?? 0n);
  const ivaValor = iva ? impuestoDe(ivaBase, puntosIva(iva)) : 0n;

  // Key order is the schema's impuesto: tarifa before baseImponible (the other way round in totalImpuesto).
  const impuestos: ImpuestoDetalle[] = [];
  if (iva) {
    const tarifa = tarifaTexto(puntosIva(iva));
    impuestos.push({
      codigo: IMPUESTO.iva,
      codigoPorcentaje: iva.codigo,
      tarifa,
      baseImponible: dinero2(ivaBase),
      valor: dinero2(ivaValor),
    });
  }
  if (ice) {
    const tarifa = tarifaTexto(ice.tarifa);
    impuestos.push({ codigo: IMPUESTO.ice, codigoPorcentaje: ice.codigo, tarifa, baseImponible: dinero2(base), valor: dinero2(ice.valor) });
  }
  const calculada: LineaCalculada = {
    cantidad: formatear(cantidad, DC),
    precioUnitario: formatear(precio, DC),
    descuento: dinero2(descuento),
    precioTotalSinImpuesto: dinero2(base),
    impuestos,
    iva: dinero2(ivaValor),
    total: dinero2(ivaBase + ivaValor),
  };
  return { calculada, base, descuento, ivaCodigo: iva?.codigo, ivaBase, ice };
}

function calcularIce(ice: LineaEntrada['ice'], base: bigint, error: Registro) {
  if (!ice) return undefined;
  const codigo = String(ice.codigoPorcentaje ?? '').trim();
  const tarifa = leerCantidad(ice.tarifa, REGLAS_ICE);
  if (!ICE.codigoPorcentaje.test(codigo)) error('ice', M.iceCodigo);
  else if (tarifa.error) error('ice', tarifa.error);
  else return { codigo, tarifa: tarifa.valor, valor: impuestoDe(base, tarifa.valor) };
  return undefined;
}

/** The IVA per rate (rounded once on the rate's base) and the ICE per code, in catalogue order. */
function totalizarImpuestos(lineas: LineaInterna[]) {
  const subtotalesIva: SubtotalIva[] = [];
  const totalConImpuestos: TotalImpuesto[] = [];
  let totalIva = 0n;
  for (const tarifa of TARIFAS_IVA) {
    const propias = lineas.filter((l) => l.ivaCodigo === tarifa.codigo);
    if (propias.length === 0) continue;
    const base = propias.reduce((s, l) => s + l.ivaBase, 0n);
    const puntos = puntosIva(tarifa);
    const valor = impuestoDe(base, puntos);
    totalIva += valor;
    // Key order is the schema's element order (comprobante.ts): baseImponible before tarifa here.
    const total = { codigoPorcentaje: tarifa.codigo, baseImponible: dinero2(base), tarifa: tarifaTexto(puntos), valor: dinero2(valor) };
    subtotalesIva.push({ ...total, nombre: tarifa.nombre });
    totalConImpuestos.push({ codigo: IMPUESTO.iva, ...total });
  }
  let totalIce = 0n;
  const ices = new Map<string, { codigo: string; tarifa: bigint; base: bigint; valor: bigint }>();
  for (const { ice, base } of lineas) {
    if (!ice) continue;
    const clave = `${ice.codigo}|${ice.tarifa}`;
    const acumulado = ices.get(clave) ?? { codigo: ice.codigo, tarifa: ice.tarifa, base: 0n, valor: 0n };
    acumulado.base += base;
    acumulado.valor += ice.valor;
    ices.set(clave, acumulado);
    totalIce += ice.valor;
  }
  for (const { codigo, tarifa, base, valor } of ices.values()) {
    totalConImpuestos.push({
      codigo: IMPUESTO.ice,
      codigoPorcentaje: codigo,
      baseImponible: dinero2(base),
      tarifa: tarifaTexto(tarifa),
      valor: dinero2(valor),
    });
  }
  return { subtotalesIva, totalConImpuestos, totalIva, totalIce };
}

/** The payments as the XML carries them, and their sum; errors name the payment. */
export function leerPagos(pagos: readonly PagoEntrada[], errores: ErrorFactura[]) {
  const normalizados: Pago[] = [];
  let suma = 0n;
  let legibles = true;
  pagos.forEach((pago, i) => {
    const numero = i + 1;
    const error = (campo: string, texto: string) => {
      errores.push({ campo, pago: numero, mensaje: enPago(numero, texto) });
    };
    const formaPago = String(pago.formaPago ?? '').trim();
    if (!nombreFormaPago(formaPago)) error('formaPago', M.formaPagoDesconocida(formaPago));
    const total = leerCantidad(pago.total, dinero(M.pagoValor));
    if (total.error) {
      error('total', total.error);
      legibles = false;
    }
    suma += total.valor;
    const normalizado: Pago = { formaPago, total: dinero2(total.valor) };
    if (!vacio(pago.plazo)) {
      const plazo = leerCantidad(pago.plazo, dinero(M.plazo));
      if (plazo.error) error('plazo', plazo.error);
      else normalizado.plazo = formatearSinCeros(plazo.valor, DD);
    }
    const unidad = String(pago.unidadTiempo ?? '').trim();
    if (unidad.length > LIMITES_FACTURA.unidadTiempo) error('unidadTiempo', M.unidadTiempo);
    else if (unidad) normalizado.unidadTiempo = unidad;
    normalizados.push(normalizado);
  });
  return { pagos: normalizados, suma, legibles };
}

/** Every line computed, their sums and the taxes per rate, in cents; each line's errors added to `errores`. */
function sumarLineas(lineas: readonly LineaEntrada[], errores: ErrorFactura[]) {
  const internas = lineas.map((linea, i) => calcularLinea(linea, i + 1, errores));
  const totalSinImpuestos = internas.reduce((s, l) => s + l.base, 0n);
  const totalDescuento = internas.reduce((s, l) => s + l.descuento, 0n);
  return { internas, totalSinImpuestos, totalDescuento, ...totalizarImpuestos(internas) };
}

export type LineasCalculadas = Pick<
  FacturaCalculada,
  'lineas' | 'subtotalesIva' | 'totalConImpuestos' | 'totalSinImpuestos' | 'totalDescuento' | 'totalIce' | 'totalIva' | 'errores'
> & {
  /** totalSinImpuestos + ICE + IVA. */
  total: string;
};

/**
 * The lines of any document that carries them (a nota de crédito's returned lines), computed and rounded exactly as
 * an invoice's, so that a note that returns a whole invoice credits its exact cents; without the invoice's own rules
 * (at least one line, payments, tip, consumidor final), which each document type states in its own words.
 */
export function calcularLineas(lineas: readonly LineaEntrada[]): LineasCalculadas {
  const errores: ErrorFactura[] = [];
  const s = sumarLineas(lineas, errores);
  return {
    lineas: s.internas.map((l) => l.calculada),
    subtotalesIva: s.subtotalesIva,
    totalConImpuestos: s.totalConImpuestos,
    totalSinImpuestos: dinero2(s.totalSinImpuestos),
    totalDescuento: dinero2(s.totalDescuento),
    totalIce: dinero2(s.totalIce),
    totalIva: dinero2(s.totalIva),
    total: dinero2(s.totalSinImpuestos + s.totalIce + s.totalIva),
    errores,
  };
}

const MAXIMO_SRI = potencia10(LIMITES_FACTURA.enterosDinero + DD) - 1n;
const LIMITE_CF = BigInt(LIMITE_CONSUMIDOR_FINAL * 100);

/** Computes every amount of an invoice and lists every rule it breaks (an empty list: the invoice may be issued). */
export function calcularFactura(entrada: FacturaEntrada): FacturaCalculada {
  const errores: ErrorFactura[] = [];
  const D: MensajesDocumento = entrada.mensajes ?? M;
  if (entrada.lineas.length === 0) errores.push({ campo: 'lineas', mensaje: D.sinLineas });

  const { internas, totalSinImpuestos, totalDescuento, subtotalesIva, totalConImpuestos, totalIva, totalIce } = sumarLineas(
    entrada.lineas,
    errores,
  );

  let propina = 0n;
  if (!vacio(entrada.propina)) {
    const leida = leerCantidad(entrada.propina, dinero(M.propina));
    if (leida.error) errores.push({ campo: 'propina', mensaje: leida.error });
    propina = leida.valor;
  }
  const importeTotal = totalSinImpuestos + totalIce + totalIva + propina;
  if (importeTotal > MAXIMO_SRI) errores.push({ campo: 'importeTotal', mensaje: D.totalGrande });
  if (entrada.tipoIdentificacionComprador === '07' && importeTotal > LIMITE_CF) {
    errores.push({ campo: 'comprador', mensaje: M.consumidorFinalLimite(dinero2(importeTotal)) });
  }

  const pagos = leerPagos(entrada.pagos, errores);
  if (entrada.pagos.length === 0) errores.push({ campo: 'pagos', mensaje: M.sinPagos });
  else if (pagos.legibles && pagos.suma !== importeTotal) {
    errores.push({ campo: 'pagos', mensaje: D.pagosNoCoinciden(dinero2(pagos.suma), dinero2(importeTotal)) });
  }

  return {
    lineas: internas.map((l) => l.calculada),
    subtotalesIva,
    totalConImpuestos,
    totalSinImpuestos: dinero2(totalSinImpuestos),
    totalDescuento: dinero2(totalDescuento),
    totalIce: dinero2(totalIce),
    totalIva: dinero2(totalIva),
    propina: dinero2(propina),
    importeTotal: dinero2(importeTotal),
    pagos: pagos.pagos,
    totalPagos: dinero2(pagos.suma),
    porPagar: dinero2(importeTotal - pagos.suma),
    errores,
  };
}

/** The totals a form shows and sends with the invoice, that the server compares with its own computation. */
export const TOTALES_DECLARABLES = {
  totalSinImpuestos: 'El subtotal sin impuestos',
  totalDescuento: 'El total de descuentos',
  totalIva: 'El IVA',
  importeTotal: 'El total de la factura',
} as const;
export type TotalDeclarable = keyof typeof TOTALES_DECLARABLES;
/** How another document computed as an invoice names its totals and says that they differ. */
export type TextosTotales = {
  nombres: Readonly<Record<TotalDeclarable, string>>;
  noCoincide: (nombre: string, enviado: string, calculado: string) => string;
};

/**
 * The server's check that what the user saw is what will be signed: each declared total must equal the computed one to
 * the cent, or the document is refused with both amounts.
 */
export function compararTotales(
  calculada: FacturaCalculada,
  declarados: Partial<Record<TotalDeclarable, Numero>>,
  textos: TextosTotales = { nombres: TOTALES_DECLARABLES, noCoincide: M.totalNoCoincide },
): ErrorFactura[] {
  const errores: ErrorFactura[] = [];
  for (const campo of Object.keys(TOTALES_DECLARABLES) as TotalDeclarable[]) {
    const declarado = declarados[campo];
    if (declarado === undefined) continue;
    const leido = leerDecimal(declarado);
    const igual = leido.ok && leido.decimales <= DD && dinero2(escalar(leido, DD)) === calculada[campo];
    if (!igual) errores.push({ campo, mensaje: textos.noCoincide(textos.nombres[campo], String(declarado), calculada[campo]) });
  }
  return errores;
}
