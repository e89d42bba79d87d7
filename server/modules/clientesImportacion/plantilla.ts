import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { gruposCliente, tiposCliente } from '../../infra/db/schema';
import { COLUMNAS_IMPORTACION, TIPOS_IDENTIFICACION } from '../../../src/domain/clientes';
import type { FormatoPlantilla } from './contract';

export const TEMPLATE_TYPES: Record<FormatoPlantilla, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const TEMPLATE_HEADERS = COLUMNAS_IMPORTACION.map((c) => c.campo);

/**
 * The import's template: its header only (nothing to delete before importing). The CSV is separated by semicolons
 * with a UTF-8 BOM, as a spreadsheet in Spanish opens it; the Excel file adds a sheet of instructions with each column,
 * the identification types, the client types and the company's groups.
 */
export async function template(db: Db, empresa: number, formato: FormatoPlantilla): Promise<Buffer> {
  if (formato === 'csv') return Buffer.from(`\uFEFF${TEMPLATE_HEADERS.join(';')}\r\n`, 'utf8');
  const [tipos, grupos] = await Promise.all([
    db.select().from(tiposCliente).orderBy(asc(tiposCliente.TCL_CODIGO)),
    db.select().from(gruposCliente).where(eq(gruposCliente.EMP_CODIGO, empresa)).orderBy(asc(gruposCliente.GCL_NOMBRE)),
  ]);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Amelia';
  const sheet = workbook.addWorksheet('Clientes', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNAS_IMPORTACION.map((c) => ({
    header: c.campo,
    width: Math.max(14, c.campo.length + 4),
    // Identifications and phones as text: Excel would drop their leading zero.
    style: ['identificacion', 'telefonos'].includes(c.campo) ? { numFmt: '@' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  const help = workbook.addWorksheet('Instrucciones');
  help.columns = [{ width: 22 }, { width: 14 }, { width: 90 }];
  help.addRow(['Columna', 'Obligatoria', 'Qué escribir']).font = { bold: true };
  for (const c of COLUMNAS_IMPORTACION) help.addRow([c.campo, c.obligatoria ? 'Sí' : 'No', c.descripcion]);
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
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
