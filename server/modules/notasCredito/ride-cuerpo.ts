/**
 * The credit note's RIDE body, as the SRI's sample prints it: the buyer, the invoice it modifies and why, the returned
 * lines as an invoice's, and the totals down to VALOR TOTAL (valorModificacion). The core's frame (comprobantes/ride.ts)
 * draws the issuer, the number, the access key and the additional information around it.
 */
import { dividirRedondeando, formatear, leerDecimal } from '../../../domain/comprobantes/decimal';
import type { ComprobanteNotaCredito, DetalleNotaCredito } from '../../../domain/notasCredito/comprobante';
import { documentoModificado, emisorRide, impuestosRide, tablaLineas, type CuerpoRide } from '../comprobantes';

/** The lines' discounts added up exactly (the schema's infoNotaCredito has no totalDescuento of its own). */
function totalDescuento(detalles: readonly DetalleNotaCredito[]): string {
  const centavos = detalles.reduce((s, d) => {
    const l = leerDecimal(d.descuento);
    return l.ok ? s + dividirRedondeando(l.valor * 100n, 10n ** BigInt(l.decimales)) : s;
  }, 0n);
  return formatear(centavos, 2);
}

export function cuerpoNotaCredito(c: ComprobanteNotaCredito): CuerpoRide {
  const n = c.infoNotaCredito;
  const { subtotales, ivas, ice, irbpnr } = impuestosRide(n.totalConImpuestos);
  return {
    emisor: emisorRide(n),
    receptor: [
      ['Razón Social / Nombres y Apellidos:', n.razonSocialComprador],
      ['Identificación:', n.identificacionComprador],
      ['Fecha Emisión:', n.fechaEmision],
    ],
    modificado: [
      ['Comprobante que se modifica:', documentoModificado(n.codDocModificado, n.numDocModificado)],
      ['Fecha Emisión (Comprobante a modificar):', n.fechaEmisionDocSustento],
      ['Razón de Modificación:', n.motivo],
    ],
    // The invoice's columns, so both documents read alike.
    tabla: tablaLineas(c.detalles, (d) => [d.codigoInterno ?? '', d.codigoAdicional ?? '']),
    totales: [
      ...subtotales.map((t): [string, string] => [t.etiqueta, t.valor]),
      ['SUBTOTAL SIN IMPUESTOS', n.totalSinImpuestos],
      ['TOTAL DESCUENTO', totalDescuento(c.detalles)],
      ['ICE', ice],
      ...(irbpnr === undefined ? [] : [['IRBPNR', irbpnr] as [string, string]]),
      ...ivas.map((t): [string, string] => [t.etiqueta, t.valor]),
      ['VALOR TOTAL', n.valorModificacion],
    ],
  };
}
