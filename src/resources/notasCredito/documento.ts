import type { Documento } from '../../comprobantes/documento';
import { texto } from './textos';

/** The credit note as the shared SRI pieces and the notes' screens see it. */
export const NOTA_CREDITO: Documento = { recurso: 'notasCredito', api: '/api/notasCredito', archivo: 'nota-credito', texto };
