import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { gruposCliente, tiposCliente } from '../../infra/db/schema';
import { COLUMNAS_IMPORTACION, TIPOS_IDENTIFICACION } from '../../../domain/clientes';
import { csvTemplate, xlsxTemplate, type FormatoPlantilla } from '../../infra/importacion/plantilla';

export { TEMPLATE_TYPES } from '../../infra/importacion/plantilla';

export const TEMPLATE_HEADERS = COLUMNAS_IMPORTACION.map((c) => c.campo);

/**
 * The import's template: its header only (nothing to delete before importing). The CSV is separated by semicolons
 * with a UTF-8 BOM, as a spreadsheet in Spanish opens it; the Excel file adds a sheet of instructions with each column,
 * the identification types, the client types and the company's groups.
 */
export async function template(db: Db, empresa: number, formato: FormatoPlantilla): Promise<Buffer> {
  if (formato === 'csv') return csvTemplate(TEMPLATE_HEADERS);
  const [tipos, grupos] = await Promise.all([
    db.select().from(tiposCliente).orderBy(asc(tiposCliente.TCL_CODIGO)),
    db.select().from(gruposCliente).where(eq(gruposCliente.EMP_CODIGO, empresa)).orderBy(asc(gruposCliente.GCL_NOMBRE)),
  ]);
  // Identifications and phones as text: Excel would drop their leading zero.
  return xlsxTemplate('Clientes', COLUMNAS_IMPORTACION, ['identificacion', 'telefonos'], (help) => {
    help.addRow([]);
    help.addRow(['Tipos de identificación']).font = { bold: true };
    for (const t of TIPOS_IDENTIFICACION.filter((t) => t.id !== '07')) help.addRow([t.id, '', t.name]);
    help.addRow([]);
    help.addRow(['Tipos de cliente']).font = { bold: true };
    for (const t of tipos) help.addRow([t.TCL_NOMBRE]);
    help.addRow([]);
    help.addRow(['Grupos de su empresa']).font = { bold: true };
    if (!grupos.length) help.addRow(['(su empresa aún no tiene grupos)']);
    for (const g of grupos) help.addRow([g.GCL_NOMBRE]);
    help.addRow([]);
    help.addRow([
      'La primera hoja es la que se importa. Un cliente cuya identificación ya existe en su empresa se actualiza con los datos del archivo.',
    ]);
  });
}
