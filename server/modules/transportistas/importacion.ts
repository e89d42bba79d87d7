import type { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { transportistas } from '../../infra/db/schema';
import { HttpError } from '../../core/errors';
import { fileRows } from '../../infra/importacion/lectura';
import { celda, filasConCabecera, siNo, type Cabecera } from '../../infra/importacion/cabecera';
import { lista, telefono, tipoIdentificacionProveedorDe } from '../../infra/importacion/terceros';
import { csvTemplate, xlsxTemplate, type FormatoPlantilla } from '../../infra/importacion/plantilla';
import { isEmail } from '../../../domain/identifiers';
import { TELEFONO_PATTERN } from '../../../domain/clientes';
import { identificacionProveedor, tipoProveedorPorIdentificacion } from '../../../domain/proveedores';
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
 * Importing the company's carriers from a CSV or Excel file, as the suppliers' import does (the shared reading, header
 * and template live in server/infra/importacion): rows checked with the carrier form's rules and messages, good ones
 * saved in batches (an identification the company has updates that carrier), bad ones listed with their line and reason.
 */

/** Rows per INSERT ... ON CONFLICT: a few thousand parameters, far under PostgreSQL's 65 535. */
const IMPORT_BATCH = 500;

type Fila = typeof transportistas.$inferInsert;
type Columna = Exclude<keyof Fila, 'TRA_CODIGO' | 'TRA_CREADO' | 'TRA_ACTUALIZADO' | 'TRA_BUSQUEDA' | 'EMP_CODIGO'>;

type Checked = { identificacion: string } & ({ ok: true; fila: Fila; advertencia: boolean } | { ok: false; motivo: string });

/** One data row checked with the carrier form's rules (TRANSPORTISTA_MSG); every problem of the row is named. */
function checkRow(cells: string[], header: Cabecera<CampoTransportista>, empresa: number): Checked {
  const cell = (campo: CampoTransportista) => celda(cells, header, campo);
  const problems: string[] = [];
  let identificacion = cell('identificacion').replace(/\s+/g, '');
  const tipoTexto = cell('tipo_identificacion');
  let tipo = tipoTexto ? tipoIdentificacionProveedorDe(tipoTexto) : null;
  if (tipoTexto && !tipo) problems.push(TRANSPORTISTA_MSG.tipoIdentificacion);
  // A spreadsheet drops the leading zero of provinces 01 to 09: a 9- or 12-digit cédula or RUC gets it back.
  if ((!tipoTexto || tipo === '04' || tipo === '05') && /^\d{9}$|^\d{12}$/.test(identificacion)) identificacion = `0${identificacion}`;
  tipo ??= tipoProveedorPorIdentificacion(identificacion);
  identificacion = identificacionProveedor(tipo, identificacion);
  let advertencia = false;
  if (!tipoTexto || tipo) {
    const check = checkTransportistaIdentification(tipo, identificacion);
    if (check.error) problems.push(check.error);
    else if (check.warning) advertencia = true;
  }
  const texto = (campo: CampoTransportista, max: number, nombre: string) => {
    const value = cell(campo).replace(/\s+/g, ' ');
    if (value.length > max) problems.push(IMPORTACION_TRANSPORTISTAS.demasiadoLargo(nombre, max));
    return value || null;
  };
  const razonSocial = texto('razon_social', TRANSPORTISTA_LIMITES.razonSocial, 'La razón social');
  if (!razonSocial) problems.push(TRANSPORTISTA_MSG.razonSocialRequerida);
  const placa = cell('placa');
  const placaMal = checkPlaca(placa);
  if (placaMal) problems.push(placaMal);
  const fila: Fila = {
    EMP_CODIGO: empresa,
    TRA_TIPO_IDENTIFICACION: tipo,
    TRA_IDENTIFICACION: identificacion,
    TRA_RAZON_SOCIAL: razonSocial ?? '',
    TRA_PLACA: placaTransportista(placa),
    TRA_DIRECCION: texto('direccion', TRANSPORTISTA_LIMITES.direccion, 'La dirección'),
    TRA_OBSERVACION: cell('observacion') || null,
  };
  if ((fila.TRA_OBSERVACION?.length ?? 0) > TRANSPORTISTA_LIMITES.observacion)
    problems.push(IMPORTACION_TRANSPORTISTAS.demasiadoLargo('La observación', TRANSPORTISTA_LIMITES.observacion));
  const correos = [...new Set(lista(cell('correos').replace(/\s+/g, ';')).map((c) => c.toLowerCase()))];
  if (correos.some((c) => !isEmail(c) || c.length > 150)) problems.push(TRANSPORTISTA_MSG.correoInvalido);
  else if (correos.length > TRANSPORTISTA_LIMITES.correos) problems.push(TRANSPORTISTA_MSG.demasiadosCorreos);
  fila.TRA_CORREOS = correos;
  const telefonos = [...new Set(lista(cell('telefonos')).map(telefono))];
  if (telefonos.some((t) => !TELEFONO_PATTERN.test(t))) problems.push(TRANSPORTISTA_MSG.telefonoInvalido);
  else if (telefonos.length > TRANSPORTISTA_LIMITES.telefonos) problems.push(TRANSPORTISTA_MSG.demasiadosTelefonos);
  fila.TRA_TELEFONOS = telefonos;
  const activo = siNo(cell('activo'));
  if (activo === null) problems.push(IMPORTACION_TRANSPORTISTAS.activo);
  fila.TRA_ACTIVO = activo !== false;
  return problems.length ? { ok: false, identificacion, motivo: problems.join('; ') } : { ok: true, identificacion, fila, advertencia };
}

/** The columns a file's rows update on an existing carrier: the required ones and those its header has. */
function writtenColumns(header: Cabecera<CampoTransportista>): Columna[] {
  const columns: Columna[] = ['TRA_TIPO_IDENTIFICACION', 'TRA_RAZON_SOCIAL', 'TRA_PLACA'];
  const optional: Array<[CampoTransportista, Columna]> = [
    ['correos', 'TRA_CORREOS'],
    ['telefonos', 'TRA_TELEFONOS'],
    ['direccion', 'TRA_DIRECCION'],
    ['activo', 'TRA_ACTIVO'],
    ['observacion', 'TRA_OBSERVACION'],
  ];
  for (const [campo, column] of optional) if (header[campo] !== undefined) columns.push(column);
  return columns;
}

/**
 * Inserts the rows, or updates the company's carrier with the same identification (the unique index), in one
 * statement; only `columns` are updated. Answers how many were created and how many updated.
 */
async function upsert(db: Db, filas: Fila[], columns: Columna[]) {
  const set: Record<string, SQL> = { TRA_ACTUALIZADO: sql`now()` };
  for (const key of columns) set[key] = sql.raw(`excluded."${transportistas[key].name}"`);
  const written = await db
    .insert(transportistas)
    .values(filas)
    .onConflictDoUpdate({ target: [transportistas.EMP_CODIGO, transportistas.TRA_IDENTIFICACION], set })
    .returning({ creado: sql<boolean>`(xmax = 0)` });
  const creados = written.filter((w) => w.creado).length;
  return { creados, actualizados: written.length - creados };
}

/**
 * Imports a file's rows into the company's carriers as they stream. Memory holds one batch, the identifications
 * already seen (one twice in a file is refused on its second line) and the first maxErrores errors.
 */
export async function importCarriers(
  db: Db,
  empresa: number,
  file: { filename: string; stream: Readable },
): Promise<ResultadoImportacionTransportistas> {
  const result: ResultadoImportacionTransportistas = {
    total: 0,
    creados: 0,
    actualizados: 0,
    advertencias: 0,
    errores: [],
    erroresOmitidos: 0,
  };
  const fail = (error: ResultadoImportacionTransportistas['errores'][number]) => {
    if (result.errores.length < IMPORTACION_TRANSPORTISTAS.maxErrores) result.errores.push(error);
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
    fileRows(file.filename, file.stream, IMPORTACION_TRANSPORTISTAS),
    COLUMNAS_TRANSPORTISTAS,
    IMPORTACION_TRANSPORTISTAS,
  );
  for await (const { linea, cells, cabecera } of rows) {
    columns ??= writtenColumns(cabecera);
    if (result.total === IMPORTACION_TRANSPORTISTAS.maxFilas) {
      await flush();
      throw new HttpError(400, IMPORTACION_TRANSPORTISTAS.demasiadasFilas(IMPORTACION_TRANSPORTISTAS.maxFilas));
    }
    result.total++;
    const checked = checkRow(cells, cabecera, empresa);
    if (!checked.ok) {
      fail({ linea, identificacion: checked.identificacion, motivo: checked.motivo });
      continue;
    }
    const anterior = vistos.get(checked.identificacion);
    if (anterior !== undefined) {
      fail({ linea, identificacion: checked.identificacion, motivo: IMPORTACION_TRANSPORTISTAS.repetidoEnArchivo(anterior) });
      continue;
    }
    vistos.set(checked.identificacion, linea);
    if (checked.advertencia) result.advertencias++;
    batch.push(checked.fila);
    if (batch.length >= IMPORT_BATCH) await flush();
  }
  await flush();
  if (!result.total) throw new HttpError(400, IMPORTACION_TRANSPORTISTAS.vacio);
  return result;
}

export const TRANSPORTISTAS_TEMPLATE_HEADERS = COLUMNAS_TRANSPORTISTAS.map((c) => c.campo);

/** The carriers' template: its header only; the Excel one with a sheet of instructions and the identification types. */
export function carriersTemplate(formato: FormatoPlantilla): Promise<Buffer> {
  if (formato === 'csv') return Promise.resolve(csvTemplate(TRANSPORTISTAS_TEMPLATE_HEADERS));
  // Identifications and phones as text: Excel would drop their leading zero.
  return xlsxTemplate('Transportistas', COLUMNAS_TRANSPORTISTAS, ['identificacion', 'telefonos'], (help) => {
    help.addRow([]);
    help.addRow(['Tipos de identificación']).font = { bold: true };
    for (const t of TIPOS_IDENTIFICACION_TRANSPORTISTA) help.addRow([t.id, '', t.name]);
    help.addRow([]);
    help.addRow([
      'La primera hoja es la que se importa. Un transportista cuya identificación ya existe en su empresa se actualiza con los datos del archivo.',
    ]);
  });
}
