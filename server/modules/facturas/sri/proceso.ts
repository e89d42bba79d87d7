/**
 * One document's way through the SRI, a step at a time, under the queue's lease:
 *
 *   ENVIAR     FIRMADA → ENVIADA (when taken, before the call: if the process dies now, the document is sent again,
 *              which the SRI answers by its key) → RECIBIDA, or DEVUELTA with the SRI's messages. "Key registered" (43) and "key in
 *              process" (70) mean the SRI already holds it: it goes on to ask for its authorization, never fails.
 *   AUTORIZAR  → AUTORIZADA (number, date; one document of the plan consumed), or RECHAZADA (NO AUTORIZADO) with the
 *              messages; EN PROCESO or nothing yet: asked again later. A key the SRI still says nothing about after
 *              several tries is sent again (it may have been lost before reception).
 *   ENTREGAR   the email to the buyer (entrega.ts): ENVIADA, SIN_CORREO, or FALLIDA after several tries. Taken again
 *              in its turn after AUTORIZAR, behind the SRI's steps of other documents: drawing the RIDE is the
 *              costliest part, and an authorization matters more than an email a few seconds sooner.
 *
 * The SRI down, slow, answering 500 or garbage (SriNoDisponible): the same step later, with a growing wait. A
 * document's state only moves on what the SRI answered.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { facturas } from '../../../infra/db/schema';
import type { FileStore } from '../../../infra/files';
import type { Mailer } from '../../../infra/mail';
import type { SriConfig } from '../../../config';
import { consumePlan } from '../../planes/consumption';
import { SriNoDisponible, type Ambiente, type ClienteSri } from './cliente';
import { avanzar, espera, reintentar, soltar, terminar, type Paso, type Tarea } from './cola';
import { entregarFactura } from './entrega';
import type { DibujanteRide } from '../ride-hilos';

export type DependenciasSri = {
  db: Db;
  sri: ClienteSri;
  mailer: Mailer;
  files: FileStore;
  ride: DibujanteRide;
  config: Pick<SriConfig, 'reintentoMs'>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Aborted when the server stops: calls in flight end at once and the documents wait for the next start. */
  parar?: AbortSignal;
};

/** The SRI already holds this key: registered (43) or still processing it (70). */
const YA_LA_TIENE = new Set(['43', '70']);
/** How many "nothing about this key" answers before sending it again. */
const SIN_NOTICIAS = 5;
const ENTREGA_INTENTOS = 5;

type Siguiente = Paso | null;

const ambienteDe = (valor: number | null): Ambiente => (valor === 2 ? '2' : '1');

async function enviar(deps: DependenciasSri, tarea: Tarea): Promise<Siguiente> {
  const { doc } = tarea;
  // Anything but ENVIADA (tomar marks a FIRMADA one): the row is stale — corrected and issued again, or answered.
  if (!doc.FAC_XML || doc.FAC_ESTADO !== 'ENVIADA') {
    if (doc.FAC_ESTADO === 'RECIBIDA') return avanzarA(deps, tarea, 'AUTORIZAR');
    await terminar(deps.db, tarea);
    return null;
  }
  const respuesta = await deps.sri.validarComprobante(ambienteDe(doc.FAC_AMBIENTE), doc.FAC_XML, deps.parar);
  if (respuesta.estado === 'RECIBIDA' || respuesta.mensajes.some((m) => YA_LA_TIENE.has(m.identificador))) {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(facturas)
        .set({ FAC_ESTADO: 'RECIBIDA', FAC_SRI_MENSAJES: respuesta.estado === 'RECIBIDA' ? respuesta.mensajes : [] })
        .where(eq(facturas.FAC_CODIGO, tarea.FAC_CODIGO));
      await avanzar(tx, tarea, 'AUTORIZAR');
    });
    doc.FAC_ESTADO = 'RECIBIDA';
    return 'AUTORIZAR';
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(facturas)
      .set({ FAC_ESTADO: 'DEVUELTA', FAC_SRI_MENSAJES: respuesta.mensajes, FAC_ACTUALIZADO: new Date() })
      .where(eq(facturas.FAC_CODIGO, tarea.FAC_CODIGO));
    await terminar(tx, tarea);
  });
  deps.log.info({ factura: tarea.FAC_CODIGO, mensajes: respuesta.mensajes.map((m) => m.identificador) }, 'factura devuelta por el SRI');
  return null;
}

async function avanzarA(deps: DependenciasSri, tarea: Tarea, paso: Paso): Promise<Siguiente> {
  await avanzar(deps.db, tarea, paso);
  return paso;
}

