import type { ColumnaExportacion } from '../../core/export';
import { numeroOferta } from '../../../domain/ofertas';
import type { Oferta } from '../../../domain/contratos/ofertas';

const dinero = (campo: 'OFE_SUBTOTAL' | 'OFE_IVA' | 'OFE_TOTAL', header: string): ColumnaExportacion<Oferta> => ({
  header,
  width: 12,
  value: (r) => Number(r[campo]),
  numFmt: '0.00',
  text: (r) => r[campo],
});

/** The quotes' export (core/export.ts): the list's columns, the state as the list answers it (VENCIDA included). */
export const COLUMNAS_OFERTAS: Array<ColumnaExportacion<Oferta>> = [
  { header: 'Número', width: 10, value: (r) => numeroOferta(r.OFE_NUMERO) },
  { header: 'Fecha', width: 12, value: (r) => r.OFE_FECHA },
  { header: 'Válida hasta', width: 12, value: (r) => r.OFE_VALIDEZ },
  { header: 'Estado', width: 11, value: (r) => r.OFE_ESTADO },
  { header: 'Identificación', width: 16, value: (r) => r.CLI_IDENTIFICACION },
  { header: 'Cliente', width: 36, value: (r) => r.CLI_RAZON_SOCIAL },
  dinero('OFE_SUBTOTAL', 'Subtotal'),
  dinero('OFE_IVA', 'IVA'),
  dinero('OFE_TOTAL', 'Total'),
  { header: 'Factura', width: 18, value: (r) => r.FAC_NUMERO ?? (r.FAC_CODIGO === null ? '' : 'Borrador') },
];
