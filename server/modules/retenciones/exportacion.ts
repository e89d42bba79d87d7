import type { ColumnaExportacion } from '../../core/export';
import type { Retencion } from '../../../domain/contratos/retenciones';
import { columnasDocumento } from '../comprobantes';

/** The retenciones' export (core/export.ts), what an accountant closing a month reads: per supplier and document. */
export const COLUMNAS_RETENCIONES: Array<ColumnaExportacion<Retencion>> = columnasDocumento<Retencion>({
  receptor: 'Proveedor',
  trasFecha: [{ header: 'Período fiscal', width: 10, value: (r) => r.PERIODO_FISCAL }],
  trasComprador: [{ header: 'Documentos', width: 30, value: (r) => r.DOCUMENTOS }],
  importes: ['Renta retenida', 'IVA retenido', 'Total retenido'],
});
