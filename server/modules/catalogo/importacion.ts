import type { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { catalogo } from '../../infra/db/schema';
import { HttpError } from '../../core/errors';
import { fileRows } from '../../infra/importacion/lectura';
import { celda, filasConCabecera, normalizar, siNo, type Cabecera } from '../../infra/importacion/cabecera';
import { csvTemplate, xlsxTemplate, type FormatoPlantilla } from '../../infra/importacion/plantilla';
import {
  CATALOGO_LIMITES,
  CATALOGO_MSG,
  esCodigoIce,
  precioProducto,
  tarifaIceProducto,
  TIPOS_PRODUCTO,
  type TipoProducto,
} from '../../../domain/catalogo';
import { TARIFAS_IVA_PRODUCTO, tarifaIva } from '../../../domain/facturas/catalogos';
import { COLUMNAS_CATALOGO, IMPORTACION_CATALOGO, type CampoCatalogo } from '../../../domain/catalogoImportacion';
import type { ProductoValores } from './repo';

/**
 * Importing the company's catalogue from a CSV or Excel file, as the clients' import does (the shared reading, header
 * and upload live in server/infra/importacion): rows are checked with the product form's rules and messages, good
 * ones saved in batches, an existing main code (in any case) updated, bad rows listed with their line and reason.
 */

export const ErrorImportacionCatalogo = Type.Object({
  linea: Type.Integer({ description: 'Línea del archivo (la cabecera es la línea 1)' }),
  codigo: Type.String({ description: 'El código principal de la fila' }),
  motivo: Type.String({ description: 'Por qué no se guardó, en español' }),
});
export const ResultadoImportacionCatalogo = Type.Object({
  total: Type.Integer({ description: 'Filas de datos leídas (sin la cabecera ni las líneas vacías)' }),
  creados: Type.Integer(),
  actualizados: Type.Integer({ description: 'Productos que ya existían con ese código principal y se actualizaron' }),
  errores: Type.Array(ErrorImportacionCatalogo, { description: `Las filas no guardadas, como máximo ${IMPORTACION_CATALOGO.maxErrores}` }),
  erroresOmitidos: Type.Integer({ description: 'Filas con error que no caben en la lista' }),
});
export type ResultadoImportacionCatalogo = Static<typeof ResultadoImportacionCatalogo>;

/** Rows per batch: one lookup of the existing codes, one INSERT and one UPDATE per existing product. */
export const IMPORT_BATCH_CATALOGO = 500;

type Fila = Omit<ProductoValores, 'EMP_CODIGO'>;
type Columna = keyof Fila;

const TIPOS = new Map<string, TipoProducto>(
  TIPOS_PRODUCTO.flatMap((t) => [[normalizar(t.id), t.id] as const, [normalizar(t.name), t.id] as const]),
);

/** The IVA codes by what people write: the SRI's code, the rate's name, its percentage or the words of the others. */
const IVA = new Map<string, string>();
for (const t of TARIFAS_IVA_PRODUCTO) {
  IVA.set(t.id, t.id);
  IVA.set(normalizar(t.name), t.id);
}
for (const [texto, codigo] of Object.entries({ no_objeto: '6', no_objeto_de_iva: '6', exento: '7', exenta: '7' })) IVA.set(texto, codigo);

/** An IVA cell as a codigoPorcentaje in force, or null. "15 %", "15%", "0,15" (a percentage cell of Excel) are rates. */
function ivaDe(text: string): string | null {
  const compact = text.replace(/\s+/g, '').replace(',', '.');
  const percent = compact.endsWith('%') ? Number(compact.slice(0, -1)) : /^0\.\d+$/.test(compact) ? Number(compact) * 100 : null;
  if (percent !== null) {
    const rate = TARIFAS_IVA_PRODUCTO.map((t) => tarifaIva(t.id)!).find(
      (t) => t.codigo !== '6' && t.codigo !== '7' && t.tarifa === Math.round(percent * 100) / 100,
    );
    return rate?.codigo ?? null;
  }
  return IVA.get(normalizar(text)) ?? IVA.get(compact) ?? null;
}

/** A decimal as people write it: 1234,5 · 1234.5 · 1.234,56 · 1,234.56 · $ 12 (the last point or comma is the decimal one). */
function decimal(text: string): string {
  let value = text.replace(/[\s$]/g, '');
  const lastComma = value.lastIndexOf(',');
  const lastDot = value.lastIndexOf('.');
  if (lastComma > lastDot) value = value.replace(/\./g, '').replace(',', '.');
  else if (lastComma >= 0) value = value.replace(/,/g, '');
  return value;
}

type Checked = { codigo: string } & ({ ok: true; fila: Fila } | { ok: false; motivo: string });

/** One data row checked with the product form's rules (CATALOGO_MSG); every problem of the row is named. */
function checkRow(cells: string[], header: Cabecera<CampoCatalogo>): Checked {
  const cell = (campo: CampoCatalogo) => celda(cells, header, campo);
  const problems: string[] = [];
  const codigo = cell('codigo_principal').replace(/\s+/g, ' ');
  if (!codigo || codigo.length > CATALOGO_LIMITES.principal) problems.push(CATALOGO_MSG.principal);
  const auxiliar = cell('codigo_auxiliar').replace(/\s+/g, ' ') || null;
  if (auxiliar && auxiliar.length > CATALOGO_LIMITES.auxiliar) problems.push(CATALOGO_MSG.auxiliar);
  const descripcion = cell('descripcion').replace(/\s+/g, ' ');
  if (!descripcion || descripcion.length > CATALOGO_LIMITES.descripcion) problems.push(CATALOGO_MSG.descripcion);
  const tipoTexto = cell('tipo');
  const tipo = tipoTexto ? TIPOS.get(normalizar(tipoTexto)) : 'B';
  if (!tipo) problems.push(IMPORTACION_CATALOGO.tipo);
  const precio = precioProducto(decimal(cell('precio')));
  if (precio === undefined) problems.push(CATALOGO_MSG.precio);
  const iva = ivaDe(cell('iva'));
  if (!iva) problems.push(CATALOGO_MSG.iva);
  const iceCodigo = cell('ice_codigo') || null;
  const iceTexto = cell('ice_tarifa');
  const iceTarifa = iceTexto ? tarifaIceProducto(decimal(iceTexto).replace(/%$/, '')) : null;
  if (iceCodigo !== null && !esCodigoIce(iceCodigo)) problems.push(CATALOGO_MSG.iceCodigo);
  if (iceTarifa === undefined) problems.push(CATALOGO_MSG.iceTarifa);
  else if ((iceCodigo === null) !== (iceTarifa === null)) problems.push(CATALOGO_MSG.iceIncompleto);
  const activo = siNo(cell('activo'));
  if (activo === null) problems.push(IMPORTACION_CATALOGO.activo);
  if (problems.length) return { ok: false, codigo, motivo: problems.join('; ') };
  return {
    ok: true,
    codigo,
    fila: {
      CAT_PRINCIPAL: codigo,
      CAT_AUXILIAR: auxiliar,
      CAT_DESCRIPCION: descripcion,
      CAT_TIPO: tipo!,
      CAT_PRECIO: precio!,
      CAT_IVA: iva!,
      CAT_ICE_CODIGO: iceCodigo,
      CAT_ICE_TARIFA: iceTarifa ?? null,
      CAT_ACTIVO: activo!,
    },
  };
}

/** The columns a file's rows update on an existing product: the ones its header has (ICE as a pair). */
function writtenColumns(header: Cabecera<CampoCatalogo>): Columna[] {
  const columns: Columna[] = ['CAT_DESCRIPCION', 'CAT_PRECIO', 'CAT_IVA'];
  if (header.codigo_auxiliar !== undefined) columns.push('CAT_AUXILIAR');
  if (header.tipo !== undefined) columns.push('CAT_TIPO');
  if (header.ice_codigo !== undefined || header.ice_tarifa !== undefined) columns.push('CAT_ICE_CODIGO', 'CAT_ICE_TARIFA');
  if (header.activo !== undefined) columns.push('CAT_ACTIVO');
  return columns;
}

/**
 * Saves a batch in one transaction: the codes the company already has (in any case) are updated in the file's columns
 * (their main code takes the file's spelling), the others inserted. Answers how many of each.
 */
async function saveBatch(db: Db, empresa: number, filas: Fila[], columns: Columna[]) {
  return db.transaction(async (tx) => {
    // One company's batches one at a time (two imports of the same file at once): each sees the codes the other saved,
    // instead of both inserting a new code and one failing on the unique index.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('catalogo_importacion'), ${empresa})`);
    const existing = await tx
      .select({ id: catalogo.CAT_CODIGO, clave: sql<string>`lower(${catalogo.CAT_PRINCIPAL})` })
      .from(catalogo)
      .where(
        and(
          eq(catalogo.EMP_CODIGO, empresa),
          inArray(
            sql`lower(${catalogo.CAT_PRINCIPAL})`,
            filas.map((f) => f.CAT_PRINCIPAL.toLowerCase()),
          ),
        ),
      );
    const ids = new Map(existing.map((e) => [e.clave, e.id]));
    const nuevas = filas.filter((f) => !ids.has(f.CAT_PRINCIPAL.toLowerCase()));
    if (nuevas.length) await tx.insert(catalogo).values(nuevas.map((f) => ({ ...f, EMP_CODIGO: empresa })));
    for (const fila of filas) {
      const id = ids.get(fila.CAT_PRINCIPAL.toLowerCase());
      if (id === undefined) continue;
      const set: Partial<Fila> & { CAT_ACTUALIZADO: Date } = { CAT_PRINCIPAL: fila.CAT_PRINCIPAL, CAT_ACTUALIZADO: new Date() };
      for (const column of columns) (set as Record<string, unknown>)[column] = fila[column];
      await tx.update(catalogo).set(set).where(eq(catalogo.CAT_CODIGO, id));
    }
    return { creados: nuevas.length, actualizados: filas.length - nuevas.length };
  });
}

/**
 * Imports a file's rows into the company's catalogue as they stream. Memory holds one batch, the codes already seen
 * (a code twice in one file is refused on its second line: which one should win is not for us to guess) and the first
 * maxErrores errors.
 */
export async function importCatalogo(
  db: Db,
  empresa: number,
  file: { filename: string; stream: Readable },
): Promise<ResultadoImportacionCatalogo> {
  const result: ResultadoImportacionCatalogo = { total: 0, creados: 0, actualizados: 0, errores: [], erroresOmitidos: 0 };
  const fail = (error: ResultadoImportacionCatalogo['errores'][number]) => {
    if (result.errores.length < IMPORTACION_CATALOGO.maxErrores) result.errores.push(error);
    else result.erroresOmitidos++;
  };
  let columns: Columna[] | undefined;
  let batch: Fila[] = [];
  const vistos = new Map<string, number>();
  const flush = async () => {
    if (!batch.length) return;
    const saved = await saveBatch(db, empresa, batch, columns!);
    result.creados += saved.creados;
    result.actualizados += saved.actualizados;
    batch = [];
    // PGlite answers within microtasks: a turn of the event loop lets other requests in between batches.
    await setImmediate();
  };
  const rows = filasConCabecera(fileRows(file.filename, file.stream, IMPORTACION_CATALOGO), COLUMNAS_CATALOGO, IMPORTACION_CATALOGO);
  for await (const { linea, cells, cabecera } of rows) {
    columns ??= writtenColumns(cabecera);
    if (result.total === IMPORTACION_CATALOGO.maxFilas) {
      await flush();
      throw new HttpError(400, IMPORTACION_CATALOGO.demasiadasFilas(IMPORTACION_CATALOGO.maxFilas));
    }
    result.total++;
    const checked = checkRow(cells, cabecera);
    if (!checked.ok) {
      fail({ linea, codigo: checked.codigo, motivo: checked.motivo });
      continue;
    }
    const clave = checked.codigo.toLowerCase();
    const anterior = vistos.get(clave);
    if (anterior !== undefined) {
      fail({ linea, codigo: checked.codigo, motivo: IMPORTACION_CATALOGO.repetidoEnArchivo(anterior) });
      continue;
    }
    vistos.set(clave, linea);
    batch.push(checked.fila);
    if (batch.length >= IMPORT_BATCH_CATALOGO) await flush();
  }
  await flush();
  if (!result.total) throw new HttpError(400, IMPORTACION_CATALOGO.vacio);
  return result;
}

export const CATALOGO_TEMPLATE_HEADERS = COLUMNAS_CATALOGO.map((c) => c.campo);

/** The catalogue's template: its header only; the Excel one with a sheet of instructions and the IVA codes. */
export function catalogoTemplate(formato: FormatoPlantilla): Promise<Buffer> {
  if (formato === 'csv') return Promise.resolve(csvTemplate(CATALOGO_TEMPLATE_HEADERS));
  return xlsxTemplate('Productos', COLUMNAS_CATALOGO, ['codigo_principal', 'codigo_auxiliar', 'ice_codigo'], (help) => {
    help.addRow([]);
    help.addRow(['Tarifas de IVA']).font = { bold: true };
    for (const t of TARIFAS_IVA_PRODUCTO) help.addRow([t.id, '', t.name]);
    help.addRow([]);
    help.addRow(['Tipos']).font = { bold: true };
    for (const t of TIPOS_PRODUCTO) help.addRow([t.id, '', t.name]);
    help.addRow([]);
    help.addRow([
      'La primera hoja es la que se importa. Un producto cuyo código principal ya existe en su empresa (sin distinguir mayúsculas) se actualiza con los datos del archivo.',
    ]);
  });
}
