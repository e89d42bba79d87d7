import { ESTADO_COMPROBACION_ETIQUETA, type EstadoComprobacion } from '../../../domain/empresas';
import type { EmpresaFila } from './list-contract';
import { hoyEcuador } from '../../../domain/fechas';
import type { ColumnaExportacion } from '../../core/export';

/** The export's columns (core/export.ts writes them as CSV or Excel): Spanish header, value, and width in the spreadsheet. */
export const COLUMNAS_EMPRESAS: Array<ColumnaExportacion<EmpresaFila>> = [
  { header: 'RUC', value: (r) => r.EMP_RUC, width: 15 },
  { header: 'Razón social', value: (r) => r.EMP_NOMBRE, width: 40 },
  { header: 'Nombre comercial', value: (r) => r.EMP_NOMBREC, width: 32 },
  { header: 'Correo', value: (r) => r.EMP_CORREO, width: 30 },
  { header: 'Teléfono', value: (r) => r.EMP_TELEFONO ?? '', width: 14 },
  {
    header: 'Verificación',
    value: (r) => ESTADO_COMPROBACION_ETIQUETA[r.EMP_COMPROBACION as EstadoComprobacion] ?? r.EMP_COMPROBACION,
    width: 14,
  },
  { header: 'Activa', value: (r) => (r.EMP_ACTIVO ? 'Sí' : 'No'), width: 8 },
  { header: 'Distribuidor', value: (r) => r.DISTRIBUIDOR_NOMBRE ?? '', width: 28 },
  { header: 'Plan vence', value: (r) => r.EMP_PLAN_CADUCA ?? '', width: 12 },
  { header: 'Firma vence', value: (r) => r.EMP_FIRMA_CADUCA ?? '', width: 12 },
  { header: 'Registro', value: (r) => hoyEcuador(new Date(r.EMP_FECHAREGISTRO)), width: 12 },
];
