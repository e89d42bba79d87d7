import { PROVEEDOR, type Documento } from '../../comprobantes/documento';
import { texto } from './textos';

/** The comprobante de retención as the shared SRI pieces see it: issued to the supplier it withholds. */
export const RETENCION: Documento = { recurso: 'retenciones', api: '/api/retenciones', archivo: 'retencion', texto, receptor: PROVEEDOR };
