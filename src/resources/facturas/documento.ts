import type { Documento } from '../../comprobantes/documento';
import { texto } from './textos';

/** The invoice as the shared SRI pieces (panel, actions, downloads) see it. */
export const FACTURA: Documento = { recurso: 'facturas', api: '/api/facturas', archivo: 'factura', texto };
