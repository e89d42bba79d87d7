import { erroresCsv as erroresArchivo } from '../../shell/importar';
import type { ImportResultado } from './tipos';

/** The rejected rows of a clients' import as a CSV (line, identification, reason), as the dialog downloads them. */
export const erroresCsv = (errores: ImportResultado['errores']) =>
  erroresArchivo(errores, { etiqueta: 'Identificación', campo: 'identificacion' });
