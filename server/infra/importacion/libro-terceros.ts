import type { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { HttpError } from '../../core/errors';
import { fileRows, type MensajesArchivo } from './lectura';
import { celda, filasConCabecera, siNo, type Cabecera, type ColumnaArchivo, type MensajesCabecera } from './cabecera';
import { lista, telefono, tipoIdentificacionProveedorDe } from './terceros';
import { csvTemplate, xlsxTemplate, type FormatoPlantilla } from './plantilla';
import { isEmail, type IdCheck } from '../../../domain/identifiers';
import { TELEFONO_PATTERN } from '../../../domain/clientes';
import { identificacionProveedor, tipoProveedorPorIdentificacion } from '../../../domain/proveedores';

/**
 * What the suppliers' and the carriers' imports do alike (the book of a company's parties that are never the
 * consumidor final): a row's identification, names, emails, phones, activo and observación checked with the book's
 * messages, and the file streamed in batches into the book's table (an identification the company has updates that
 * row). Each book reads its own columns in its own order, so its messages keep their order.
 */

/** Rows per INSERT ... ON CONFLICT: a few thousand parameters, far under PostgreSQL's 65 535. */
const IMPORT_BATCH = 500;

/** The columns every party's import reads. */
type CampoTercero =
  'tipo_identificacion' | 'identificacion' | 'razon_social' | 'correos' | 'telefonos' | 'direccion' | 'activo' | 'observacion';

export type MensajesImportacionTerceros = MensajesArchivo &
  MensajesCabecera & {
    maxFilas: number;
    maxErrores: number;
    demasiadasFilas: (max: number) => string;
    repetidoEnArchivo: (linea: number) => string;
    demasiadoLargo: (nombre: string, max: number) => string;
    activo: string;
  };

/** A book's rules as its form states them: the identification check, the limits and the messages. */
export type ReglasTercero = {
  checkIdentificacion: (tipo: string, value: string) => IdCheck;
  limites: { razonSocial: number; observacion: number; correos: number; telefonos: number };
  msg: {
    tipoIdentificacion: string;
    razonSocialRequerida: string;
    correoInvalido: string;
    demasiadosCorreos: string;
    telefonoInvalido: string;
    demasiadosTelefonos: string;
  };
  importacion: MensajesImportacionTerceros;
};

type Checked<F> = { identificacion: string } & ({ ok: true; fila: F; advertencia: boolean } | { ok: false; motivo: string });

/**
 * The reader of one data row: its cells by column, and the shared columns checked, each problem kept in `problems` in
 * the order the book reads them; `resultado` closes the row.
 */
export function lectorTercero<C extends string>(cells: string[], header: Cabecera<C | CampoTercero>, reglas: ReglasTercero) {
  const cell = (campo: C | CampoTercero) => celda(cells, header, campo);
  const problems: string[] = [];
  const { msg, limites, importacion } = reglas;
  const texto = (campo: C | CampoTercero, max: number, nombre: string) => {
    const value = cell(campo).replace(/\s+/g, ' ');
    if (value.length > max) problems.push(importacion.demasiadoLargo(nombre, max));
    return value || null;
  };
  return {
    cell,
    problems,
    texto,
    /** The identification (its type from the cell, or from the number) and the razón social. */
    identidad() {
      let identificacion = cell('identificacion').replace(/\s+/g, '');
      const tipoTexto = cell('tipo_identificacion');
      let tipo = tipoTexto ? tipoIdentificacionProveedorDe(tipoTexto) : null;
      if (tipoTexto && !tipo) problems.push(msg.tipoIdentificacion);
      // A spreadsheet drops the leading zero of provinces 01 to 09: a 9- or 12-digit cédula or RUC gets it back.
      if ((!tipoTexto || tipo === '04' || tipo === '05') && /^\d{9}$|^\d{12}$/.test(identificacion)) identificacion = `0${identificacion}`;
      tipo ??= tipoProveedorPorIdentificacion(identificacion);
      identificacion = identificacionProveedor(tipo, identificacion);
      let advertencia = false;
      if (!tipoTexto || tipo) {
        const check = reglas.checkIdentificacion(tipo, identificacion);
        if (check.error) problems.push(check.error);
        else if (check.warning) advertencia = true;
      }
      const razonSocial = texto('razon_social', limites.razonSocial, 'La razón social');
      if (!razonSocial) problems.push(msg.razonSocialRequerida);
      return { tipo, identificacion, advertencia, razonSocial: razonSocial ?? '' };
    },
    observacion() {
      const value = cell('observacion') || null;
      if ((value?.length ?? 0) > limites.observacion) problems.push(importacion.demasiadoLargo('La observación', limites.observacion));
      return value;
    },
    /** Emails then phones, once each. */
    contacto() {
      const correos = [...new Set(lista(cell('correos').replace(/\s+/g, ';')).map((c) => c.toLowerCase()))];
      if (correos.some((c) => !isEmail(c) || c.length > 150)) problems.push(msg.correoInvalido);
      else if (correos.length > limites.correos) problems.push(msg.demasiadosCorreos);
      const telefonos = [...new Set(lista(cell('telefonos')).map(telefono))];
      if (telefonos.some((t) => !TELEFONO_PATTERN.test(t))) problems.push(msg.telefonoInvalido);
      else if (telefonos.length > limites.telefonos) problems.push(msg.demasiadosTelefonos);
      return { correos, telefonos };
    },
    activo() {
      const activo = siNo(cell('activo'));
      if (activo === null) problems.push(importacion.activo);
      return activo !== false;
    },
    resultado<F>(identificacion: string, fila: F, advertencia: boolean): Checked<F> {
      return problems.length ? { ok: false, identificacion, motivo: problems.join('; ') } : { ok: true, identificacion, fila, advertencia };
    },
  };
}

/** A book's table: its unique (company, identification) index and its column of the last change. */
export type TablaTerceros<T extends PgTable> = {
  tabla: T;
  empresa: AnyPgColumn;
  identificacion: AnyPgColumn;
  actualizado: string;
};

type Insercion<T extends PgTable> = T['$inferInsert'];
type Columna<T extends PgTable> = keyof Insercion<T> & string;

/**
 * Inserts the rows, or updates the company's row with the same identification (the unique index), in one statement;
 * only `columns` are updated. Answers how many were created and how many updated.
 */
async function upsert<T extends PgTable>(db: Db, libro: TablaTerceros<T>, filas: Insercion<T>[], columns: Columna<T>[]) {
  const names = getTableColumns(libro.tabla);
  const set: Record<string, SQL> = { [libro.actualizado]: sql`now()` };
  for (const key of columns) set[key] = sql.raw(`excluded."${names[key]!.name}"`);
  const written = await db
    .insert(libro.tabla)
    .values(filas)
    .onConflictDoUpdate({ target: [libro.empresa, libro.identificacion], set })
    .returning({ creado: sql<boolean>`(xmax = 0)` });
  const creados = written.filter((w) => w.creado).length;
  return { creados, actualizados: written.length - creados };
}

export type ResultadoImportacionTerceros = {
  total: number;
  creados: number;
  actualizados: number;
  advertencias: number;
  errores: Array<{ linea: number; identificacion: string; motivo: string }>;
  erroresOmitidos: number;
};

export type ImportacionTerceros<T extends PgTable, C extends string> = {
  libro: TablaTerceros<T>;
  columnas: readonly ColumnaArchivo<C>[];
  mensajes: MensajesImportacionTerceros;
  revisar: (cells: string[], header: Cabecera<C>) => Checked<Insercion<T>>;
  /** The columns every row updates on an existing row; the optional ones only when the file's header has them. */
  obligatorias: Columna<T>[];
  opcionales: Array<[C, Columna<T>]>;
};

/**
 * Imports a file's rows into the company's book as they stream. Memory holds one batch, the identifications already
 * seen (one twice in a file is refused on its second line) and the first maxErrores errors.
 */
export async function importarTerceros<T extends PgTable, C extends string>(
  db: Db,
  file: { filename: string; stream: Readable },
  importacion: ImportacionTerceros<T, C>,
): Promise<ResultadoImportacionTerceros> {
  const { mensajes } = importacion;
  const result: ResultadoImportacionTerceros = { total: 0, creados: 0, actualizados: 0, advertencias: 0, errores: [], erroresOmitidos: 0 };
  const fail = (error: ResultadoImportacionTerceros['errores'][number]) => {
    if (result.errores.length < mensajes.maxErrores) result.errores.push(error);
    else result.erroresOmitidos++;
  };
  let columns: Columna<T>[] | undefined;
  let batch: Insercion<T>[] = [];
  const vistos = new Map<string, number>();
  const flush = async () => {
    if (!batch.length) return;
    const saved = await upsert(db, importacion.libro, batch, columns!);
    result.creados += saved.creados;
    result.actualizados += saved.actualizados;
    batch = [];
    // PGlite answers within microtasks: a turn of the event loop lets other requests in between batches.
    await setImmediate();
  };
  const rows = filasConCabecera(fileRows(file.filename, file.stream, mensajes), importacion.columnas, mensajes);
  for await (const { linea, cells, cabecera } of rows) {
    columns ??= [
      ...importacion.obligatorias,
      ...importacion.opcionales.filter(([campo]) => cabecera[campo] !== undefined).map(([, c]) => c),
    ];
    if (result.total === mensajes.maxFilas) {
      await flush();
      throw new HttpError(400, mensajes.demasiadasFilas(mensajes.maxFilas));
    }
    result.total++;
    const checked = importacion.revisar(cells, cabecera);
    if (!checked.ok) {
      fail({ linea, identificacion: checked.identificacion, motivo: checked.motivo });
      continue;
    }
    const anterior = vistos.get(checked.identificacion);
    if (anterior !== undefined) {
      fail({ linea, identificacion: checked.identificacion, motivo: mensajes.repetidoEnArchivo(anterior) });
      continue;
    }
    vistos.set(checked.identificacion, linea);
    if (checked.advertencia) result.advertencias++;
    batch.push(checked.fila);
    if (batch.length >= IMPORT_BATCH) await flush();
  }
  await flush();
  if (!result.total) throw new HttpError(400, mensajes.vacio);
  return result;
}

/**
 * A book's template: its header only; the Excel one with a sheet of instructions and the identification types
 * (identifications and phones as text: Excel would drop their leading zero).
 */
export function plantillaTerceros(
  formato: FormatoPlantilla,
  libro: {
    hoja: string;
    columnas: ReadonlyArray<{ campo: string; obligatoria: boolean; descripcion: string }>;
    tipos: ReadonlyArray<{ id: string; name: string }>;
    actualiza: string;
  },
): Promise<Buffer> {
  if (formato === 'csv') return Promise.resolve(csvTemplate(libro.columnas.map((c) => c.campo)));
  return xlsxTemplate(libro.hoja, libro.columnas, ['identificacion', 'telefonos'], (help) => {
    help.addRow([]);
    help.addRow(['Tipos de identificación']).font = { bold: true };
    for (const t of libro.tipos) help.addRow([t.id, '', t.name]);
    help.addRow([]);
    help.addRow([`La primera hoja es la que se importa. ${libro.actualiza}`]);
  });
}
