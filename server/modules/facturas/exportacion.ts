import type { ColumnaExportacion } from '../../core/export';
import { diaEcuador } from '../../../domain/fechas';
import type { FacturaExportada } from './repo';

/** The states as a person reads them in the spreadsheet. */
const ESTADO: Record<string, string> = {
  BORRADOR: 'Borrador',
  FIRMADA: 'Firmada',
  ENVIADA: 'Enviada',
  RECIBIDA: 'Recibida',
  AUTORIZADA: 'Autorizada',
  DEVUELTA: 'Devuelta',
  RECHAZADA: 'No autorizada',
  ANULADA: 'Anulada',
  SIN_RESPUESTA: 'Sin respuesta del SRI',
};
/** The email to the buyer, once the invoice is authorized. */
const CORREO: Record<string, string> = { PENDIENTE: 'Pendiente', ENVIADA: 'Sí', SIN_CORREO: 'Sin correo', FALLIDA: 'Falló' };

const dinero = (pick: (r: FacturaExportada) => string): Pick<ColumnaExportacion<FacturaExportada>, 'value' | 'text' | 'numFmt'> => ({
  value: (r) => Number(pick(r)),
  text: pick,
  numFmt: '#,##0.00',
});

/** The invoices' export (core/export.ts): what a person expects of a sales list; money as numbers with 2 decimals. */
export const COLUMNAS_FACTURAS: Array<ColumnaExportacion<FacturaExportada>> = [
  { header: 'Número', width: 20, value: (r) => r.FAC_NUMERO ?? 'Borrador' },
  { header: 'Fecha', width: 12, value: (r) => r.FAC_FECHA },
  { header: 'Cliente', width: 40, value: (r) => r.CLI_RAZON_SOCIAL },
  { header: 'Identificación', width: 16, value: (r) => r.CLI_IDENTIFICACION },
  { header: 'Subtotal', width: 13, ...dinero((r) => r.FAC_SUBTOTAL) },
  { header: 'IVA', width: 12, ...dinero((r) => r.FAC_IVA) },
  { header: 'Total', width: 13, ...dinero((r) => r.FAC_TOTAL) },
  { header: 'Estado', width: 18, value: (r) => ESTADO[r.FAC_ESTADO] ?? r.FAC_ESTADO },
  { header: 'Autorización', width: 52, value: (r) => r.FAC_AUTORIZACION ?? '' },
  {
    header: 'Fecha de autorización',
    width: 14,
    value: (r) => (r.FAC_FECHA_AUTORIZACION ? diaEcuador(new Date(r.FAC_FECHA_AUTORIZACION)) : ''),
  },
  {
    header: 'Correo enviado',
    width: 14,
    value: (r) => (r.FAC_ESTADO === 'AUTORIZADA' || r.FAC_ESTADO === 'ANULADA' ? (CORREO[r.FAC_ENTREGA ?? ''] ?? '') : ''),
  },
];
