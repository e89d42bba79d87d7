import type { Readable } from 'node:stream';
import type { Db } from '../../infra/db/client';
import { transportistas } from '../../infra/db/schema';
import { importarTerceros, lectorTercero, plantillaTerceros, type ReglasTercero } from '../../infra/importacion/libro-terceros';
import type { Cabecera } from '../../infra/importacion/cabecera';
import type { FormatoPlantilla } from '../../infra/importacion/plantilla';
import {
  checkPlaca,
  checkTransportistaIdentification,
  COLUMNAS_TRANSPORTISTAS,
  IMPORTACION_TRANSPORTISTAS,
  placaTransportista,
  TIPOS_IDENTIFICACION_TRANSPORTISTA,
  TRANSPORTISTA_LIMITES,
  TRANSPORTISTA_MSG,
  type CampoTransportista,
} from '../../../domain/transportistas';
import type { ResultadoImportacionTransportistas } from './contract';

/**
 * Importing the company's carriers from a CSV or Excel file, as the suppliers' import does (the shared reading, header,
 * batches and template live in server/infra/importacion): rows checked with the carrier form's rules and messages,
 * good ones saved in batches (an identification the company has updates that carrier), bad ones listed with their line
 * and reason.
 */

const REGLAS: ReglasTercero = {
  checkIdentificacion: checkTransportistaIdentification,
  limites: TRANSPORTISTA_LIMITES,
  msg: TRANSPORTISTA_MSG,
  importacion: IMPORTACION_TRANSPORTISTAS,
};

/** One data row checked with the carrier form's rules (TRANSPORTISTA_MSG); every problem of the row is named. */
function checkRow(cells: string[], header: Cabecera<CampoTransportista>, empresa: number) {
  const fila = lectorTercero(cells, header, REGLAS);
  const { tipo, identificacion, advertencia, razonSocial } = fila.identidad();
  const placa = fila.cell('placa');
  const placaMal = checkPlaca(placa);
  if (placaMal) fila.problems.push(placaMal);
  const direccion = fila.texto('direccion', TRANSPORTISTA_LIMITES.direccion, 'La dirección');
  const observacion = fila.observacion();
  const { correos, telefonos } = fila.contacto();
  return fila.resultado(
    identificacion,
    {
      EMP_CODIGO: empresa,
      TRA_TIPO_IDENTIFICACION: tipo,
      TRA_IDENTIFICACION: identificacion,
      TRA_RAZON_SOCIAL: razonSocial,
      TRA_PLACA: placaTransportista(placa),
      TRA_DIRECCION: direccion,
      TRA_OBSERVACION: observacion,
      TRA_CORREOS: correos,
      TRA_TELEFONOS: telefonos,
      TRA_ACTIVO: fila.activo(),
    },
    advertencia,
  );
}

/** Imports a file's rows into the company's carriers as they stream (importarTerceros). */
export const importCarriers = (
  db: Db,
  empresa: number,
  file: { filename: string; stream: Readable },
): Promise<ResultadoImportacionTransportistas> =>
  importarTerceros(db, file, {
    libro: {
      tabla: transportistas,
      empresa: transportistas.EMP_CODIGO,
      identificacion: transportistas.TRA_IDENTIFICACION,
      actualizado: 'TRA_ACTUALIZADO',
    },
    columnas: COLUMNAS_TRANSPORTISTAS,
    mensajes: IMPORTACION_TRANSPORTISTAS,
    revisar: (cells, header) => checkRow(cells, header, empresa),
    obligatorias: ['TRA_TIPO_IDENTIFICACION', 'TRA_RAZON_SOCIAL', 'TRA_PLACA'],
    opcionales: [
      ['correos', 'TRA_CORREOS'],
      ['telefonos', 'TRA_TELEFONOS'],
      ['direccion', 'TRA_DIRECCION'],
      ['activo', 'TRA_ACTIVO'],
      ['observacion', 'TRA_OBSERVACION'],
    ],
  });

/** The carriers' template: its header only; the Excel one with a sheet of instructions and the identification types. */
export const carriersTemplate = (formato: FormatoPlantilla) =>
  plantillaTerceros(formato, {
    hoja: 'Transportistas',
    columnas: COLUMNAS_TRANSPORTISTAS,
    tipos: TIPOS_IDENTIFICACION_TRANSPORTISTA,
    actualiza: 'Un transportista cuya identificación ya existe en su empresa se actualiza con los datos del archivo.',
  });
