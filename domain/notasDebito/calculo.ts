/**
 * A debit note's amounts, computed from its reasons: the form calls it on every keystroke and the server again on
 * what it receives, so both show and sign the same cents. Each reason (motivo) is a value without taxes and its IVA
 * rate; as on an invoice (facturas/calculo.ts), a rate's baseImponible is the sum of its reasons' values and its IVA
 * is round2(baseImponible × tarifa), half-up, once per rate: valorTotal = totalSinImpuestos + Σ IVA, exactly.
 */
import { dividirRedondeando, digitosEnteros, escalar, formatear, leerDecimal, potencia10 } from '../comprobantes/decimal';
import type { ImpuestoDetalle, Pago } from '../comprobantes/comprobante';
import { leerPagos, type ErrorFactura, type Numero, type PagoEntrada, type SubtotalIva } from '../facturas/calculo';
import { IMPUESTO, LIMITES_FACTURA, TARIFAS_IVA, tarifaIva } from '../facturas/catalogos';
import { enMotivo, NOTAS_DEBITO_MSG as M } from './mensajes';

/** One reason as the form holds it: its text, its value without taxes, its IVA codigoPorcentaje (catalogos.ts). */
export type MotivoEntrada = { razon: string; valor: Numero; iva: string };

export type MotivoCalculado = { razon: string; valor: string; iva: string; total: string };

export type NotaDebitoCalculada = {
  motivos: MotivoCalculado[];
  /** One per IVA rate the reasons use, in catalogue order (15 %, 5 %, 0 %, no objeto, exento…). */
  subtotalesIva: SubtotalIva[];
  /** infoNotaDebito's impuestos, in the schema's order (codigo, codigoPorcentaje, tarifa, baseImponible, valor). */
  impuestos: ImpuestoDetalle[];
  totalSinImpuestos: string;
  totalIva: string;
  valorTotal: string;
  pagos: Pago[];
  totalPagos: string;
  /** valorTotal − totalPagos: what the form offers to put in the last payment. */
  porPagar: string;
  errores: ErrorFactura[];
};

const DD = LIMITES_FACTURA.decimalesDinero;
const dinero2 = (centavos: bigint) => formatear(centavos, DD);
/** A percentage with 2 decimals (15.00 → 1500n) applies as × tarifa / 10000. */
const BASE_TARIFA = 10_000n;
const MAXIMO_SRI = potencia10(LIMITES_FACTURA.enterosDinero + DD) - 1n;

/** A reason's value in cents, or what is wrong with it. */
function leerValor(valor: Numero): { centavos: bigint; error?: string } {
  const l = leerDecimal(valor);
  if (!l.ok || l.valor < 0n || l.decimales > DD) return { centavos: 0n, error: M.valorFormato };
  const centavos = escalar(l, DD);
  if (centavos === 0n) return { centavos, error: M.valorCero };
  if (digitosEnteros(centavos, DD) > LIMITES_FACTURA.enterosDinero) return { centavos: 0n, error: M.valorGrande };
  return { centavos };
}

/**
 * Computes every amount of a debit note and lists every rule its reasons and payments break (an empty list: they are
 * fine). Without `pagos` (the form before the user reaches them) the payments are not checked.
 */
export function calcularNotaDebito(motivos: readonly MotivoEntrada[], pagos?: readonly PagoEntrada[]): NotaDebitoCalculada {
  const errores: ErrorFactura[] = [];
  if (motivos.length === 0) errores.push({ campo: 'motivos', mensaje: M.sinMotivos });
  const leidos = motivos.map((motivo, i) => {
    const n = i + 1;
    const error = (campo: string, texto: string) => errores.push({ campo, linea: n, mensaje: enMotivo(n, texto) });
    const razon = String(motivo.razon ?? '')
      .replace(/[\r\n\t]+/g, ' ')
      .trim();
    if (!razon) error('razon', M.razonRequerida);
    else if (razon.length > LIMITES_FACTURA.texto) error('razon', M.razonLarga);
    const { centavos, error: errorValor } = leerValor(motivo.valor);
    if (errorValor) error('valor', errorValor);
    const codigo = String(motivo.iva ?? '').trim();
    const tarifa = tarifaIva(codigo);
    if (!tarifa) error('iva', codigo ? M.ivaDesconocido(codigo) : M.ivaRequerido);
    return { razon, centavos, codigo, tarifa };
  });

  const subtotalesIva: SubtotalIva[] = [];
  const impuestos: ImpuestoDetalle[] = [];
  let totalIva = 0n;
  for (const tarifa of TARIFAS_IVA) {
    const propios = leidos.filter((m) => m.tarifa?.codigo === tarifa.codigo);
    if (propios.length === 0) continue;
    const base = propios.reduce((s, m) => s + m.centavos, 0n);
    const puntos = BigInt(Math.round(tarifa.tarifa * 100));
    const valor = dividirRedondeando(base * puntos, BASE_TARIFA);
    totalIva += valor;
    const comun = { codigoPorcentaje: tarifa.codigo, tarifa: formatear(puntos, 2), baseImponible: dinero2(base), valor: dinero2(valor) };
    subtotalesIva.push({ ...comun, nombre: tarifa.nombre });
    impuestos.push({ codigo: IMPUESTO.iva, ...comun });
  }
  const totalSinImpuestos = leidos.reduce((s, m) => s + m.centavos, 0n);
  const valorTotal = totalSinImpuestos + totalIva;
  if (valorTotal > MAXIMO_SRI) errores.push({ campo: 'valorTotal', mensaje: M.totalGrande });

  const leidosPagos = leerPagos(pagos ?? [], errores);
  if (pagos !== undefined) {
    if (pagos.length === 0) errores.push({ campo: 'pagos', mensaje: M.sinPagos });
    else if (leidosPagos.legibles && leidosPagos.suma !== valorTotal) {
      errores.push({ campo: 'pagos', mensaje: M.pagosNoCoinciden(dinero2(leidosPagos.suma), dinero2(valorTotal)) });
    }
  }

  return {
    // What each reason adds with its own IVA, for the form's rows (the totals use the rate's rounding, above).
    motivos: leidos.map((m) => {
      const propio = m.tarifa ? dividirRedondeando(m.centavos * BigInt(Math.round(m.tarifa.tarifa * 100)), BASE_TARIFA) : 0n;
      return { razon: m.razon, valor: dinero2(m.centavos), iva: m.codigo, total: dinero2(m.centavos + propio) };
    }),
    subtotalesIva,
    impuestos,
    totalSinImpuestos: dinero2(totalSinImpuestos),
    totalIva: dinero2(totalIva),
    valorTotal: dinero2(valorTotal),
    pagos: leidosPagos.pagos,
    totalPagos: dinero2(leidosPagos.suma),
    porPagar: dinero2(valorTotal - leidosPagos.suma),
    errores,
  };
}
