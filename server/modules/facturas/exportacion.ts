import type { ColumnaExportacion } from '../../core/export';
import { columnasDocumento } from '../comprobantes';
import type { FacturaExportada } from './repo';

/** The email to the buyer, once the invoice is authorized. */
const CORREO: Record<string, string> = { PENDIENTE: 'Pendiente', ENVIADA: 'Sí', SIN_CORREO: 'Sin correo', FALLIDA: 'Falló' };

/** The invoices' export (core/export.ts): the document's columns, and whether its email went out. */
export const COLUMNAS_FACTURAS: Array<ColumnaExportacion<FacturaExportada>> = columnasDocumento<FacturaExportada>({
  alFinal: [
    {
      header: 'Correo enviado',
      width: 14,
      value: (r) => (r.FAC_ESTADO === 'AUTORIZADA' || r.FAC_ESTADO === 'ANULADA' ? (CORREO[r.FAC_ENTREGA ?? ''] ?? '') : ''),
    },
  ],
});
