/**
 * What every spreadsheet import (clients, suppliers, catalogue) accepts. Apart from domain/archivos.ts because the
 * public pages load that one (registration's payment proof): these messages are the imports' only.
 */
import type { UploadRule } from './archivos';

/**
 * A spreadsheet an import reads (a CSV or an Excel .xlsx; the import reads the content itself, so no stored-file kinds),
 * up to `megas` MB and `maxFilas` data rows: the limits and the messages every import (clients, suppliers, catalogue)
 * gives.
 */
export const hojaImportacion = (megas: number, maxFilas: number) =>
  ({
    kinds: [],
    maxBytes: megas * 1_048_576,
    maxFilas,
    maxErrores: 1_000,
    extensions: ['csv', 'xlsx'],
    accept: '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    typeMessage: 'Solo se aceptan archivos CSV (separados por comas o punto y coma) o Excel (.xlsx)',
    sizeMessage: `El archivo supera el tamaño máximo de ${megas} MB`,
    vacio: 'El archivo no tiene filas de datos',
    faltaColumna: (columnas: string[]) =>
      `Falta la columna ${columnas.join(', ')} en la cabecera del archivo; descargue la plantilla para ver las columnas`,
    demasiadasFilas: (max: number) =>
      `El archivo tiene más de ${max.toLocaleString('es-EC')} filas: se importaron las primeras ${max.toLocaleString('es-EC')}; importe el resto en otro archivo`,
    archivoDanado: 'No se pudo leer el archivo: revise que sea un CSV o un Excel (.xlsx) válido',
    activo: 'La columna activo debe decir Sí o No',
  }) as const satisfies UploadRule & Record<string, unknown>;
