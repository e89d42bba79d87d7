/**
 * What the drafts of a document computed as an invoice (a factura, a liquidación de compra) share: the form's lines
 * and payments as the calculation reads them, the recipient's credit days, the lines without description, and the
 * rows stored from the server's calculation (never the amounts the form sent).
 */
import { IMPUESTO, sinPlazo, UNIDAD_CREDITO, type ErrorFactura, type FacturaCalculada } from '../../../domain/facturas';
import type { CampoAdicional, LineaBorrador, PagoBorrador } from '../../../domain/contratos/facturas';
import type { ValoresLinea, ValoresPago } from '../comprobantes';

/** The draft's body these read. */
type Cuerpo = { lineas: readonly LineaBorrador[]; pagos: readonly PagoBorrador[]; FAC_ADICIONAL?: readonly CampoAdicional[] | null };

const opcional = (valor: string | null | undefined) => String(valor ?? '').trim() || null;

/**
 * The recipient's credit days as the term (in días) of each payment that names none; an explicit term, 0 included
 * (paid on the day), is kept. Without credit days the payments stay as sent.
 */
export const conDiasDeCredito = <P extends PagoBorrador>(pagos: P[], dias: number): P[] =>
  dias > 0 ? pagos.map((p) => (sinPlazo(p.FPA_PLAZO) ? { ...p, FPA_PLAZO: dias, FPA_UNIDAD: UNIDAD_CREDITO } : p)) : pagos;

/** The lines and payments as the calculation reads them. */
export const entradaCalculo = (body: Cuerpo) => ({
  lineas: body.lineas.map((l) => ({
    cantidad: l.FDE_CANTIDAD,
    precioUnitario: l.FDE_PRECIO,
    descuento: l.FDE_DESCUENTO,
    codigoPorcentaje: l.FDE_IVA,
    ice: opcional(l.FDE_ICE_CODIGO) ? { codigoPorcentaje: l.FDE_ICE_CODIGO!, tarifa: l.FDE_ICE_TARIFA ?? '' } : null,
    descripcion: l.FDE_DESCRIPCION,
  })),
  pagos: body.pagos.map((p) => ({ formaPago: p.FPA_FORMA, total: p.FPA_TOTAL, plazo: p.FPA_PLAZO, unidadTiempo: p.FPA_UNIDAD })),
});

/** A line without description, as the calculation's errors say it. */
export const sinDescripcion = (lineas: readonly LineaBorrador[]): ErrorFactura[] =>
  lineas.flatMap((l, i) =>
    l.FDE_DESCRIPCION.trim() ? [] : [{ campo: 'descripcion', linea: i + 1, mensaje: `Línea ${i + 1}: ingrese la descripción.` }],
  );

/**
 * The rows stored from the calculation: the additional fields that say something, each line (with its catalogue item
 * when `conCatalogo`: a liquidación names none) and each payment with the term it was sent with.
 */
export function filasBorrador(body: Cuerpo, calculo: FacturaCalculada, conCatalogo: boolean) {
  const adicional = (body.FAC_ADICIONAL ?? [])
    .map((c) => ({ nombre: c.nombre.trim(), valor: c.valor.trim() }))
    .filter((c) => c.nombre || c.valor);
  const lineas: ValoresLinea[] = body.lineas.map((l, i) => {
    const c = calculo.lineas[i]!;
    const ice = c.impuestos.find((imp) => imp.codigo === IMPUESTO.ice);
    return {
      CAT_CODIGO: conCatalogo ? (l.CAT_CODIGO ?? null) : null,
      FDE_PRINCIPAL: opcional(l.FDE_PRINCIPAL),
      FDE_AUXILIAR: opcional(l.FDE_AUXILIAR),
      FDE_DESCRIPCION: l.FDE_DESCRIPCION.trim(),
      FDE_CANTIDAD: c.cantidad,
      FDE_PRECIO: c.precioUnitario,
      FDE_DESCUENTO: c.descuento,
      FDE_IVA: String(l.FDE_IVA).trim(),
      FDE_ICE_CODIGO: ice ? ice.codigoPorcentaje : null,
      FDE_ICE_TARIFA: ice ? ice.tarifa : null,
      FDE_SUBTOTAL: c.precioTotalSinImpuesto,
    };
  });
  const pagos: ValoresPago[] = calculo.pagos.map((p, i) => ({
    FPA_FORMA: p.formaPago,
    FPA_TOTAL: p.total,
    FPA_PLAZO: body.pagos[i]!.FPA_PLAZO ?? null,
    FPA_UNIDAD: p.unidadTiempo ?? null,
  }));
  return { adicional, lineas, pagos };
}
