/**
 * The debit note as a document type of the core (comprobantes/tipo.ts): codDoc 05, NotaDebito_V1.0.0.xsd. Issuing
 * locks the invoice it modifies and judges it again (it may have been annulled since the draft was saved).
 */
import { hoyEcuador } from '../../../domain/fechas';
import { armarNotaDebito, type ComprobanteNotaDebito } from '../../../domain/notasDebito';
import { facturaDeNota, lineasNota, pagosDe, type TipoComprobante } from '../comprobantes';
import { juzgarNotaDebito, NOMBRE } from './borradores';
import { notaDebitoXml } from './xml';
import { cuerpoNotaDebito } from './ride-cuerpo';

export const tipoNotaDebito: TipoComprobante<ComprobanteNotaDebito> = {
  codDoc: '05',
  nombre: NOMBRE,
  titulo: 'NOTA DE DÉBITO',
  archivo: 'nota-debito',
  esquema: 'NotaDebito_V1.0.0.xsd',
  async armar(tx, id, comunes) {
    const { factura } = await facturaDeNota(tx, id, NOMBRE);
    const lineas = await lineasNota(tx, id);
    const pagos = await pagosDe(tx, id);
    const motivos = lineas.map((l) => ({ razon: l.FDE_DESCRIPCION, valor: l.FDE_SUBTOTAL, iva: l.FDE_IVA }));
    const pagosEntrada = pagos.map((p) => ({ formaPago: p.FPA_FORMA, total: p.FPA_TOTAL, plazo: p.FPA_PLAZO, unidadTiempo: p.FPA_UNIDAD }));
    const fecha = typeof comunes.fecha === 'string' ? comunes.fecha : hoyEcuador(comunes.fecha);
    const { errores } = juzgarNotaDebito(factura, fecha, motivos, pagosEntrada);
    if (errores.length) return { ok: false, errores };
    const armado = armarNotaDebito({
      ...comunes,
      documentoModificado: { numero: factura.FAC_NUMERO, fecha: factura.FAC_FECHA },
      motivos,
      pagos: pagosEntrada,
    });
    return armado.ok ? { ok: true, comprobante: armado.comprobante } : { ok: false, errores: armado.errores };
  },
  xml: notaDebitoXml,
  ride: cuerpoNotaDebito,
  correo: (c) => ({ destinatario: c.infoNotaDebito.razonSocialComprador, importe: c.infoNotaDebito.valorTotal }),
};
