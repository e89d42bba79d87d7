import type { Db } from '../../infra/db/client';
import { isUniqueViolation } from '../../infra/db/errors';
import { found, HttpError } from '../../core/errors';
import { blankToNull, correosTercero, revisarIdentificacion, telefonosTercero } from '../../core/terceros-datos';
import {
  checkClientIdentification,
  CLIENTE_LIMITES,
  CLIENTE_MSG,
  CONSUMIDOR_FINAL,
  TIPO_IDENTIFICACION,
  veTodosLosClientes,
} from '../../../domain/clientes';
import { findVisibleClient, type ClientViewer } from './access';
import type { Cliente, ClienteDatos, LoteBody } from './contract';
import {
  clientTypeExists,
  deleteClient,
  findClient,
  groupBelongs,
  groupNameTaken,
  hasDocuments,
  hasInvoices,
  CLIENTE_CON_FACTURAS,
  identificationTaken,
  insertClient,
  insertGroup,
  isSeller,
  legalTypeIdentifications,
  updateClient,
  updateClients,
  type ClienteValores,
} from './repo';

type Stored = ClienteValores;

function creditLimit(value: number | string): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n < 0 || n > CLIENTE_LIMITES.limiteCredito || Math.abs(Math.round(n * 100) - n * 100) > 1e-6)
    throw new HttpError(400, CLIENTE_MSG.limiteCreditoInvalido);
  return n.toFixed(2);
}

/** The identification as stored: trimmed; passports and foreign ids in capitals (one client, however it is typed). */
function identification(tipo: string, value: string) {
  const text = value.trim();
  return tipo === TIPO_IDENTIFICACION.pasaporte || tipo === TIPO_IDENTIFICACION.exterior ? text.toUpperCase() : text;
}

/**
 * The seller a client gets: a seller (role vendedor) always themselves (another answers 403); the other roles an
 * active seller or administrator of the company (400 otherwise) or none. `current` is the stored one on an edit: an
 * unchanged seller is not checked again (a seller who left keeps their clients until they are reassigned).
 */
async function seller(db: Db, viewer: ClientViewer, wanted: number | null | undefined, current?: number | null) {
  if (!veTodosLosClientes(viewer.rol)) {
    if (wanted !== undefined && wanted !== null && wanted !== viewer.usuario) throw new HttpError(403, CLIENTE_MSG.vendedorPropio);
    return viewer.usuario;
  }
  if (wanted === undefined) return current ?? null;
  if (wanted === null || wanted === current) return wanted;
  if (!(await isSeller(db, viewer.empresa, wanted))) throw new HttpError(400, CLIENTE_MSG.vendedorInvalido);
  return wanted;
}

/**
 * The body as stored, every rule checked: the identification (revisarIdentificacion), unique in the company (409), emails and phones, the
 * type, group, legal type and seller. `before` is the stored client on an edit (a field left out keeps its value).
 */
async function stored(db: Db, viewer: ClientViewer, body: ClienteDatos, before?: Cliente): Promise<Stored> {
  const empresa = viewer.empresa;
  const tipo = body.CLI_TIPO_IDENTIFICACION;
  const id = identification(tipo, body.CLI_IDENTIFICACION);
  if (tipo === TIPO_IDENTIFICACION.consumidorFinal || id === CONSUMIDOR_FINAL) throw new HttpError(409, CLIENTE_MSG.consumidorFinalUnico);
  const antes = before && { tipo: before.CLI_TIPO_IDENTIFICACION, identificacion: before.CLI_IDENTIFICACION };
  revisarIdentificacion(checkClientIdentification(tipo, id), { tipo, identificacion: id }, antes, body.aceptarAdvertencia);

  const razonSocial = body.CLI_RAZON_SOCIAL.trim();
  if (!razonSocial) throw new HttpError(400, CLIENTE_MSG.razonSocialRequerida);

  const keep = <K extends keyof Cliente>(key: K, value: Cliente[K] | undefined, fallback: Cliente[K]): Cliente[K] =>
    value !== undefined ? value : before ? before[key] : fallback;

  const tcl = keep('TCL_CODIGO', body.TCL_CODIGO, null);
  if (tcl !== null && tcl !== before?.TCL_CODIGO && !(await clientTypeExists(db, tcl))) throw new HttpError(400, CLIENTE_MSG.tipoInvalido);
  const gcl = keep('GCL_CODIGO', body.GCL_CODIGO, null);
  if (gcl !== null && !(await groupBelongs(db, empresa, gcl))) throw new HttpError(400, CLIENTE_MSG.grupoInvalido);
  const tju = keep('TJU_CODIGO', body.TJU_CODIGO, null);
  if (tju !== null && !(await legalTypeIdentifications(db, tju))?.includes(tipo))
    throw new HttpError(400, CLIENTE_MSG.tipoJuridicoInvalido);
  const vendedor = await seller(db, viewer, body.CLI_VENDEDOR, before?.CLI_VENDEDOR);

  if (await identificationTaken(db, empresa, id, before?.CLI_CODIGO)) throw new HttpError(409, CLIENTE_MSG.identificacionRepetida);

  return {
    EMP_CODIGO: empresa,
    CLI_TIPO_IDENTIFICACION: tipo,
    CLI_IDENTIFICACION: id,
    CLI_RAZON_SOCIAL: razonSocial,
    CLI_NOMBRE_COMERCIAL: keep('CLI_NOMBRE_COMERCIAL', blankToNull(body.CLI_NOMBRE_COMERCIAL), null),
    CLI_CORREOS:
      body.CLI_CORREOS !== undefined ? correosTercero(body.CLI_CORREOS, CLIENTE_MSG, CLIENTE_LIMITES) : (before?.CLI_CORREOS ?? []),
    CLI_TELEFONOS:
      body.CLI_TELEFONOS !== undefined ? telefonosTercero(body.CLI_TELEFONOS, CLIENTE_MSG, CLIENTE_LIMITES) : (before?.CLI_TELEFONOS ?? []),
    CLI_DIRECCION: keep('CLI_DIRECCION', blankToNull(body.CLI_DIRECCION), null),
    TCL_CODIGO: tcl,
    GCL_CODIGO: gcl,
    TJU_CODIGO: tju,
    CLI_VENDEDOR: vendedor,
    CLI_DIAS_CREDITO: keep('CLI_DIAS_CREDITO', body.CLI_DIAS_CREDITO, 0),
    CLI_LIMITE_CREDITO:
      body.CLI_LIMITE_CREDITO !== undefined ? creditLimit(body.CLI_LIMITE_CREDITO) : (before?.CLI_LIMITE_CREDITO ?? '0.00'),
    CLI_ACTIVO: keep('CLI_ACTIVO', body.CLI_ACTIVO, true),
    CLI_OBSERVACION: keep('CLI_OBSERVACION', blankToNull(body.CLI_OBSERVACION), null),
  };
}

