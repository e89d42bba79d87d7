import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { clientes } from '../../infra/db/schema';
import type { Consulta, Consultas, Contribuyente } from '../../infra/consultas';
import { HttpError } from '../../core/errors';
import type { Log } from '../../core/context';
import { CLIENTE_MSG, CONSUMIDOR_FINAL, TIPO_IDENTIFICACION, type Banderas } from '../../../domain/clientes';
import { clientScope, findVisibleClient, identityColumns, type ClientViewer } from '../clientes';
import type { ClienteConsultado, ConsultaCliente, ResultadoBanderas } from './contract';

/**
 * The company's client with this identification, whoever it is assigned to (a seller must learn that the client
 * exists, so as not to register it twice); `visible` says whether the caller may open it (clientScope).
 */
async function ownClient(db: Db, viewer: ClientViewer, identificacion: string) {
  const [row] = await db
    .select({
      ...identityColumns,
      visible: sql<boolean>`(${clientScope(viewer)})`,
    })
    .from(clientes)
    .where(and(eq(clientes.EMP_CODIGO, viewer.empresa), eq(clientes.CLI_IDENTIFICACION, identificacion)));
  return row;
}

const toCliente = (tipo: string, c: Contribuyente): ClienteConsultado => ({
  CLI_TIPO_IDENTIFICACION: tipo,
  CLI_IDENTIFICACION: c.identificacion,
  CLI_RAZON_SOCIAL: c.razonSocial,
  CLI_NOMBRE_COMERCIAL: c.nombreComercial,
  CLI_CORREOS: c.correos,
  CLI_TELEFONOS: c.telefonos,
  CLI_DIRECCION: c.direccion,
});

/**
 * GET apiRuc / apiCedula: the company's own clients first, then the external services (infra/consultas.ts).
 * null when a service says the number does not exist (the route's 404); 503 when no service answered.
 */
export async function lookupClient(
  db: Db,
  consultas: Consultas,
  viewer: ClientViewer,
  tipo: typeof TIPO_IDENTIFICACION.ruc | typeof TIPO_IDENTIFICACION.cedula,
  identificacion: string,
  log: Log,
): Promise<ConsultaCliente | null> {
  const own = await ownClient(db, viewer, identificacion);
  if (own) {
    const { CLI_CODIGO, visible, ...cliente } = own;
    return { fuente: 'clientes', cliente, ...(visible ? { existente: CLI_CODIGO } : {}) };
  }
  const found = await lookupTaxpayer(consultas, tipo, identificacion, log);
  return found && { fuente: found.fuente as ConsultaCliente['fuente'], cliente: toCliente(tipo, found.contribuyente) };
}

/**
 * A RUC or a cédula at the external services, for any book's form (clients, suppliers): null when a service says it
 * does not exist; 503 when no service answered. The consumidor final is no taxpayer: no service knows it.
 */
export async function lookupTaxpayer(
  consultas: Consultas,
  tipo: typeof TIPO_IDENTIFICACION.ruc | typeof TIPO_IDENTIFICACION.cedula,
  identificacion: string,
  log: Log,
): Promise<{ fuente: string; contribuyente: Contribuyente } | null> {
  if (identificacion === CONSUMIDOR_FINAL) return null;
  const result: Consulta =
    tipo === TIPO_IDENTIFICACION.ruc ? await consultas.ruc(identificacion, log) : await consultas.cedula(identificacion, log);
  if (result.estado === 'noDisponible') throw new HttpError(503, CLIENTE_MSG.sriNoDisponible);
  if (result.estado === 'noEncontrado') return null;
  return { fuente: result.fuente, contribuyente: result.contribuyente };
}

/**
 * A taxpayer's flags asked to every flag service for its RUC (a cédula: the natural person's RUC, cédula + 001), over
 * the ones stored before: a flag whose service is down or not configured keeps its previous value.
 */
export async function lookupFlags(
  consultas: Consultas,
  tipo: string,
  identificacion: string,
  anteriores: Banderas | null,
  log: Log,
): Promise<ResultadoBanderas> {
  const ruc = tipo === TIPO_IDENTIFICACION.cedula ? `${identificacion}001` : identificacion;
  const { valores, noDisponibles } = await consultas.banderas(ruc, log);
  return { banderas: { ...(anteriores ?? {}), ...valores, consultado: new Date().toISOString() }, noDisponibles };
}

/** POST {id}/banderas: the client's flags asked again (lookupFlags) and stored in CLI_BANDERAS. */
export async function refreshFlags(db: Db, consultas: Consultas, viewer: ClientViewer, id: number, log: Log): Promise<ResultadoBanderas> {
  const client = await findVisibleClient(db, viewer, id);
  const tipo = client.CLI_TIPO_IDENTIFICACION;
  if (client.CLI_CONSUMIDOR_FINAL || (tipo !== TIPO_IDENTIFICACION.ruc && tipo !== TIPO_IDENTIFICACION.cedula)) {
    throw new HttpError(400, CLIENTE_MSG.banderasIdentificacion);
  }
  const result = await lookupFlags(consultas, tipo, client.CLI_IDENTIFICACION, client.CLI_BANDERAS as Banderas | null, log);
  await db
    .update(clientes)
    .set({ CLI_BANDERAS: result.banderas })
    .where(and(eq(clientes.CLI_CODIGO, id), clientScope(viewer)));
  return result;
}
