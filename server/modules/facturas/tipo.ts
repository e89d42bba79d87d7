/**
 * The invoice as a document type of the core (comprobantes/tipo.ts): how its draft becomes the factura_V1.1.0 document,
 * its XML, its RIDE's body and what the email says of it.
 */
import type { Executor } from '../../infra/db/client';
import { armarComprobante, type ComprobanteFactura } from '../../../domain/facturas';
import { pagosDe, type TipoComprobante } from '../comprobantes';
import { cuerpoFactura } from './ride-cuerpo';
import { entradaLinea, entradaPago, lineasDe, propinaDe, TIPO_FACTURA } from './repo';
import { facturaXml } from './xml';

/** The draft's lines, payments and tip, as armarComprobante reads them. */
async function leerFactura(tx: Executor, id: number) {
  // One after another: a transaction is one connection, and pg warns of (and will refuse) overlapping queries on it.
  const lineas = await lineasDe(tx, id);
  const pagos = await pagosDe(tx, id);
  const propina = await propinaDe(tx, id);
  return { lineas: lineas.map(entradaLinea), pagos: pagos.map(entradaPago), propina };
}

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
