/** The module's public face: its routes for the registry (../index.ts) and what other modules use of it. */
export { default } from './routes';
export { A4, FUENTE, MARGEN, NEGRITA, TEXTO, fondo } from '../comprobantes';
export { borradorEmision, entradaLinea, entradaPago, lineasDe, TIPO_FACTURA } from './repo';
export { tipoFactura } from './tipo';
export { detallesFactura, infoComoFactura } from './xml';
export { conDiasDeCredito, entradaCalculo, filasBorrador, sinDescripcion } from './filas-borrador';
export { valoresDe as valoresBorradorFactura } from './borradores';
export { lineasDeItems } from './items-directos';
export { facturaCitada } from './citada';
