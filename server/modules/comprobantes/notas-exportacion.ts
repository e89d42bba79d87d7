import type { ColumnaExportacion } from '../../core/export';
import { diaEcuador } from '../../../domain/fechas';
import type { Nota } from '../../../domain/contratos/notasCredito';

/** The states as a person reads them in the spreadsheet (a type whose export has no amounts lists its own columns). */
export const ESTADOS_LEGIBLES: Record<string, string> = {
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

/** What every document's export reads of its row. */
type DocumentoExportable = {
  FAC_NUMERO: string | null;
  FAC_FECHA: string;
  /** A sale's buyer; a purchase's (liquidación, retención) names its supplier instead. */
  CLI_RAZON_SOCIAL?: string;
  CLI_IDENTIFICACION?: string;
  PRV_RAZON_SOCIAL?: string;
  PRV_IDENTIFICACION?: string;
  FAC_SUBTOTAL: string;
  FAC_IVA: string;
  FAC_TOTAL: string;
  FAC_ESTADO: string;
  FAC_AUTORIZACION: string | null;
  FAC_FECHA_AUTORIZACION: string | null;
};
type Columna<R> = ColumnaExportacion<R>;

const dinero = <R>(pick: (r: R) => string): Pick<Columna<R>, 'value' | 'text' | 'numFmt'> => ({
  value: (r) => Number(pick(r)),
  text: pick,
  numFmt: '#,##0.00',
});

/**
 * A document's export (core/export.ts), what a person expects of a sales list: its number and date, its buyer, its
 * amounts (money as numbers with 2 decimals), its state and authorization; a type adds its own columns after the date,
 * after the buyer and at the end.
 */
export function columnasDocumento<R extends DocumentoExportable>(
  propias: {
    receptor?: 'Cliente' | 'Proveedor';
    trasFecha?: Columna<R>[];
    trasComprador?: Columna<R>[];
    alFinal?: Columna<R>[];
    /** The amounts' headers (a retención's are what it withheld). */
    importes?: [string, string, string];
  } = {},
): Columna<R>[] {
  const proveedor = propias.receptor === 'Proveedor';
  const [subtotal, iva, total] = propias.importes ?? ['Subtotal', 'IVA', 'Total'];
  return [
    { header: 'Número', width: 20, value: (r) => r.FAC_NUMERO ?? 'Borrador' },
    { header: 'Fecha', width: 12, value: (r) => r.FAC_FECHA },
    ...(propias.trasFecha ?? []),
    { header: propias.receptor ?? 'Cliente', width: 40, value: (r) => (proveedor ? r.PRV_RAZON_SOCIAL : r.CLI_RAZON_SOCIAL) ?? '' },
    { header: 'Identificación', width: 16, value: (r) => (proveedor ? r.PRV_IDENTIFICACION : r.CLI_IDENTIFICACION) ?? '' },
    ...(propias.trasComprador ?? []),
    { header: subtotal, width: 13, ...dinero<R>((r) => r.FAC_SUBTOTAL) },
    { header: iva, width: Math.max(12, iva.length + 1), ...dinero<R>((r) => r.FAC_IVA) },
    { header: total, width: 13, ...dinero<R>((r) => r.FAC_TOTAL) },
    { header: 'Estado', width: 18, value: (r) => ESTADOS_LEGIBLES[r.FAC_ESTADO] ?? r.FAC_ESTADO },
    { header: 'Autorización', width: 52, value: (r) => r.FAC_AUTORIZACION ?? '' },
    {
      header: 'Fecha de autorización',
      width: 14,
      value: (r) => (r.FAC_FECHA_AUTORIZACION ? diaEcuador(new Date(r.FAC_FECHA_AUTORIZACION)) : ''),
    },
    ...(propias.alFinal ?? []),
  ];
}

/** Both notes' export: the note, the invoice it modifies, its buyer, its reason and amounts. */
export const COLUMNAS_NOTAS: Array<ColumnaExportacion<Nota>> = columnasDocumento<Nota>({
  trasFecha: [{ header: 'Factura', width: 20, value: (r) => r.FACTURA_NUMERO ?? '' }],
  trasComprador: [{ header: 'Motivo', width: 40, value: (r) => r.FAC_MOTIVO ?? '' }],
});
