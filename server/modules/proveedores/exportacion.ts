import type { ColumnaExportacion } from '../../core/export';
import { BANDERAS, TIPOS_IDENTIFICACION_PROVEEDOR } from '../../../domain/proveedores';
import type { Bandera } from '../../../domain/clientes';
import { diaEcuador } from '../../../domain/fechas';
import type { Proveedor } from './contract';

const TIPO_NOMBRE = new Map<string, string>(TIPOS_IDENTIFICACION_PROVEEDOR.map((t) => [t.id, t.name]));

/** The flags the last lookup found, as their labels ("Empresa fantasma; Agente de retención"). */
const banderas = (r: Proveedor) =>
  (Object.keys(BANDERAS) as Bandera[])
    .filter((b) => r.PRV_BANDERAS?.[b] === true)
    .map((b) => BANDERAS[b].etiqueta)
    .join('; ');

/** The suppliers' export (core/export.ts): the book as a person reads it, its first columns the import's. */
export const COLUMNAS_PROVEEDORES_EXPORTACION: Array<ColumnaExportacion<Proveedor>> = [
  { header: 'Tipo de identificación', width: 16, value: (r) => TIPO_NOMBRE.get(r.PRV_TIPO_IDENTIFICACION) ?? r.PRV_TIPO_IDENTIFICACION },
  { header: 'Identificación', width: 16, value: (r) => r.PRV_IDENTIFICACION },
  { header: 'Razón social', width: 40, value: (r) => r.PRV_RAZON_SOCIAL },
  { header: 'Nombre comercial', width: 30, value: (r) => r.PRV_NOMBRE_COMERCIAL ?? '' },
  { header: 'Correos', width: 34, value: (r) => r.PRV_CORREOS.join('; ') },
  { header: 'Teléfonos', width: 20, value: (r) => r.PRV_TELEFONOS.join('; ') },
  { header: 'Dirección', width: 36, value: (r) => r.PRV_DIRECCION ?? '' },
  { header: 'Contacto', width: 24, value: (r) => r.PRV_CONTACTO ?? '' },
  { header: 'Días de crédito', width: 10, value: (r) => r.PRV_DIAS_CREDITO },
  { header: 'Activo', width: 8, value: (r) => (r.PRV_ACTIVO ? 'Sí' : 'No') },
  { header: 'Situación en el SRI', width: 30, value: banderas },
  { header: 'Observación', width: 30, value: (r) => r.PRV_OBSERVACION ?? '' },
  { header: 'Creado', width: 12, value: (r) => diaEcuador(new Date(r.PRV_CREADO)) },
];
