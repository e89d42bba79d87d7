import type { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { proveedores } from '../../infra/db/schema';
import { HttpError } from '../../core/errors';
import { fileRows } from '../../infra/importacion/lectura';
import { celda, filasConCabecera, siNo, type Cabecera } from '../../infra/importacion/cabecera';
import { lista, telefono, tipoIdentificacionProveedorDe } from '../../infra/importacion/terceros';
import { csvTemplate, xlsxTemplate, type FormatoPlantilla } from '../../infra/importacion/plantilla';
import { isEmail } from '../../../domain/identifiers';
import { TELEFONO_PATTERN } from '../../../domain/clientes';
import {
  checkProveedorIdentification,
  COLUMNAS_PROVEEDORES,
  identificacionProveedor,
  IMPORTACION_PROVEEDORES,
  PROVEEDOR_LIMITES,
  PROVEEDOR_MSG,
  tipoProveedorPorIdentificacion,
  TIPOS_IDENTIFICACION_PROVEEDOR,
  type CampoProveedor,
} from '../../../domain/proveedores';
import type { ResultadoImportacionProveedores } from './contract';

/**
 * Importing the company's suppliers from a CSV or Excel file, as the clients' and the catalogue's imports do (the shared
 * reading, header and template live in server/infra/importacion): rows checked with the supplier form's rules and
 * messages, good ones saved in batches (an identification the company has updates that supplier), bad ones listed with
 * their line and reason.
 */

/** Rows per INSERT ... ON CONFLICT: a few thousand parameters, far under PostgreSQL's 65 535. */
const IMPORT_BATCH = 500;

type Fila = typeof proveedores.$inferInsert;
type Columna = Exclude<keyof Fila, 'PRV_CODIGO' | 'PRV_CREADO' | 'PRV_ACTUALIZADO' | 'PRV_BUSQUEDA' | 'EMP_CODIGO'>;

type Checked = { identificacion: string } & ({ ok: true; fila: Fila; advertencia: boolean } | { ok: false; motivo: string });

/** One data row checked with the supplier form's rules (PROVEEDOR_MSG); every problem of the row is named. */
function checkRow(cells: string[], header: Cabecera<CampoProveedor>, empresa: number): Checked {
  const cell = (campo: CampoProveedor) => celda(cells, header, campo);
  const problems: string[] = [];
  let identificacion = cell('identificacion').replace(/\s+/g, '');
  const tipoTexto = cell('tipo_identificacion');
  let tipo = tipoTexto ? tipoIdentificacionProveedorDe(tipoTexto) : null;
  if (tipoTexto && !tipo) problems.push(PROVEEDOR_MSG.tipoIdentificacion);
  // A spreadsheet drops the leading zero of provinces 01 to 09: a 9- or 12-digit cédula or RUC gets it back.
  if ((!tipoTexto || tipo === '04' || tipo === '05') && /^\d{9}$|^\d{12}$/.test(identificacion)) identificacion = `0${identificacion}`;
  tipo ??= tipoProveedorPorIdentificacion(identificacion);
  identificacion = identificacionProveedor(tipo, identificacion);
  let advertencia = false;
  if (!tipoTexto || tipo) {
    const check = checkProveedorIdentification(tipo, identificacion);
    if (check.error) problems.push(check.error);
    else if (check.warning) advertencia = true;
  }
  const texto = (campo: CampoProveedor, max: number, nombre: string) => {
    const value = cell(campo).replace(/\s+/g, ' ');
    if (value.length > max) problems.push(IMPORTACION_PROVEEDORES.demasiadoLargo(nombre, max));
    return value || null;
  };
  const razonSocial = texto('razon_social', PROVEEDOR_LIMITES.razonSocial, 'La razón social');
  if (!razonSocial) problems.push(PROVEEDOR_MSG.razonSocialRequerida);
  const fila: Fila = {
    EMP_CODIGO: empresa,
    PRV_TIPO_IDENTIFICACION: tipo,
    PRV_IDENTIFICACION: identificacion,
    PRV_RAZON_SOCIAL: razonSocial ?? '',
    PRV_NOMBRE_COMERCIAL: texto('nombre_comercial', PROVEEDOR_LIMITES.nombreComercial, 'El nombre comercial'),
    PRV_DIRECCION: texto('direccion', PROVEEDOR_LIMITES.direccion, 'La dirección'),
    PRV_CONTACTO: texto('contacto', PROVEEDOR_LIMITES.contacto, 'El contacto'),
    PRV_OBSERVACION: cell('observacion') || null,
  };
  if ((fila.PRV_OBSERVACION?.length ?? 0) > PROVEEDOR_LIMITES.observacion)
    problems.push(IMPORTACION_PROVEEDORES.demasiadoLargo('La observación', PROVEEDOR_LIMITES.observacion));
  const correos = [...new Set(lista(cell('correos').replace(/\s+/g, ';')).map((c) => c.toLowerCase()))];
  if (correos.some((c) => !isEmail(c) || c.length > 150)) problems.push(PROVEEDOR_MSG.correoInvalido);
  else if (correos.length > PROVEEDOR_LIMITES.correos) problems.push(PROVEEDOR_MSG.demasiadosCorreos);
  fila.PRV_CORREOS = correos;
  const telefonos = [...new Set(lista(cell('telefonos')).map(telefono))];
  if (telefonos.some((t) => !TELEFONO_PATTERN.test(t))) problems.push(PROVEEDOR_MSG.telefonoInvalido);
  else if (telefonos.length > PROVEEDOR_LIMITES.telefonos) problems.push(PROVEEDOR_MSG.demasiadosTelefonos);
  fila.PRV_TELEFONOS = telefonos;
  const diasTexto = cell('dias_credito');
  const dias = diasTexto ? Number(diasTexto) : 0;
  if (!Number.isInteger(dias) || dias < 0 || dias > PROVEEDOR_LIMITES.diasCredito) problems.push(PROVEEDOR_MSG.diasCredito);
  fila.PRV_DIAS_CREDITO = Number.isInteger(dias) ? dias : 0;
  const activo = siNo(cell('activo'));
  if (activo === null) problems.push(IMPORTACION_PROVEEDORES.activo);
  fila.PRV_ACTIVO = activo !== false;
  return problems.length ? { ok: false, identificacion, motivo: problems.join('; ') } : { ok: true, identificacion, fila, advertencia };
}

/** The columns a file's rows update on an existing supplier: the required ones and those its header has. */
function writtenColumns(header: Cabecera<CampoProveedor>): Columna[] {
  const columns: Columna[] = ['PRV_TIPO_IDENTIFICACION', 'PRV_RAZON_SOCIAL'];
  const optional: Array<[CampoProveedor, Columna]> = [
    ['nombre_comercial', 'PRV_NOMBRE_COMERCIAL'],
    ['correos', 'PRV_CORREOS'],
    ['telefonos', 'PRV_TELEFONOS'],
    ['direccion', 'PRV_DIRECCION'],
    ['contacto', 'PRV_CONTACTO'],
    ['dias_credito', 'PRV_DIAS_CREDITO'],
    ['activo', 'PRV_ACTIVO'],
    ['observacion', 'PRV_OBSERVACION'],
  ];
  for (const [campo, column] of optional) if (header[campo] !== undefined) columns.push(column);
  return columns;
}

/**
 * Inserts the rows, or updates the company's supplier with the same identification (the unique index), in one
 * statement; only `columns` are updated. Answers how many were created and how many updated.
 */
async function upsert(db: Db, filas: Fila[], columns: Columna[]) {
  const set: Record<string, SQL> = { PRV_ACTUALIZADO: sql`now()` };
  for (const key of columns) set[key] = sql.raw(`excluded."${proveedores[key].name}"`);
  const written = await db
    .insert(proveedores)
    .values(filas)
    .onConflictDoUpdate({ target: [proveedores.EMP_CODIGO, proveedores.PRV_IDENTIFICACION], set })
    .returning({ creado: sql<boolean>`(xmax = 0)` });
  const creados = written.filter((w) => w.creado).length;
  return { creados, actualizados: written.length - creados };
}

/**
 * Imports a file's rows into the company's suppliers as they stream. Memory holds one batch, the identifications
 * already seen (one twice in a file is refused on its second line) and the first maxErrores errors.
 */
export async function importSuppliers(
  db: Db,
  empresa: number,
  file: { filename: string; stream: Readable },
): Promise<ResultadoImportacionProveedores> {
  const result: ResultadoImportacionProveedores = {
    total: 0,
    creados: 0,
    actualizados: 0,
    advertencias: 0,
    errores: [],
    erroresOmitidos: 0,
  };
  const fail = (error: ResultadoImportacionProveedores['errores'][number]) => {
    if (result.errores.length < IMPORTACION_PROVEEDORES.maxErrores) result.errores.push(error);
    else result.erroresOmitidos++;
  };
  let columns: Columna[] | undefined;
  let batch: Fila[] = [];
  const vistos = new Map<string, number>();
  const flush = async () => {
    if (!batch.length) return;
    const saved = await upsert(db, batch, columns!);
    result.creados += saved.creados;
    result.actualizados += saved.actualizados;
    batch = [];
    // PGlite answers within microtasks: a turn of the event loop lets other requests in between batches.
    await setImmediate();
  };
  const rows = filasConCabecera(
    fileRows(file.filename, file.stream, IMPORTACION_PROVEEDORES),
    COLUMNAS_PROVEEDORES,
    IMPORTACION_PROVEEDORES,
  );
  for await (const { linea, cells, cabecera } of rows) {
    columns ??= writtenColumns(cabecera);
    if (result.total === IMPORTACION_PROVEEDORES.maxFilas) {
      await flush();
      throw new HttpError(400, IMPORTACION_PROVEEDORES.demasiadasFilas(IMPORTACION_PROVEEDORES.maxFilas));
    }
    result.total++;
    const checked = checkRow(cells, cabecera, empresa);
    if (!checked.ok) {
      fail({ linea, identificacion: checked.identificacion, motivo: checked.motivo });
      continue;
    }
    const anterior = vistos.get(checked.identificacion);
    if (anterior !== undefined) {
      fail({ linea, identificacion: checked.identificacion, motivo: IMPORTACION_PROVEEDORES.repetidoEnArchivo(anterior) });
      continue;
    }
    vistos.set(checked.identificacion, linea);
    if (checked.advertencia) result.advertencias++;
    batch.push(checked.fila);
    if (batch.length >= IMPORT_BATCH) await flush();
  }
  await flush();
  if (!result.total) throw new HttpError(400, IMPORTACION_PROVEEDORES.vacio);
  return result;
}

export const PROVEEDORES_TEMPLATE_HEADERS = COLUMNAS_PROVEEDORES.map((c) => c.campo);

/** The suppliers' template: its header only; the Excel one with a sheet of instructions and the identification types. */
export function suppliersTemplate(formato: FormatoPlantilla): Promise<Buffer> {
  if (formato === 'csv') return Promise.resolve(csvTemplate(PROVEEDORES_TEMPLATE_HEADERS));
  // Identifications and phones as text: Excel would drop their leading zero.
  return xlsxTemplate('Proveedores', COLUMNAS_PROVEEDORES, ['identificacion', 'telefonos'], (help) => {
    help.addRow([]);
    help.addRow(['Tipos de identificación']).font = { bold: true };
    for (const t of TIPOS_IDENTIFICACION_PROVEEDOR) help.addRow([t.id, '', t.name]);
    help.addRow([]);
    help.addRow([
      'La primera hoja es la que se importa. Un proveedor cuya identificación ya existe en su empresa se actualiza con los datos del archivo.',
    ]);
  });
}
