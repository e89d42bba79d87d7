import type { ColumnaExportacion } from '../../core/export';
import { TIPOS_IDENTIFICACION_TRANSPORTISTA } from '../../../domain/transportistas';
import { diaEcuador } from '../../../domain/fechas';
import type { Transportista } from './contract';

const TIPO_NOMBRE = new Map<string, string>(TIPOS_IDENTIFICACION_TRANSPORTISTA.map((t) => [t.id, t.name]));

/** The carriers' export (core/export.ts): the book as a person reads it, its first columns the import's. */
export const COLUMNAS_TRANSPORTISTAS_EXPORTACION: Array<ColumnaExportacion<Transportista>> = [
  {
    header: 'Tipo de identificación',
    width: 16,
    value: (r) => TIPO_NOMBRE.get(r.TRA_TIPO_IDENTIFICACION) ?? r.TRA_TIPO_IDENTIFICACION,
  },
  { header: 'Identificación', width: 16, value: (r) => r.TRA_IDENTIFICACION },
  { header: 'Razón social', width: 40, value: (r) => r.TRA_RAZON_SOCIAL },
  { header: 'Placa', width: 12, value: (r) => r.TRA_PLACA },
  { header: 'Correos', width: 34, value: (r) => r.TRA_CORREOS.join('; ') },
  { header: 'Teléfonos', width: 20, value: (r) => r.TRA_TELEFONOS.join('; ') },
  { header: 'Dirección', width: 36, value: (r) => r.TRA_DIRECCION ?? '' },
  { header: 'Activo', width: 8, value: (r) => (r.TRA_ACTIVO ? 'Sí' : 'No') },
  { header: 'Observación', width: 30, value: (r) => r.TRA_OBSERVACION ?? '' },
  { header: 'Creado', width: 12, value: (r) => diaEcuador(new Date(r.TRA_CREADO)) },
];
