import type { Readable } from 'node:stream';
import type { Db } from '../../infra/db/client';
import { proveedores } from '../../infra/db/schema';
import { importarTerceros, lectorTercero, plantillaTerceros, type ReglasTercero } from '../../infra/importacion/libro-terceros';
import type { Cabecera } from '../../infra/importacion/cabecera';
import type { FormatoPlantilla } from '../../infra/importacion/plantilla';
import {
  checkProveedorIdentification,
  COLUMNAS_PROVEEDORES,
  IMPORTACION_PROVEEDORES,
  PROVEEDOR_LIMITES,
  PROVEEDOR_MSG,
  TIPOS_IDENTIFICACION_PROVEEDOR,
  type CampoProveedor,
} from '../../../domain/proveedores';
import type { ResultadoImportacionProveedores } from './contract';

/**
 * Importing the company's suppliers from a CSV or Excel file, as the clients' and the catalogue's imports do (the shared
 * reading, header, batches and template live in server/infra/importacion): rows checked with the supplier form's rules
 * and messages, good ones saved in batches (an identification the company has updates that supplier), bad ones listed
 * with their line and reason.
 */

const REGLAS: ReglasTercero = {
  checkIdentificacion: checkProveedorIdentification,
  limites: PROVEEDOR_LIMITES,
  msg: PROVEEDOR_MSG,
  importacion: IMPORTACION_PROVEEDORES,
};

/** One data row checked with the supplier form's rules (PROVEEDOR_MSG); every problem of the row is named. */
function checkRow(cells: string[], header: Cabecera<CampoProveedor>, empresa: number) {
  const fila = lectorTercero(cells, header, REGLAS);
  const { tipo, identificacion, advertencia, razonSocial } = fila.identidad();
  const nombreComercial = fila.texto('nombre_comercial', PROVEEDOR_LIMITES.nombreComercial, 'El nombre comercial');
  const direccion = fila.texto('direccion', PROVEEDOR_LIMITES.direccion, 'La dirección');
  const contacto = fila.texto('contacto', PROVEEDOR_LIMITES.contacto, 'El contacto');
  const observacion = fila.observacion();
  const { correos, telefonos } = fila.contacto();
  const diasTexto = fila.cell('dias_credito');
  const dias = diasTexto ? Number(diasTexto) : 0;
  if (!Number.isInteger(dias) || dias < 0 || dias > PROVEEDOR_LIMITES.diasCredito) fila.problems.push(PROVEEDOR_MSG.diasCredito);
  return fila.resultado(
    identificacion,
    {
      EMP_CODIGO: empresa,
      PRV_TIPO_IDENTIFICACION: tipo,
      PRV_IDENTIFICACION: identificacion,
      PRV_RAZON_SOCIAL: razonSocial,
      PRV_NOMBRE_COMERCIAL: nombreComercial,
      PRV_DIRECCION: direccion,
      PRV_CONTACTO: contacto,
      PRV_OBSERVACION: observacion,
      PRV_CORREOS: correos,
      PRV_TELEFONOS: telefonos,
      PRV_DIAS_CREDITO: Number.isInteger(dias) ? dias : 0,
      PRV_ACTIVO: fila.activo(),
    },
    advertencia,
  );
}

/** Imports a file's rows into the company's suppliers as they stream (importarTerceros). */
export const importSuppliers = (
  db: Db,
  empresa: number,
  file: { filename: string; stream: Readable },
): Promise<ResultadoImportacionProveedores> =>
  importarTerceros(db, file, {
    libro: {
      tabla: proveedores,
      empresa: proveedores.EMP_CODIGO,
      identificacion: proveedores.PRV_IDENTIFICACION,
      actualizado: 'PRV_ACTUALIZADO',
    },
    columnas: COLUMNAS_PROVEEDORES,
    mensajes: IMPORTACION_PROVEEDORES,
    revisar: (cells, header) => checkRow(cells, header, empresa),
    obligatorias: ['PRV_TIPO_IDENTIFICACION', 'PRV_RAZON_SOCIAL'],
    opcionales: [
      ['nombre_comercial', 'PRV_NOMBRE_COMERCIAL'],
      ['correos', 'PRV_CORREOS'],
      ['telefonos', 'PRV_TELEFONOS'],
      ['direccion', 'PRV_DIRECCION'],
      ['contacto', 'PRV_CONTACTO'],
      ['dias_credito', 'PRV_DIAS_CREDITO'],
      ['activo', 'PRV_ACTIVO'],
      ['observacion', 'PRV_OBSERVACION'],
    ],
  });

/** The suppliers' template: its header only; the Excel one with a sheet of instructions and the identification types. */
export const suppliersTemplate = (formato: FormatoPlantilla) =>
  plantillaTerceros(formato, {
    hoja: 'Proveedores',
    columnas: COLUMNAS_PROVEEDORES,
    tipos: TIPOS_IDENTIFICACION_PROVEEDOR,
    actualiza: 'Un proveedor cuya identificación ya existe en su empresa se actualiza con los datos del archivo.',
  });
