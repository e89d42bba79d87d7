/**
 * The comprobante de retención as a document type of the core (comprobantes/tipo.ts): codDoc 07,
 * ComprobanteRetencion_V2.0.0.xsd, the supplier as recipient. Issuing locks its support documents and judges them
 * again (another retención may have taken one, a code may have expired since the draft was saved), and stores what
 * it signs: each withholding's percentage and value, and the totals.
 */
import { eq } from 'drizzle-orm';
import { facturas } from '../../infra/db/schema';
import { hoyEcuador } from '../../../domain/fechas';
import { armarRetencion, type ComprobanteRetencion } from '../../../domain/retenciones';
import type { TipoComprobante } from '../comprobantes';
import { juzgarRetencion, NOMBRE } from './borradores';
import { escribirSustentos, sustentosDeRetencion } from './repo';
import { retencionXml } from './xml';
import { cuerpoRetencion, totalRetenido } from './ride-cuerpo';

export const tipoRetencion: TipoComprobante<ComprobanteRetencion> = {
  codDoc: '07',
  nombre: NOMBRE,
  titulo: 'COMPROBANTE DE RETENCIÓN',
  archivo: 'retencion',
  esquema: 'ComprobanteRetencion_V2.0.0.xsd',
  async armar(tx, id, comunes) {
    const [r] = await tx
      .select({ EMP_CODIGO: facturas.EMP_CODIGO, PRV_CODIGO: facturas.PRV_CODIGO })
      .from(facturas)
      .where(eq(facturas.FAC_CODIGO, id));
    const guardados = await sustentosDeRetencion(tx, id);
    const fecha = typeof comunes.fecha === 'string' ? comunes.fecha : hoyEcuador(comunes.fecha);
    const pedidos = guardados.map((s) => ({
      REC_CODIGO: s.REC_CODIGO,
      RSU_LIQUIDACION: s.RSU_LIQUIDACION,
      RSU_SUSTENTO: s.RSU_SUSTENTO,
      retenciones: s.retenciones.map((d) => ({ RCO_ID: d.RCO_ID, RDE_BASE: d.RDE_BASE })),
    }));
    const { errores, calculo, entradas } = await juzgarRetencion(tx, r!.EMP_CODIGO, r!.PRV_CODIGO!, fecha, pedidos, id);
    if (errores.length || !calculo) return { ok: false, errores };
    const armado = armarRetencion({ ...comunes, sustentos: entradas });
    if (!armado.ok) return { ok: false, errores: armado.errores };
    await escribirSustentos(
      tx,
      id,
      pedidos.map((p, i) => ({
        ...p,
        retenciones: calculo.sustentos[i]!.retenciones.map((c) => ({
          RCO_ID: c.codigoId,
          RDE_IMPUESTO: c.impuesto,
          RDE_CODIGO: c.codigo,
          RDE_BASE: c.base,
          RDE_PORCENTAJE: c.porcentaje,
          RDE_VALOR: c.valor,
        })),
      })),
    );
    await tx
      .update(facturas)
      .set({ FAC_SUBTOTAL: calculo.renta, FAC_IVA: calculo.iva, FAC_TOTAL: calculo.total })
      .where(eq(facturas.FAC_CODIGO, id));
    return { ok: true, comprobante: armado.comprobante };
  },
  xml: retencionXml,
  ride: cuerpoRetencion,
  correo: (c) => ({ destinatario: c.infoCompRetencion.razonSocialSujetoRetenido, importe: totalRetenido(c) }),
};
