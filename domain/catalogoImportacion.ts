/**
 * Importing the catalogue from a CSV or Excel file (POST /api/catalogo/import): its limits, columns and Spanish
 * messages, shared by the API and the import dialog.
 */
import type { UploadRule } from './archivos';
import { hojaImportacion } from './importaciones';
import { CATALOGO_LIMITES } from './catalogo';
import { TARIFAS_IVA_PRODUCTO } from './facturas/catalogos';

export const IMPORTACION_CATALOGO = {
  ...hojaImportacion(20, 100_000),
  tipo: 'El tipo debe ser B (bien) o S (servicio), o las palabras Bien o Servicio',
  repetidoEnArchivo: (linea: number) => `El código principal ya figura en la línea ${linea} de este archivo`,
} as const satisfies UploadRule & Record<string, unknown>;

export type CampoCatalogo =
  'codigo_principal' | 'codigo_auxiliar' | 'descripcion' | 'tipo' | 'precio' | 'iva' | 'ice_codigo' | 'ice_tarifa' | 'activo';

const IVA_TEXTO = TARIFAS_IVA_PRODUCTO.map((t) => `${t.id} ${t.name}`).join(', ');

export const COLUMNAS_CATALOGO: ReadonlyArray<{
  campo: CampoCatalogo;
  alias: readonly string[];
  obligatoria: boolean;
  descripcion: string;
}> = [
  {
    campo: 'codigo_principal',
    alias: ['codigo', 'cod_principal', 'principal', 'codigo_producto'],
    obligatoria: true,
    descripcion: `Hasta ${CATALOGO_LIMITES.principal} caracteres; con él se reconoce (sin distinguir mayúsculas) un producto que ya existe, que se actualiza`,
  },
  {
    campo: 'codigo_auxiliar',
    alias: ['cod_auxiliar', 'auxiliar'],
    obligatoria: false,
    descripcion: `Opcional, hasta ${CATALOGO_LIMITES.auxiliar} caracteres`,
  },
  {
    campo: 'descripcion',
    alias: ['nombre', 'producto', 'detalle'],
    obligatoria: true,
    descripcion: `Hasta ${CATALOGO_LIMITES.descripcion} caracteres`,
  },
  { campo: 'tipo', alias: ['tipo_producto'], obligatoria: false, descripcion: 'B o Bien, S o Servicio; vacío: bien' },
  {
    campo: 'precio',
    alias: ['precio_unitario', 'pvp', 'valor'],
    obligatoria: true,
    descripcion: `Precio unitario sin IVA, con punto o coma decimal y hasta ${CATALOGO_LIMITES.decimalesPrecio} decimales`,
  },
  {
    campo: 'iva',
    alias: ['tarifa_iva', 'codigo_iva'],
    obligatoria: true,
    descripcion: `El código del SRI (${IVA_TEXTO}) o la tarifa: 15 %, 5 %, 0 %, No objeto, Exento`,
  },
  { campo: 'ice_codigo', alias: ['codigo_ice', 'ice'], obligatoria: false, descripcion: 'Solo con ICE: el código del SRI (1 a 4 dígitos)' },
  {
    campo: 'ice_tarifa',
    alias: ['tarifa_ice'],
    obligatoria: false,
    descripcion: 'Solo con ICE: la tarifa en porcentaje, con hasta 2 decimales (código y tarifa, o ninguno)',
  },
  { campo: 'activo', alias: ['estado'], obligatoria: false, descripcion: 'Sí o No; vacío: sí' },
];
