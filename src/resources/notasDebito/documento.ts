import type { Documento } from '../../comprobantes/documento';
import { texto } from './textos';

/** The debit note as the shared SRI pieces and the notes' screens see it. */
export const NOTA_DEBITO: Documento = { recurso: 'notasDebito', api: '/api/notasDebito', archivo: 'nota-debito', texto };
