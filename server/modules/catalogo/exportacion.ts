import type { ColumnaExportacion } from '../../core/export';
import { nombreTipoProducto } from '../../../domain/catalogo';
import { TARIFAS_IVA } from '../../../domain/facturas/catalogos';
import { diaEcuador } from '../../../domain/fechas';
import type { Producto } from './contract';

const IVA = new Map<string, string>(TARIFAS_IVA.map((t) => [t.codigo, t.nombre]));

/** A price (up to 6 decimals) with at least 2: "12.50", "0.1235". */
const precio = (text: string) => text.replace(/(\.\d\d\d*?)0+$/, '$1');

/** The products' export (core/export.ts): the catalogue as a person reads it; prices as numbers in Excel. */
export const COLUMNAS_CATALOGO_EXPORTACION: Array<ColumnaExportacion<Producto>> = [
  { header: 'Código principal', width: 18, value: (r) => r.CAT_PRINCIPAL },
  { header: 'Código auxiliar', width: 16, value: (r) => r.CAT_AUXILIAR ?? '' },
  { header: 'Descripción', width: 44, value: (r) => r.CAT_DESCRIPCION },
  { header: 'Tipo', width: 10, value: (r) => nombreTipoProducto(r.CAT_TIPO) },
  { header: 'Precio', width: 13, value: (r) => Number(r.CAT_PRECIO), text: (r) => precio(r.CAT_PRECIO), numFmt: '#,##0.00####' },
  { header: 'IVA', width: 20, value: (r) => IVA.get(r.CAT_IVA) ?? r.CAT_IVA },
  { header: 'Código ICE', width: 11, value: (r) => r.CAT_ICE_CODIGO ?? '' },
  {
    header: 'Tarifa ICE %',
    width: 12,
    value: (r) => (r.CAT_ICE_TARIFA === null ? null : Number(r.CAT_ICE_TARIFA)),
    text: (r) => r.CAT_ICE_TARIFA ?? '',
    numFmt: '0.00',
  },
  { header: 'Activo', width: 8, value: (r) => (r.CAT_ACTIVO ? 'Sí' : 'No') },
  { header: 'Creado', width: 12, value: (r) => diaEcuador(new Date(r.CAT_CREADO)) },
];
