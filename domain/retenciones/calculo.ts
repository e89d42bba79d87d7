/**
 * A retención's amounts and rules, from its support documents and the withholding codes chosen: the form calls it on
 * every keystroke and the server again on what it receives (and when issuing), so both show and sign the same cents.
 * valorRetenido = round2(baseImponible × porcentajeRetener / 100), half-up, once per withholding; the totals are
 * their sums: renta (codigo 1), IVA (2), ISD (6).
 */
import { dividirRedondeando, digitosEnteros, escalar, formatear, leerDecimal, potencia10 } from '../comprobantes/decimal';
import { diasEntre, esDia, fechaCorta } from '../fechas';
import type { ErrorFactura, Numero } from '../facturas/calculo';
import { LIMITES_FACTURA } from '../facturas/catalogos';
import { DIAS_PLAZO_RETENCION, DOCUMENTOS_SUSTENTO, IMPUESTO_RETENCION, SUSTENTOS_TRIBUTARIOS } from './catalogos';
import { enDocumento, enRetencion, RETENCIONES_MSG as M } from './mensajes';

/** A row of the table of withholding codes (codigos_retencion). */
export type CodigoRetencionVigente = {
  id: number;
  /** 1 renta, 2 IVA, 6 ISD. */
  impuesto: string;
  codigo: string;
  porcentaje: Numero;
  /** YYYY-MM-DD. */
  desde: string;
  hasta: string | null;
  concepto?: string;
};

/** A tax of the support document as it carries it. */
export type ImpuestoSustentoEntrada = {
  codigo: string;
  codigoPorcentaje: string;
  tarifa?: Numero | null;
  baseImponible: Numero;
  valor: Numero;
};

export type DocumentoSustentoEntrada = {
  /** 01 factura, 03 liquidación de compra, 05 nota de débito. */
  codDoc: string;
  /** 001-001-000000123. */
  numero: string;
  /** YYYY-MM-DD. */
  fecha: string;
  autorizacion?: string | null;
  totalSinImpuestos: Numero;
  /** Its IVA: the most the IVA withholdings can rest on. */
  iva: Numero;
  importeTotal: Numero;
  impuestos: readonly ImpuestoSustentoEntrada[];
  pagos: ReadonlyArray<{ formaPago: string; total: Numero }>;
};

/** A withholding as chosen: the table's row (null: the id matched none) and the base typed. */
export type RetencionEntrada = { codigo: CodigoRetencionVigente | null | undefined; base: Numero };

export type SustentoEntrada = { codSustento: string; documento: DocumentoSustentoEntrada; retenciones: readonly RetencionEntrada[] };

export type RetencionCalculada = {
  impuesto: string;
  codigo: string;
  codigoId: number | null;
  base: string;
  /** Two decimals ("30.00"). */
  porcentaje: string;
  valor: string;
};

export type SustentoCalculado = { codSustento: string; documento: DocumentoSustentoEntrada; retenciones: RetencionCalculada[] };

export type RetencionCalculo = {
  sustentos: SustentoCalculado[];
  renta: string;
  iva: string;
  isd: string;
  total: string;
  errores: ErrorFactura[];
  /** Not errors: what the screen warns about (a retención more than 5 days after its document). */
  avisos: string[];
};

const DD = LIMITES_FACTURA.decimalesDinero;
const dinero2 = (centavos: bigint) => formatear(centavos, DD);
const MAXIMO_SRI = potencia10(LIMITES_FACTURA.enterosDinero + DD) - 1n;
/** base (cents) × porcentaje (hundredths) / 100 / 100. */
const BASE_PORCENTAJE = 10_000n;

/** An amount of the document in cents (it comes from an authorized XML or our own rows: 2 decimals at most). */
function centavos(valor: Numero | null | undefined): bigint {
  const l = leerDecimal(valor ?? '0');
  return l.ok && l.decimales <= DD ? escalar(l, DD) : 0n;
}

/** A typed base in cents, or what is wrong with it. */
function leerBase(valor: Numero): { centavos: bigint; error?: string } {
  const l = leerDecimal(valor);
  if (!l.ok || l.valor < 0n || l.decimales > DD) return { centavos: 0n, error: M.baseFormato };
  const c = escalar(l, DD);
  if (c === 0n) return { centavos: c, error: M.baseCero };
  if (digitosEnteros(c, DD) > LIMITES_FACTURA.enterosDinero) return { centavos: 0n, error: M.baseFormato };
  return { centavos: c };
}

/** Whether a code's row is in force on a day (YYYY-MM-DD). */
export const vigenteEl = (codigo: Pick<CodigoRetencionVigente, 'desde' | 'hasta'>, dia: string) =>
  codigo.desde <= dia && (codigo.hasta === null || codigo.hasta >= dia);

/** MM/AAAA of a YYYY-MM-DD day: the fiscal period a retención declares. */
export const periodoFiscal = (dia: string) => `${dia.slice(5, 7)}/${dia.slice(0, 4)}`;

/** The warning for a retención dated more than 5 days after its support document, or null. */
export function avisoTardio(documento: { numero: string; fecha: string }, dia: string): string | null {
  if (!esDia(documento.fecha) || !esDia(dia)) return null;
  const dias = diasEntre(documento.fecha, dia);
  return dias > DIAS_PLAZO_RETENCION ? M.tarde(documento.numero, fechaCorta(documento.fecha), dias) : null;
}

/**
 * Computes every withholding of a retención dated `dia` (YYYY-MM-DD) and lists every rule it breaks (an empty list:
 * it can be issued), with the warnings that do not stop it.
 */
