/**
 * The liquidación de compra as a document type of the core (comprobantes/tipo.ts): codDoc 03,
 * LiquidacionCompra_V1.1.0.xsd. Its recipient is the supplier (facturas.PRV_CODIGO), which the core hands over as
 * `comunes.comprador`; the supplier's rule (no RUC) is judged again here, on what the book says when it is issued.
 */
import { armarLiquidacion, motivoProveedor, type ComprobanteLiquidacionCompra } from '../../../domain/liquidacionesCompra';
import type { TipoComprobante } from '../comprobantes';
import { borradorEmision } from '../facturas';
import { cuerpoLiquidacion } from './ride-cuerpo';
import { liquidacionXml } from './xml';
import { proveedorDe, TIPO_LIQUIDACION } from './repo';

/** The draft's lines and payments (an invoice's, read as one: its tip stays at 0), as armarLiquidacion reads them. */
const leerLiquidacion = borradorEmision;

export const tipoLiquidacion: TipoComprobante<ComprobanteLiquidacionCompra, Awaited<ReturnType<typeof leerLiquidacion>>> = {
  codDoc: TIPO_LIQUIDACION,
  nombre: 'liquidación de compra',
  titulo: 'LIQUIDACIÓN DE COMPRA DE BIENES Y PRESTACIÓN DE SERVICIOS',
  archivo: 'liquidacion-compra',
  esquema: 'LiquidacionCompra_V1.1.0.xsd',
  leer: leerLiquidacion,
  async armar(tx, id, comunes, leido) {
    // The book may have changed since the draft was saved: a supplier made inactive, or given a RUC.
    const proveedor = await proveedorDe(tx, id);
    const motivo = proveedor && motivoProveedor({ tipoIdentificacion: proveedor.PRV_TIPO_IDENTIFICACION, activo: proveedor.PRV_ACTIVO });
    if (motivo) return { ok: false, errores: [{ campo: 'PRV_CODIGO', mensaje: motivo }] };
    const armado = armarLiquidacion({ ...comunes, ...(leido ?? (await leerLiquidacion(tx, id))) });
    return armado.ok ? { ok: true, comprobante: armado.comprobante } : { ok: false, errores: armado.errores };
  },
  xml: liquidacionXml,
  ride: cuerpoLiquidacion,
  correo: (c) => ({ destinatario: c.infoLiquidacionCompra.razonSocialProveedor, importe: c.infoLiquidacionCompra.importeTotal }),
};
