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
  // The consumidor final is not a taxpayer: no service knows it (GET consumidorFinal creates the company's).
  if (identificacion === CONSUMIDOR_FINAL) return null;
  const result: Consulta =
    tipo === TIPO_IDENTIFICACION.ruc ? await consultas.ruc(identificacion, log) : await consultas.cedula(identificacion, log);
  if (result.estado === 'noDisponible') throw new HttpError(503, CLIENTE_MSG.sriNoDisponible);
  if (result.estado === 'noEncontrado') return null;
  return { fuente: result.fuente as ConsultaCliente['fuente'], cliente: toCliente(tipo, result.contribuyente) };
}

/**
 * POST {id}/banderas: asks every flag service for the client's RUC (a cédula: the natural person's RUC, cédula + 001)
 * and stores the answers in CLI_BANDERAS; a flag whose service is down or not configured keeps its previous value.
 */
export async function refreshFlags(db: Db, consultas: Consultas, viewer: ClientViewer, id: number, log: Log): Promise<ResultadoBanderas> {
  const client = await findVisibleClient(db, viewer, id);
  const tipo = client.CLI_TIPO_IDENTIFICACION;
  if (client.CLI_CONSUMIDOR_FINAL || (tipo !== TIPO_IDENTIFICACION.ruc && tipo !== TIPO_IDENTIFICACION.cedula)) {
    throw new HttpError(400, CLIENTE_MSG.banderasIdentificacion);
  }
  const ruc = tipo === TIPO_IDENTIFICACION.cedula ? `${client.CLI_IDENTIFICACION}001` : client.CLI_IDENTIFICACION;
  const { valores, noDisponibles } = await consultas.banderas(ruc, log);
  const banderas: Banderas = {
    ...((client.CLI_BANDERAS as Banderas | null) ?? {}),
    ...valores,
    consultado: new Date().toISOString(),
  };
  await db
    .update(clientes)
    .set({ CLI_BANDERAS: banderas })
    .where(and(eq(clientes.CLI_CODIGO, id), clientScope(viewer)));
  return { banderas, noDisponibles };
}
