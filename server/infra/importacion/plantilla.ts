import { Type } from '@fastify/type-provider-typebox';
import type { Workbook } from 'exceljs';

export const FORMATOS_PLANTILLA = ['csv', 'xlsx'] as const;
export type FormatoPlantilla = (typeof FORMATOS_PLANTILLA)[number];

/** GET …/plantilla's query: the template's format, Excel unless asked. */
export const PlantillaQuery = Type.Object({
  formato: Type.Unsafe<FormatoPlantilla>({
    type: 'string',
    enum: [...FORMATOS_PLANTILLA],
    default: 'xlsx',
    errorMessage: 'El formato debe ser csv o xlsx',
  }),
});

export const TEMPLATE_TYPES: Record<FormatoPlantilla, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A CSV template: its header only, separated by semicolons with a UTF-8 BOM, as a spreadsheet in Spanish opens it. */
export const csvTemplate = (headers: readonly string[]) => Buffer.from(`\uFEFF${headers.join(';')}\r\n`, 'utf8');

type Columna = { campo: string; obligatoria: boolean; descripcion: string };

/**
 * An Excel template: the first sheet (the one imported) with the bold, frozen header only; `texto` columns are
 * formatted as text (Excel would drop a code's leading zero). A second sheet, Instrucciones, lists each column and
 * then `extra` adds the import's own lists.
 */
export async function xlsxTemplate(
  hoja: string,
  columnas: readonly Columna[],
  texto: readonly string[],
  extra?: (help: ReturnType<Workbook['addWorksheet']>) => void,
): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Amelia';
  const sheet = workbook.addWorksheet(hoja, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columnas.map((c) => ({
    header: c.campo,
    width: Math.max(14, c.campo.length + 4),
    style: texto.includes(c.campo) ? { numFmt: '@' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  const help = workbook.addWorksheet('Instrucciones');
  help.columns = [{ width: 22 }, { width: 14 }, { width: 90 }];
  help.addRow(['Columna', 'Obligatoria', 'Qué escribir']).font = { bold: true };
  for (const c of columnas) help.addRow([c.campo, c.obligatoria ? 'Sí' : 'No', c.descripcion]);
  extra?.(help);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
