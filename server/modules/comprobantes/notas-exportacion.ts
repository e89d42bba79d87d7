import type { ColumnaExportacion } from '../../core/export';
import { diaEcuador } from '../../../domain/fechas';
import type { Nota } from '../../../domain/contratos/notasCredito';

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

const dinero = (pick: (r: Nota) => string): Pick<ColumnaExportacion<Nota>, 'value' | 'text' | 'numFmt'> => ({
  value: (r) => Number(pick(r)),
  text: pick,
  numFmt: '#,##0.00',
});

/** Both notes' export (core/export.ts): the note, the invoice it modifies, its buyer and amounts. */
export const COLUMNAS_NOTAS: Array<ColumnaExportacion<Nota>> = [
  { header: 'Número', width: 20, value: (r) => r.FAC_NUMERO ?? 'Borrador' },
  { header: 'Fecha', width: 12, value: (r) => r.FAC_FECHA },
  { header: 'Factura', width: 20, value: (r) => r.FACTURA_NUMERO ?? '' },
  { header: 'Cliente', width: 40, value: (r) => r.CLI_RAZON_SOCIAL },
  { header: 'Identificación', width: 16, value: (r) => r.CLI_IDENTIFICACION },
  { header: 'Motivo', width: 40, value: (r) => r.FAC_MOTIVO ?? '' },
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
];
