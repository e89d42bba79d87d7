import type { ColumnaExportacion } from '../../core/export';
import { diaEcuador } from '../../../domain/fechas';
import type { Recibido } from './contract';

/** The types as an accountant names them. */
const TIPO: Record<string, string> = {
  '01': 'Factura',
  '03': 'Liquidación de compra',
  '04': 'Nota de crédito',
  '05': 'Nota de débito',
  '07': 'Comprobante de retención',
};

const ORIGEN: Record<string, string> = { xml: 'Archivo XML', clave: 'Clave de acceso', reporte: 'Reporte del SRI' };

const dinero = (pick: (r: Recibido) => string): Pick<ColumnaExportacion<Recibido>, 'value' | 'text' | 'numFmt'> => ({
  value: (r) => Number(pick(r)),
  text: pick,
  numFmt: '#,##0.00',
});

/** The received documents' export: what a purchases ledger shows, and our retención on each. */
export const COLUMNAS_RECIBIDOS: Array<ColumnaExportacion<Recibido>> = [
  { header: 'Tipo', width: 22, value: (r) => TIPO[r.REC_TIPO] ?? r.REC_TIPO },
  { header: 'Número', width: 20, value: (r) => r.REC_NUMERO },
  { header: 'Fecha', width: 12, value: (r) => r.REC_FECHA },
  { header: 'RUC del emisor', width: 16, value: (r) => r.REC_EMISOR_RUC },
  { header: 'Emisor', width: 40, value: (r) => r.REC_EMISOR_RAZON_SOCIAL },
  { header: 'Subtotal', width: 13, ...dinero((r) => r.REC_SUBTOTAL) },
  { header: 'IVA', width: 12, ...dinero((r) => r.REC_IVA) },
  { header: 'Total', width: 13, ...dinero((r) => r.REC_TOTAL) },
  { header: 'Autorización', width: 52, value: (r) => r.REC_AUTORIZACION },
  {
    header: 'Fecha de autorización',
    width: 14,
    value: (r) => (r.REC_FECHA_AUTORIZACION ? diaEcuador(new Date(r.REC_FECHA_AUTORIZACION)) : ''),
  },
  { header: 'Clave de acceso', width: 52, value: (r) => r.REC_CLAVE_ACCESO },
  { header: 'Registrado desde', width: 16, value: (r) => ORIGEN[r.REC_ORIGEN] ?? r.REC_ORIGEN },
  { header: 'Retención', width: 20, value: (r) => r.RETENCION?.FAC_NUMERO ?? '' },
];
