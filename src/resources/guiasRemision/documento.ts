import type { GuiaRemisionDetalle } from '../../../domain/contratos/guiasRemision';
import type { Documento, Receptor } from '../../comprobantes/documento';
import { texto } from './textos';

/** The carrier: the document core's recipient of a guía (facturas.TRA_CODIGO). */
const TRANSPORTISTA: Receptor = {
  recurso: 'transportistas',
  codigo: 'TRA_CODIGO',
  razonSocial: 'TRA_RAZON_SOCIAL',
  identificacion: 'TRA_IDENTIFICACION',
  correos: 'TRA_CORREOS',
};

/** The guía de remisión as the shared SRI pieces see it: carried by a transportista, emailed to its destinatarios. */
export const GUIA: Documento = {
  recurso: 'guiasRemision',
  api: '/api/guiasRemision',
  archivo: 'guia-remision',
  texto,
  receptor: TRANSPORTISTA,
  correos: (record) => (record as unknown as Partial<GuiaRemisionDetalle>).destinatarios?.flatMap((d) => d.GDE_CORREOS) ?? [],
};
