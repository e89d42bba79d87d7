/**
 * The invoice as a document type of the core (comprobantes/tipo.ts): how its draft becomes the factura_V1.1.0 document,
 * its XML, its RIDE's body and what the email says of it.
 */
import { armarComprobante, type ComprobanteFactura } from '../../../domain/facturas';
import type { TipoComprobante } from '../comprobantes';
import { cuerpoFactura } from './ride-cuerpo';
import { borradorEmision, TIPO_FACTURA } from './repo';
import { facturaXml } from './xml';

/** The draft's lines, payments and tip, as armarComprobante reads them. */
const leerFactura = borradorEmision;

export const tipoFactura: TipoComprobante<ComprobanteFactura, Awaited<ReturnType<typeof leerFactura>>> = {
  codDoc: TIPO_FACTURA,
  nombre: 'factura',
  titulo: 'FACTURA',
  archivo: 'factura',
  esquema: 'factura_V1.1.0.xsd',
  leer: leerFactura,
  async armar(tx, id, comunes, leido) {
    return armarComprobante({ ...comunes, ...(leido ?? (await leerFactura(tx, id))) });
  },
  xml: facturaXml,
  ride: cuerpoFactura,
  correo: (c) => ({ destinatario: c.infoFactura.razonSocialComprador, importe: c.infoFactura.importeTotal }),
};
