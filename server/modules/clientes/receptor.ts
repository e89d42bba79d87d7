/**
 * The buyer a one-call document names by identification (domain/contratos/emision.ts ReceptorDirecto): the consumidor
 * final (9999999999999 or type 07) is the company's own, never another; a client the caller sees with that
 * identification is updated with the fields the body gives; otherwise a new client (its razón social required). Both
 * through the clients' own create and edit service, so the checks and messages are the form's (the identification and
 * its 422 warning, emails, phones, a seller's own clients, 409 on a duplicate).
 */
import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { clientes } from '../../infra/db/schema';
import { HttpError } from '../../core/errors';
import { correosDirectos, telefonosDirectos, tipoDirecto } from '../../core/receptor-directo';
import { CLIENTE_MSG, CONSUMIDOR_FINAL, TIPO_IDENTIFICACION, type TipoIdentificacion } from '../../../domain/clientes';
import { EMISION_MSG, type ReceptorDirecto } from '../../../domain/contratos/emision';
import { clientScope, type ClientViewer } from './access';
import { deleteClient, ensureFinalConsumer } from './repo';
import { createClient, editClient } from './service';

/** The body's type as the book's: the service refuses one that is none of them (checkClientIdentification). */
const tipoDe = (tipo: string) => tipo as TipoIdentificacion;

/** The identification as the book stores it: passports and foreign ids in capitals. */
const comoSeGuarda = (tipo: string, identificacion: string) =>
  tipo === TIPO_IDENTIFICACION.pasaporte || tipo === TIPO_IDENTIFICACION.exterior ? identificacion.toUpperCase() : identificacion;

/** The client with this identification the caller sees (a seller, only theirs). */
async function clienteVisible(db: Executor, viewer: ClientViewer, identificacion: string) {
  const [fila] = await db
    .select({ id: clientes.CLI_CODIGO, tipo: clientes.CLI_TIPO_IDENTIFICACION, razonSocial: clientes.CLI_RAZON_SOCIAL })
    .from(clientes)
    .where(and(clientScope(viewer), eq(clientes.CLI_IDENTIFICACION, identificacion)));
  return fila;
}

/**
 * The buyer's client: found (and updated with what the body brings) or created (`creado`). The caller judges the rest
 * of its body first, so that what it gets wrong is refused before the client is written.
 */
export async function clientePorIdentificacion(
  db: Db,
  viewer: ClientViewer,
  r: ReceptorDirecto,
  quien = 'comprador',
): Promise<{ id: number; creado: boolean }> {
  const identificacion = r.identificacion.trim();
  if (identificacion === CONSUMIDOR_FINAL || r.tipoIdentificacion === TIPO_IDENTIFICACION.consumidorFinal) {
    if (identificacion !== CONSUMIDOR_FINAL) throw new HttpError(400, CLIENTE_MSG.consumidorFinalFormato);
    return { id: (await ensureFinalConsumer(db, viewer.empresa)).CLI_CODIGO, creado: false };
  }
  const datos = {
    CLI_DIRECCION: r.direccion,
    CLI_CORREOS: correosDirectos(r.email),
    CLI_TELEFONOS: telefonosDirectos(r.telefono),
    aceptarAdvertencia: r.aceptarAdvertencia,
  };
  const buscada = comoSeGuarda(r.tipoIdentificacion ?? tipoDirecto(r), identificacion);
  const antes = await clienteVisible(db, viewer, buscada);
  if (antes) {
    const cambia = r.razonSocial !== undefined || r.tipoIdentificacion !== undefined || Object.values(datos).some((v) => v !== undefined);
    if (cambia)
      await editClient(db, viewer, antes.id, {
        ...datos,
        CLI_TIPO_IDENTIFICACION: tipoDe(r.tipoIdentificacion ?? antes.tipo),
        CLI_IDENTIFICACION: identificacion,
        CLI_RAZON_SOCIAL: r.razonSocial ?? antes.razonSocial,
      });
    return { id: antes.id, creado: false };
  }
  if (!r.razonSocial?.trim()) throw new HttpError(400, EMISION_MSG.receptorSinNombre(quien));
  try {
    const creado = await createClient(db, viewer, {
      ...datos,
      CLI_TIPO_IDENTIFICACION: tipoDe(tipoDirecto(r)),
      CLI_IDENTIFICACION: identificacion,
      CLI_RAZON_SOCIAL: r.razonSocial,
    });
    return { id: creado.CLI_CODIGO, creado: true };
  } catch (error) {
    // Two sales to the same new buyer at once: the one that lost the insert invoices the client the other created.
    const ganador = error instanceof HttpError && error.statusCode === 409 && (await clienteVisible(db, viewer, buscada));
    if (ganador) return { id: ganador.id, creado: false };
    throw error;
  }
}

/** Undoes a client `clientePorIdentificacion` created for a document that was then refused (nothing names it). */
export const olvidarCliente = (db: Executor, empresa: number, id: number) =>
  deleteClient(db, { empresa, usuario: 0, rol: 'administrador' }, id);