export function calcularRetencion(sustentos: readonly SustentoEntrada[], dia: string): RetencionCalculo {
  const errores: ErrorFactura[] = [];
  const avisos: string[] = [];
  if (sustentos.length === 0) errores.push({ campo: 'sustentos', mensaje: M.sinDocumentos });
  const totales = { [IMPUESTO_RETENCION.renta]: 0n, [IMPUESTO_RETENCION.iva]: 0n, [IMPUESTO_RETENCION.isd]: 0n } as Record<string, bigint>;
  const vistos = new Set<string>();

  const calculados = sustentos.map((s, i): SustentoCalculado => {
    const n = i + 1;
    const error = (campo: string, texto: string) => errores.push({ campo, linea: n, mensaje: enDocumento(n, texto) });
    const d = s.documento;
    if (!SUSTENTOS_TRIBUTARIOS.some((t) => t.codigo === s.codSustento)) error('codSustento', M.sustentoDesconocido(s.codSustento));
    if (!DOCUMENTOS_SUSTENTO.some((t) => t.codigo === d.codDoc)) error('documento', M.documentoNoRetenible);
    if (!/^\d{3}-\d{3}-\d{9}$/.test(d.numero)) error('documento', M.numeroDocumento);
    const clave = `${d.codDoc} ${d.numero}`;
    if (vistos.has(clave)) error('documento', M.documentoRepetido);
    vistos.add(clave);
    if (!esDia(d.fecha)) error('documento', M.fechaDocumento);
    else if (esDia(dia) && dia < d.fecha) error('fecha', M.anteriorADocumento(fechaCorta(d.fecha)));
    else {
      const aviso = avisoTardio(d, dia);
      if (aviso) avisos.push(aviso);
    }
    if (s.retenciones.length === 0) error('retenciones', M.sinRetenciones);

    const bases = { [IMPUESTO_RETENCION.renta]: 0n, [IMPUESTO_RETENCION.iva]: 0n, [IMPUESTO_RETENCION.isd]: 0n } as Record<string, bigint>;
    const retenciones = s.retenciones.map((r, j): RetencionCalculada => {
      const errorR = (campo: string, texto: string) => errores.push({ campo, linea: n, mensaje: enRetencion(n, j + 1, texto) });
      const { centavos: base, error: errorBase } = leerBase(r.base);
      if (errorBase) errorR('base', errorBase);
      const c = r.codigo;
      if (!c) {
        errorR('codigo', M.codigoInexistente);
        return { impuesto: '', codigo: '', codigoId: null, base: dinero2(base), porcentaje: '0.00', valor: '0.00' };
      }
      if (esDia(dia) && !vigenteEl(c, dia)) errorR('codigo', M.codigoNoVigente(c.codigo, fechaCorta(dia)));
      const porcentaje = centavos(c.porcentaje);
      const valor = dividirRedondeando(base * porcentaje, BASE_PORCENTAJE);
      bases[c.impuesto] = (bases[c.impuesto] ?? 0n) + base;
      totales[c.impuesto] = (totales[c.impuesto] ?? 0n) + valor;
      return {
        impuesto: c.impuesto,
        codigo: c.codigo,
        codigoId: c.id,
        base: dinero2(base),
        porcentaje: dinero2(porcentaje),
        valor: dinero2(valor),
      };
    });

    const limites: Array<[string, bigint, (b: string, m: string) => string]> = [
      [IMPUESTO_RETENCION.renta, centavos(d.totalSinImpuestos), M.baseRentaExcede],
      [IMPUESTO_RETENCION.iva, centavos(d.iva), M.baseIvaExcede],
      [IMPUESTO_RETENCION.isd, centavos(d.importeTotal), M.baseIsdExcede],
    ];
    for (const [impuesto, maximo, mensaje] of limites) {
      const suma = bases[impuesto] ?? 0n;
      if (suma > maximo) error('retenciones', mensaje(dinero2(suma), dinero2(maximo)));
    }
    return { codSustento: s.codSustento, documento: d, retenciones };
  });

  const renta = totales[IMPUESTO_RETENCION.renta]!;
  const iva = totales[IMPUESTO_RETENCION.iva]!;
  const isd = totales[IMPUESTO_RETENCION.isd]!;
  const total = renta + iva + isd;
  if (total > MAXIMO_SRI) errores.push({ campo: 'total', mensaje: M.totalGrande });
  return { sustentos: calculados, renta: dinero2(renta), iva: dinero2(iva), isd: dinero2(isd), total: dinero2(total), errores, avisos };
}

/** The totals the form showed against the calculation, each differing by a cent an error. */
export function compararTotalesRetencion(
  calculo: Pick<RetencionCalculo, 'renta' | 'iva' | 'total'>,
  mostrados: { FAC_SUBTOTAL: Numero; FAC_IVA: Numero; FAC_TOTAL: Numero },
): ErrorFactura[] {
  const pares: Array<[string, string, Numero, string]> = [
    ['totales.FAC_SUBTOTAL', 'impuesto a la renta retenido', mostrados.FAC_SUBTOTAL, calculo.renta],
    ['totales.FAC_IVA', 'IVA retenido', mostrados.FAC_IVA, calculo.iva],
    ['totales.FAC_TOTAL', 'total retenido', mostrados.FAC_TOTAL, calculo.total],
  ];
  return pares
    .filter(([, , mostrado, calculado]) => {
      const l = leerDecimal(mostrado);
      return !l.ok || l.decimales > DD || escalar(l, DD) !== centavos(calculado);
    })
    .map(([campo, nombre, mostrado, calculado]) => ({ campo, mensaje: M.totalesDistintos(nombre, String(mostrado), calculado) }));
}