const duplicate = (error: unknown): never => {
  if (isUniqueViolation(error)) throw new HttpError(409, CLIENTE_MSG.identificacionRepetida);
  throw error;
};

export async function createClient(db: Db, viewer: ClientViewer, body: ClienteDatos): Promise<Cliente> {
  const values = await stored(db, viewer, body);
  const id = await insertClient(db, values).catch(duplicate);
  return (await findClient(db, viewer, id))!;
}

/** 404 when the caller may not see it; 409 for the consumidor final. */
export async function editClient(db: Db, viewer: ClientViewer, id: number, body: ClienteDatos): Promise<Cliente> {
  const before = found(await findClient(db, viewer, id));
  if (before.CLI_CONSUMIDOR_FINAL) throw new HttpError(409, CLIENTE_MSG.consumidorFinal);
  const { EMP_CODIGO: _empresa, ...values } = await stored(db, viewer, body, before);
  const updated = await updateClient(db, viewer, id, values).catch(duplicate);
  if (!updated) await findVisibleClient(db, viewer, id);
  return (await findClient(db, viewer, id))!;
}

export async function removeClient(db: Db, viewer: ClientViewer, id: number) {
  const client = await findVisibleClient(db, viewer, id);
  if (client.CLI_CONSUMIDOR_FINAL) throw new HttpError(409, CLIENTE_MSG.consumidorFinal);
  if (await hasDocuments(db, id)) throw new HttpError(409, CLIENTE_MSG.conDocumentos);
  if (await hasInvoices(db, id)) throw new HttpError(409, CLIENTE_CON_FACTURAS);
  if (!(await deleteClient(db, viewer, id))) {
    // Gone meanwhile (404), or a document or an invoice was saved in between (409).
    await findVisibleClient(db, viewer, id);
    throw new HttpError(409, (await hasInvoices(db, id)) ? CLIENTE_CON_FACTURAS : CLIENTE_MSG.conDocumentos);
  }
  return { msg: CLIENTE_MSG.eliminado };
}

/** Bulk actions on the visible clients among ids (never the consumidor final). */
export async function bulkUpdate(db: Db, viewer: ClientViewer, body: LoteBody) {
  const ids = [...new Set(body.ids)];
  let values: Partial<Stored>;
  if (body.accion === 'asignarVendedor') {
    if (body.CLI_VENDEDOR === undefined) throw new HttpError(400, CLIENTE_MSG.vendedorRequerido);
    if (!veTodosLosClientes(viewer.rol) && body.CLI_VENDEDOR !== viewer.usuario) throw new HttpError(403, CLIENTE_MSG.vendedorPropio);
    values = { CLI_VENDEDOR: await seller(db, viewer, body.CLI_VENDEDOR) };
  } else {
    values = { CLI_ACTIVO: body.accion === 'activar' };
  }
  return { actualizados: await updateClients(db, viewer, ids, values) };
}

export async function createGroup(db: Db, empresa: number, name: string) {
  const nombre = name.trim().replace(/\s+/g, ' ');
  if (!nombre) throw new HttpError(400, CLIENTE_MSG.grupoNombreRequerido);
  if (await groupNameTaken(db, empresa, nombre)) throw new HttpError(409, CLIENTE_MSG.grupoRepetido);
  return insertGroup(db, empresa, nombre).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new HttpError(409, CLIENTE_MSG.grupoRepetido);
    throw error;
  });
}
