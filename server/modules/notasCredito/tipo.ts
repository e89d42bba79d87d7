/**
 * The credit note as a document type of the core (comprobantes/tipo.ts): codDoc 04, NotaCredito_V1.1.0.xsd. Issuing
 * locks the invoice it modifies before judging it again (notas-factura.ts, borradores.ts): two notes of one invoice
 * issued at once are judged one after the other, and together never credit more than it has left.
 */
import { hoyEcuador } from '../../../domain/fechas';
import { armarNotaCredito } from '../../../domain/notasCredito/armar';
import type { ComprobanteNotaCredito } from '../../../domain/notasCredito/comprobante';
import { facturaDeNota, lineasNota, type LineaNota, type TipoComprobante } from '../comprobantes';
import { juzgarNotaCredito } from './borradores';
import { notaCreditoXml } from './xml';
import { cuerpoNotaCredito } from './ride-cuerpo';

const NOMBRE = 'nota de crédito';

export const tipoNotaCredito: TipoComprobante<ComprobanteNotaCredito, LineaNota[]> = {
  codDoc: '04',
  nombre: NOMBRE,
  titulo: 'NOTA DE CRÉDITO',
  archivo: 'nota-credito',
  esquema: 'NotaCredito_V1.1.0.xsd',
  // The note's lines are read before the emission point's number is taken (comprobantes/tipo.ts).
  leer: (tx, id) => lineasNota(tx, id),
  async armar(tx, id, comunes, leidas) {
    const { factura, motivo } = await facturaDeNota(tx, id, NOMBRE);
    const lineas = leidas ?? (await lineasNota(tx, id));
    const fecha = typeof comunes.fecha === 'string' ? comunes.fecha : hoyEcuador(comunes.fecha);
    const juicio = await juzgarNotaCredito(tx, factura, { fecha, motivo, lineas }, id);
    if (juicio.errores.length) return { ok: false, errores: juicio.errores };
    const armado = armarNotaCredito({
      ...comunes,
      documentoModificado: { numero: factura.FAC_NUMERO, fecha: factura.FAC_FECHA },
      motivo,
      lineas: lineas.map((l) => ({
        cantidad: l.FDE_CANTIDAD,
        precioUnitario: l.FDE_PRECIO,
        descuento: l.FDE_DESCUENTO,
        codigoPorcentaje: l.FDE_IVA,
        ice: l.FDE_ICE_CODIGO ? { codigoPorcentaje: l.FDE_ICE_CODIGO, tarifa: l.FDE_ICE_TARIFA ?? '0' } : null,
        codigoPrincipal: l.FDE_PRINCIPAL,
        codigoAuxiliar: l.FDE_AUXILIAR,
        descripcion: l.FDE_DESCRIPCION,
      })),
    });
    return armado.ok ? { ok: true, comprobante: armado.comprobante } : { ok: false, errores: armado.errores };
  },
  xml: notaCreditoXml,
  ride: cuerpoNotaCredito,
  correo: (c) => ({ destinatario: c.infoNotaCredito.razonSocialComprador, importe: c.infoNotaCredito.valorModificacion }),
};
