import type { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import type { Db } from '../../infra/db/client';
import { HttpError } from '../../core/errors';
import { isEmail } from '../../../domain/identifiers';
import {
  checkClientIdentification,
  CLIENTE_LIMITES,
  CLIENTE_MSG,
  COLUMNAS_IMPORTACION,
  CONSUMIDOR_FINAL,
  IMPORTACION_CLIENTES,
  TELEFONO_PATTERN,
  TIPO_IDENTIFICACION,
  tipoPorIdentificacion,
  type ColumnaImportacion,
} from '../../../domain/clientes';
import { fileRows } from '../../infra/importacion/lectura';
import { celda, filasConCabecera, normalizar, siNo, type Cabecera } from '../../infra/importacion/cabecera';
import { lista, telefono, tipoIdentificacionDe } from '../../infra/importacion/terceros';
import { importLookups, upsertClients, type ClienteImportado, type ColumnaCliente } from './repo';
import type { ErrorImportacion } from '../../../domain/contratos/terceros';
import type { ResultadoImportacion } from './contract';

/** Rows per INSERT ... ON CONFLICT: about 8 000 parameters, far under PostgreSQL's 65 535. */
export const IMPORT_BATCH = 500;

type Campo = (typeof COLUMNAS_IMPORTACION)[number]['campo'];

/** Where each known column is in the file's header; unknown headers are ignored. */
type Header = Cabecera<Campo>;

/** A dollar amount written with a decimal point or comma, thousands separated or not: 1.234,56 · 1,234.56 · 1234,5. */
function amount(text: string): number | null {
  let value = text.replace(/[\s$]/g, '');
  const lastComma = value.lastIndexOf(',');
  const lastDot = value.lastIndexOf('.');
  if (lastComma > lastDot) value = value.replace(/\./g, '').replace(',', '.');
  else value = value.replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  return Number(value);
}

type Lookups = Awaited<ReturnType<typeof importLookups>>;

/** The names the import accepts for the types, groups and sellers, normalised. */
function indexLookups({ tipos, grupos, vendedores }: Lookups) {
  const tiposPorNombre = new Map<string, number>();
  for (const t of tipos) {
    tiposPorNombre.set(normalizar(t.nombre), t.codigo);
    tiposPorNombre.set(String(t.codigo), t.codigo);
  }
  const gruposPorNombre = new Map(grupos.map((g) => [normalizar(g.nombre), g.codigo]));
  const vendedoresPorNombre = new Map<string, number>();
  // A user name first; a person's name only when no other seller has it.
  const names = new Map<string, number[]>();
  for (const v of vendedores) {
    if (v.nombre) names.set(normalizar(v.nombre), [...(names.get(normalizar(v.nombre)) ?? []), v.codigo]);
  }
  for (const [name, codes] of names) if (codes.length === 1) vendedoresPorNombre.set(name, codes[0]);
  for (const v of vendedores) vendedoresPorNombre.set(normalizar(v.usuario), v.codigo);
  return { tiposPorNombre, gruposPorNombre, vendedoresPorNombre };
}

type Context = {
  empresa: number;
  /** The seller the rows are assigned to (a seller's import), or null. */
  vendedor: number | null;
  header: Header;
} & ReturnType<typeof indexLookups>;

type Checked = { ok: true; row: ClienteImportado; advertencia: boolean } | { ok: false; motivo: string };

/** One data row checked against the rules of the client form; every problem of the row is named. */
function checkRow(cells: string[], ctx: Context): Checked & { identificacion: string } {
  const { header } = ctx;
  const cell = (campo: Campo) => celda(cells, header, campo);
  const problems: string[] = [];
  let identificacion = cell('identificacion').replace(/\s+/g, '');
  const tipoTexto = cell('tipo_identificacion');
  let tipo = tipoTexto ? tipoIdentificacionDe(tipoTexto) : null;
  if (tipoTexto && !tipo) problems.push(CLIENTE_MSG.tipoIdentificacion);
  // A spreadsheet drops the leading zero of provinces 01 to 09: a 9- or 12-digit cédula or RUC gets it back.
  if ((!tipoTexto || tipo === '04' || tipo === '05') && /^\d{9}$|^\d{12}$/.test(identificacion)) identificacion = `0${identificacion}`;
  tipo ??= tipoPorIdentificacion(identificacion);
  let advertencia = false;
  if (tipo === TIPO_IDENTIFICACION.consumidorFinal || identificacion === CONSUMIDOR_FINAL) {
    problems.push(CLIENTE_MSG.consumidorFinal);
  } else if (!tipoTexto || tipo) {
    const check = checkClientIdentification(tipo, identificacion);
    if (check.error) problems.push(check.error);
    else if (check.warning) advertencia = true;
  }
  const razonSocial = cell('razon_social').replace(/\s+/g, ' ');
  if (!razonSocial) problems.push(CLIENTE_MSG.razonSocialRequerida);
  const tooLong = (text: string, max: number, nombre: string) => {
    if (text.length > max) problems.push(`${nombre} supera los ${max} caracteres`);
    return text || null;
  };
  tooLong(razonSocial, CLIENTE_LIMITES.razonSocial, 'La razón social');
  const row: ClienteImportado = {
    EMP_CODIGO: ctx.empresa,
    CLI_TIPO_IDENTIFICACION: tipo,
    CLI_IDENTIFICACION: identificacion,
    CLI_RAZON_SOCIAL: razonSocial,
  };
  if (header.nombre_comercial !== undefined)
    row.CLI_NOMBRE_COMERCIAL = tooLong(cell('nombre_comercial'), CLIENTE_LIMITES.nombreComercial, 'El nombre comercial');
  if (header.direccion !== undefined) row.CLI_DIRECCION = tooLong(cell('direccion'), CLIENTE_LIMITES.direccion, 'La dirección');
  if (header.observacion !== undefined) row.CLI_OBSERVACION = tooLong(cell('observacion'), CLIENTE_LIMITES.observacion, 'La observación');
  if (header.correos !== undefined) {
    const correos = lista(cell('correos').replace(/\s+/g, ';')).map((c) => c.toLowerCase());
    if (correos.some((c) => !isEmail(c) || c.length > 150)) problems.push(CLIENTE_MSG.correoInvalido);
    else if (new Set(correos).size > CLIENTE_LIMITES.correos) problems.push(CLIENTE_MSG.demasiadosCorreos);
    row.CLI_CORREOS = [...new Set(correos)];
  }
  if (header.telefonos !== undefined) {
    const telefonos = lista(cell('telefonos')).map(telefono);
    if (telefonos.some((t) => !TELEFONO_PATTERN.test(t))) problems.push(CLIENTE_MSG.telefonoInvalido);
    else if (new Set(telefonos).size > CLIENTE_LIMITES.telefonos) problems.push(CLIENTE_MSG.demasiadosTelefonos);
    row.CLI_TELEFONOS = [...new Set(telefonos)];
  }
  /** A cell that names a type, group or seller: its code, null when blank; an unknown name is a problem. */
  const named = (campo: Campo, codigos: Map<string, number>, invalido: string) => {
    const text = cell(campo);
    const codigo = text ? codigos.get(normalizar(text)) : null;
    if (codigo === undefined) problems.push(invalido);
    return codigo ?? null;
  };
  if (header.tipo_cliente !== undefined) row.TCL_CODIGO = named('tipo_cliente', ctx.tiposPorNombre, CLIENTE_MSG.tipoInvalido);
  if (header.grupo !== undefined) row.GCL_CODIGO = named('grupo', ctx.gruposPorNombre, CLIENTE_MSG.grupoInvalido);
  if (ctx.vendedor !== null) row.CLI_VENDEDOR = ctx.vendedor;
  else if (header.vendedor !== undefined) row.CLI_VENDEDOR = named('vendedor', ctx.vendedoresPorNombre, CLIENTE_MSG.vendedorInvalido);
  if (header.dias_credito !== undefined) {
    const text = cell('dias_credito');
    const dias = text ? Number(text) : 0;
    if (!Number.isInteger(dias) || dias < 0 || dias > CLIENTE_LIMITES.diasCredito)
      problems.push(`Los días de crédito deben ser un número entero de 0 a ${CLIENTE_LIMITES.diasCredito}`);
    row.CLI_DIAS_CREDITO = Number.isInteger(dias) ? dias : 0;
  }
  if (header.limite_credito !== undefined) {
    const text = cell('limite_credito');
    const limite = text ? amount(text) : 0;
    if (limite === null || limite > CLIENTE_LIMITES.limiteCredito) problems.push(CLIENTE_MSG.limiteCreditoInvalido);
    row.CLI_LIMITE_CREDITO = (limite ?? 0).toFixed(2);
  }
  if (header.activo !== undefined) {
    const activo = siNo(cell('activo'));
    if (activo === null) problems.push(IMPORTACION_CLIENTES.activo);
    row.CLI_ACTIVO = activo !== false;
  }
  return problems.length ? { ok: false, identificacion, motivo: problems.join('; ') } : { ok: true, identificacion, row, advertencia };
}

/** The columns every row of this file writes (and so updates on an existing client). */
function writtenColumns(header: Header, seller: boolean): ColumnaCliente[] {
  const columns: ColumnaCliente[] = ['CLI_TIPO_IDENTIFICACION', 'CLI_RAZON_SOCIAL'];
  const optional: Array<[Campo, ColumnaCliente]> = [
    ['nombre_comercial', 'CLI_NOMBRE_COMERCIAL'],
    ['correos', 'CLI_CORREOS'],
    ['telefonos', 'CLI_TELEFONOS'],
    ['direccion', 'CLI_DIRECCION'],
    ['tipo_cliente', 'TCL_CODIGO'],
    ['grupo', 'GCL_CODIGO'],
    ['dias_credito', 'CLI_DIAS_CREDITO'],
    ['limite_credito', 'CLI_LIMITE_CREDITO'],
    ['activo', 'CLI_ACTIVO'],
    ['observacion', 'CLI_OBSERVACION'],
  ];
  for (const [campo, column] of optional) if (header[campo] !== undefined) columns.push(column);
  // A seller's rows are theirs already (others' are refused); an administrator's file says who sells, when it says it.
  if (!seller && header.vendedor !== undefined) columns.push('CLI_VENDEDOR');
  return columns;
}

/**
 * Imports a file's rows into the company's clients as they stream: each row is checked, the good ones saved in
 * batches of IMPORT_BATCH (an identification already in the company updates that client), the bad ones listed with
 * their line and reason. Memory holds one batch and the first maxErrores errors, whatever the file's size.
 */
export async function importClients(
  db: Db,
  file: { filename: string; stream: Readable },
  session: { empresa: number; usuario: number; seller: boolean },
): Promise<ResultadoImportacion> {
  const lookups = indexLookups(await importLookups(db, session.empresa));
  const result: ResultadoImportacion = { total: 0, creados: 0, actualizados: 0, advertencias: 0, errores: [], erroresOmitidos: 0 };
  const fail = (error: ErrorImportacion) => {
    if (result.errores.length < IMPORTACION_CLIENTES.maxErrores) result.errores.push(error);
    else result.erroresOmitidos++;
  };
  let ctx: Context | undefined;
  let columns: ColumnaCliente[] = [];
  let batch: Array<{ linea: number; row: ClienteImportado; advertencia: boolean }> = [];
  let inBatch = new Set<string>();
  const flush = async () => {
    if (!batch.length) return;
    const written = await upsertClients(
      db,
      batch.map((b) => b.row),
      columns,
      session.seller ? session.usuario : null,
    );
    const byId = new Map(written.map((w) => [w.identificacion, w.creado]));
    for (const { linea, row, advertencia } of batch) {
      const creado = byId.get(row.CLI_IDENTIFICACION);
      if (creado === undefined) {
        fail({
          linea,
          identificacion: row.CLI_IDENTIFICACION,
          motivo: session.seller ? IMPORTACION_CLIENTES.otroVendedor : CLIENTE_MSG.consumidorFinal,
        });
        continue;
      }
      if (creado) result.creados++;
      else result.actualizados++;
      if (advertencia) result.advertencias++;
    }
    batch = [];
    inBatch = new Set();
    // PGlite answers within microtasks: without a turn of the event loop here, a file already received would keep
    // every other request (and timer) waiting until its last row.
    await setImmediate();
  };
  const rows = filasConCabecera(
    fileRows(file.filename, file.stream, IMPORTACION_CLIENTES),
    COLUMNAS_IMPORTACION as ReadonlyArray<ColumnaImportacion & { campo: Campo }>,
    IMPORTACION_CLIENTES,
  );
  for await (const { linea, cells, cabecera } of rows) {
    if (!ctx) {
      ctx = { empresa: session.empresa, vendedor: session.seller ? session.usuario : null, header: cabecera, ...lookups };
      columns = writtenColumns(cabecera, session.seller);
    }
    if (result.total === IMPORTACION_CLIENTES.maxFilas) {
      await flush();
      throw new HttpError(400, IMPORTACION_CLIENTES.demasiadasFilas(IMPORTACION_CLIENTES.maxFilas));
    }
    result.total++;
    const checked = checkRow(cells, ctx);
    if (!checked.ok) {
      fail({ linea, identificacion: checked.identificacion, motivo: checked.motivo });
      continue;
    }
    // The same identification twice in a batch cannot be one statement: the earlier rows are saved first, and the
    // later row updates the client they created, as it would from the next file.
    if (inBatch.has(checked.row.CLI_IDENTIFICACION)) await flush();
    batch.push({ linea, row: checked.row, advertencia: checked.advertencia });
    inBatch.add(checked.row.CLI_IDENTIFICACION);
    if (batch.length >= IMPORT_BATCH) await flush();
  }
  await flush();
  if (!result.total) throw new HttpError(400, IMPORTACION_CLIENTES.vacio);
  result.errores.sort((a, b) => a.linea - b.linea);
  return result;
}