async function autorizar(deps: DependenciasSri, tarea: Tarea): Promise<Siguiente> {
  const { doc } = tarea;
  if (!doc.FAC_CLAVE_ACCESO || !['FIRMADA', 'ENVIADA', 'RECIBIDA'].includes(doc.FAC_ESTADO)) {
    await terminar(deps.db, tarea);
    return null;
  }
  const { decisiva } = await deps.sri.autorizacionComprobante(ambienteDe(doc.FAC_AMBIENTE), doc.FAC_CLAVE_ACCESO, deps.parar);
  if (decisiva?.estado === 'AUTORIZADO') {
    await deps.db.transaction(async (tx) => {
      const [cambiada] = await tx
        .update(facturas)
        .set({
          FAC_ESTADO: 'AUTORIZADA',
          FAC_AUTORIZACION: decisiva.numeroAutorizacion,
          FAC_FECHA_AUTORIZACION: decisiva.fechaAutorizacion,
          FAC_SRI_MENSAJES: decisiva.mensajes,
          FAC_ENTREGA: 'PENDIENTE',
          FAC_ACTUALIZADO: new Date(),
        })
        .where(and(eq(facturas.FAC_CODIGO, tarea.FAC_CODIGO), inArray(facturas.FAC_ESTADO, ['FIRMADA', 'ENVIADA', 'RECIBIDA'])))
        .returning({ id: facturas.FAC_CODIGO });
      if (cambiada) {
        const consumo = await consumePlan(tx, doc.EMP_CODIGO);
        // Authorized is a fact at the SRI: a plan used up meanwhile is noted, never a reason to hide it.
        if (!consumo.ok) deps.log.warn({ factura: tarea.FAC_CODIGO, motivo: consumo.msg }, 'factura autorizada sin plan que consumir');
      }
      // The email in its turn, after the SRI's steps of the documents waiting (tomar's order).
      await soltar(tx, tarea, 'ENTREGAR');
    });
    return null;
  }
  if (decisiva?.estado === 'NO AUTORIZADO') {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(facturas)
        .set({ FAC_ESTADO: 'RECHAZADA', FAC_SRI_MENSAJES: decisiva.mensajes, FAC_ACTUALIZADO: new Date() })
        .where(eq(facturas.FAC_CODIGO, tarea.FAC_CODIGO));
      await terminar(tx, tarea);
    });
    deps.log.info(
      { factura: tarea.FAC_CODIGO, mensajes: decisiva.mensajes.map((m) => m.identificador) },
      'factura no autorizada por el SRI',
    );
    return null;
  }
  // EN PROCESO, or nothing about the key yet.
  if (!decisiva && tarea.intentos + 1 >= SIN_NOTICIAS) {
    await reintentar(
      deps.db,
      tarea,
      espera(deps.config.reintentoMs, 0),
      'El SRI no tiene noticia de la factura: se enviará de nuevo.',
      'ENVIAR',
    );
  } else {
    const porque = decisiva ? 'El SRI todavía está procesando la factura.' : 'El SRI todavía no registra la factura.';
    await reintentar(deps.db, tarea, espera(deps.config.reintentoMs / 4, tarea.intentos), porque);
  }
  return null;
}

async function entregar(deps: DependenciasSri, tarea: Tarea): Promise<Siguiente> {
  if (tarea.doc.FAC_ESTADO !== 'AUTORIZADA') {
    await terminar(deps.db, tarea);
    return null;
  }
  let resultado: { estado: 'ENVIADA' | 'SIN_CORREO' | 'FALLIDA'; detalle: string };
  try {
    resultado = await entregarFactura(deps, tarea.FAC_CODIGO);
  } catch (error) {
    const motivo = `No se pudo enviar el correo: ${(error as Error).message}`.slice(0, 500);
    if (tarea.intentos + 1 < ENTREGA_INTENTOS) {
      await reintentar(deps.db, tarea, espera(deps.config.reintentoMs, tarea.intentos), motivo);
      return null;
    }
    resultado = { estado: 'FALLIDA', detalle: motivo };
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(facturas)
      .set({ FAC_ENTREGA: resultado.estado, FAC_ENTREGA_FECHA: new Date(), FAC_ENTREGA_DETALLE: resultado.detalle.slice(0, 500) })
      .where(eq(facturas.FAC_CODIGO, tarea.FAC_CODIGO));
    await terminar(tx, tarea);
  });
  return null;
}

const PASO: Record<Paso, (deps: DependenciasSri, tarea: Tarea) => Promise<Siguiente>> = {
  ENVIAR: enviar,
  AUTORIZAR: autorizar,
  ENTREGAR: entregar,
};

/** Takes the document as far as it goes now; what must wait is left on the queue with its next time. */
export async function procesar(deps: DependenciasSri, tarea: Tarea): Promise<void> {
  let paso: Siguiente = tarea.paso;
  while (paso) {
    try {
      paso = await PASO[paso](deps, tarea);
    } catch (error) {
      if (!(error instanceof SriNoDisponible)) throw error;
      deps.log.warn({ factura: tarea.FAC_CODIGO, paso, intento: tarea.intentos + 1, motivo: error.message }, 'SRI no disponible');
      await reintentar(deps.db, tarea, espera(deps.config.reintentoMs, tarea.intentos), error.message);
      return;
    }
  }
}
