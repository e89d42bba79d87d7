import { PROVEEDOR, type Documento } from '../../comprobantes/documento';
import { texto } from './textos';

/** The liquidación de compra as the shared SRI pieces see it: issued to a supplier. */
export const LIQUIDACION: Documento = {
  recurso: 'liquidacionesCompra',
  api: '/api/liquidacionesCompra',
  archivo: 'liquidacion-compra',
  texto,
  receptor: PROVEEDOR,
};
