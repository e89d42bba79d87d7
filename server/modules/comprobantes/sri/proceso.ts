/**
 * One document's way through the SRI, a step at a time, under the queue's lease:
 *
 *   ENVIAR     FIRMADA → ENVIADA (when taken, before the call: if the process dies now, the document is sent again,
 *              which the SRI answers by its key) → RECIBIDA, or DEVUELTA with the SRI's messages. "Key registered" (43) and "key in
 *              process" (70) mean the SRI already holds it: it goes on to ask for its authorization, never fails. Its
 *              authorization is asked at once, and RECIBIDA is written with what that answer brings (AUTORIZADA, or
 *              RECIBIDA and the next ask's time) in one statement, not one of its own: until then the row says ENVIADA,
 *              and a process that dies in between sends it again, which the SRI answers by its key.
 *   AUTORIZAR  → AUTORIZADA (number, date; one document of the plan consumed), or RECHAZADA (NO AUTORIZADO) with the
 *              messages; EN PROCESO or nothing yet: asked again later, 0.5 s (a quarter of SRI_REINTENTO_MS) after the
 *              first ask, each wait double the last, up to 5 minutes. Every fifth ask that finds nothing about the key
 *              is a resend instead (ENVIAR with the document RECIBIDA: the SRI may have lost it), and the count of
 *              attempts goes on through it, so the waits never start over. 24 hours after the SRI first received it
 *              without an authorization (the SRI's technical sheet allows that much), it is SIN_RESPUESTA and leaves
 *              the queue: the user checks the SRI's portal and asks again by hand (POST /api/facturas/:id/consultar, and the same route of every type).
 *   ENTREGAR   the email to the buyer (entrega.ts): ENVIADA, SIN_CORREO, or FALLIDA after several tries. Taken again
 *              in its turn after AUTORIZAR, behind the SRI's steps of other documents: drawing the RIDE is the
 *              costliest part, and an authorization matters more than an email a few seconds sooner.
 *
 * The SRI down, slow, answering 500 or garbage (SriNoDisponible): the same step later, with a growing wait. A
 * document's state only moves on what the SRI answered.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { facturas } from '../../../infra/db/schema';
import type { FileStore } from '../../../infra/files';
import type { Mailer } from '../../../infra/mail';
import type { SriConfig } from '../../../config';
import { consumoSql, lockPlans, payForAuthorized } from '../../planesEmpresa';
import { SriNoDisponible, type Ambiente, type ClienteSri, type RespuestaRecepcion } from './cliente';
import { avanzar, escribir, espera, reintentar, soltar, terminar, type Paso, type Tarea } from './cola';
import { entregarComprobante } from './entrega';
import type { DibujanteRide } from '../ride-hilos';
import type { TipoComprobante } from '../tipo';
import { resumenComprobante } from '../resumen';
import { encolarEvento } from '../../webhooks';
import { hoyEcuador } from '../../../../domain/fechas';
import { ESTADOS_PENDIENTES } from '../../../../domain/comprobantes/estados';

export type DependenciasSri = {
  db: Db;
  sri: ClienteSri;
  mailer: Mailer;
  files: FileStore;
  ride: DibujanteRide;
  /** The registry's lookup (server/modules/tipos.ts, handed down by app.ts): a document's type by its FAC_TIPO. */
  tipos: (codDoc: string) => TipoComprobante;
  config: Pick<SriConfig, 'reintentoMs'>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Aborted when the server stops: calls in flight end at once and the documents wait for the next start. */
  parar?: AbortSignal;
};

/** The SRI already holds this key: registered (43, processed) or still processing it (70). */
const REGISTRADA = '43';
const EN_PROCESAMIENTO = '70';
/** Every how many asks that find nothing about the key the next call sends the document again instead. */
const SIN_NOTICIAS = 5;
/** How long the SRI may take from RECIBIDA to the authorization (its technical sheet): then SIN_RESPUESTA. */
export const PLAZO_AUTORIZACION_HORAS = 24;
const ENTREGA_INTENTOS = 5;

type Siguiente = Paso | null;

/** "factura", "nota de crédito"...: what the queue's reasons and the plan's history call the document. */
const nombreDe = (deps: DependenciasSri, tarea: Tarea) => deps.tipos(tarea.doc.FAC_TIPO).nombre;

const ambienteDe = (valor: number | null): Ambiente => (valor === 2 ? '2' : '1');
const dice = (respuesta: RespuestaRecepcion, codigo: string) => respuesta.mensajes.some((m) => m.identificador === codigo);

/** The wait before asking again about a document the SRI holds: the authorization usually takes a few seconds. */
const esperaConsulta = (deps: DependenciasSri, intentos: number) => espera(deps.config.reintentoMs / 4, intentos);

/** Issued and not answered yet: the states the SRI's answer may move a document from. */
const PENDIENTES: readonly string[] = ESTADOS_PENDIENTES;

/**
 * What the SRI's reception during this take changes in the document, for the take's next write (which ends the take):
 * RECIBIDA, its messages, and when the SRI's 24 hours start. Nothing when it was not received in this take.
 */
function recepcion(tarea: Tarea) {
  if (!tarea.recibida) return {};
  return {
    FAC_ESTADO: 'RECIBIDA',
    FAC_SRI_MENSAJES: tarea.recibida,
    FAC_RECIBIDA: sql`coalesce(${facturas.FAC_RECIBIDA}, now())`,
  };
}

/** reintentar, with the reception of this take when it is not written yet. */
async function reintentarRecibida(deps: DependenciasSri, tarea: Tarea, demoraMs: number, error: string | null, paso?: Paso) {
  if (!tarea.recibida) return reintentar(deps.db, tarea, demoraMs, error, paso);
  await escribir(deps.db, tarea, {
    cola: { accion: 'reintentar', demoraMs, error, paso },
    factura: { set: recepcion(tarea), estados: PENDIENTES },
  });
}

/**
 * The SRI's final no: the invoice keeps its state and messages, and leaves the queue, in one transaction with the
 * company's webhooks' event.
 */
async function cerrar(deps: DependenciasSri, tarea: Tarea, estado: 'DEVUELTA' | 'RECHAZADA', mensajes: RespuestaRecepcion['mensajes']) {
  const set = { ...recepcion(tarea), FAC_ESTADO: estado, FAC_SRI_MENSAJES: mensajes, FAC_ACTUALIZADO: new Date() };
  const evento = estado === 'DEVUELTA' ? 'comprobante.devuelto' : 'comprobante.rechazado';
  const escrito = await escribir(deps.db, tarea, {
    cola: { accion: 'terminar' },
    factura: { set },
    evento: { empresa: tarea.doc.EMP_CODIGO, evento },
  });
  if (escrito === 'hecho') return;
  await deps.db.transaction(async (tx) => {
    await tx.update(facturas).set(set).where(eq(facturas.FAC_CODIGO, tarea.FAC_CODIGO));
    await encolarEvento(tx, { empresa: tarea.doc.EMP_CODIGO, evento, FAC_CODIGO: tarea.FAC_CODIGO, resumen: resumenComprobante });
    await terminar(tx, tarea);
  });
}

async function enviar(deps: DependenciasSri, tarea: Tarea): Promise<Siguiente> {
  const { doc } = tarea;
  if (doc.FAC_XML && doc.FAC_ESTADO === 'RECIBIDA') return reenviar(deps, tarea, doc.FAC_XML);
  // Anything but ENVIADA (tomar marks a FIRMADA one): the row is stale — corrected and issued again, or answered.
  if (!doc.FAC_XML || doc.FAC_ESTADO !== 'ENVIADA') {
    await terminar(deps.db, tarea);
    return null;
  }
  const respuesta = await deps.sri.validarComprobante(ambienteDe(doc.FAC_AMBIENTE), doc.FAC_XML, deps.parar);
  if (respuesta.estado === 'RECIBIDA' || dice(respuesta, REGISTRADA) || dice(respuesta, EN_PROCESAMIENTO)) {
    // Received: progress, so the asks for its authorization start from the shortest wait. Written with the first ask's
    // answer (recepcion()).
    tarea.recibida = respuesta.estado === 'RECIBIDA' ? respuesta.mensajes : [];
    tarea.paso = 'AUTORIZAR';
    tarea.intentos = 0;
    doc.FAC_ESTADO = 'RECIBIDA';
    return 'AUTORIZAR';
  }
  await cerrar(deps, tarea, 'DEVUELTA', respuesta.mensajes);
  deps.log.info({ factura: tarea.FAC_CODIGO, mensajes: respuesta.mensajes.map((m) => m.identificador) }, 'factura devuelta por el SRI');
  return null;
}

/**
 * Sends again a document the SRI received and then said nothing about. Safe: the SRI answers a key it holds with 43
 * (registered: processed, so its authorization is asked at once) or 70 (in process: asked after the wait), and
 * RECIBIDA only if it had lost it (asked at once). The attempts go on counting, so the waits keep their length. Any
 * other refusal changes nothing: the SRI received this very document before and its authorization service decides it
 * now; the messages are kept for the user, and the asks go on until the 24 hours pass.
 */
async function reenviar(deps: DependenciasSri, tarea: Tarea, xml: string): Promise<Siguiente> {
  const respuesta = await deps.sri.validarComprobante(ambienteDe(tarea.doc.FAC_AMBIENTE), xml, deps.parar);
  if (respuesta.estado === 'RECIBIDA' || dice(respuesta, REGISTRADA)) {
    await avanzar(deps.db, tarea, 'AUTORIZAR', tarea.intentos);
    return 'AUTORIZAR';
  }
  if (dice(respuesta, EN_PROCESAMIENTO)) {
    await reintentar(
      deps.db,
      tarea,
      esperaConsulta(deps, tarea.intentos),
      `El SRI todavía está procesando la ${nombreDe(deps, tarea)}.`,
      'AUTORIZAR',
    );
    return null;
  }
  const dijo = respuesta.mensajes.map((m) => `${m.identificador} ${m.mensaje}`).join('; ') || respuesta.estado;
  await escribir(deps.db, tarea, {
    cola: {
      accion: 'reintentar',
      demoraMs: esperaConsulta(deps, tarea.intentos),
      error: `Al enviarla de nuevo, el SRI respondió: ${dijo}. Se sigue consultando su autorización.`,
      paso: 'AUTORIZAR',
    },
    factura: { set: { FAC_SRI_MENSAJES: respuesta.mensajes }, estados: ['RECIBIDA'] },
  });
  deps.log.warn(
    { factura: tarea.FAC_CODIGO, mensajes: respuesta.mensajes.map((m) => m.identificador) },
    'el SRI devolvió el reenvío de una factura recibida',
  );
  return null;
}

/**
 * A received document still without an authorization PLAZO_AUTORIZACION_HORAS after the SRI first received it:
 * SIN_RESPUESTA, and off the queue. Judged by the database's clock, as the queue's times are. True when it was.
 */
async function vencida(deps: DependenciasSri, tarea: Tarea): Promise<boolean> {
  // Asked only near the end of the 24 hours by this process's clock (an hour of room for the two clocks' difference).
  const recibida = tarea.doc.FAC_RECIBIDA?.getTime();
  if (recibida === undefined || Date.now() - recibida < (PLAZO_AUTORIZACION_HORAS - 1) * 3_600_000) return false;
  const vencio = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(facturas)
      .set({ FAC_ESTADO: 'SIN_RESPUESTA', FAC_ACTUALIZADO: new Date() })
      .where(
        and(
          eq(facturas.FAC_CODIGO, tarea.FAC_CODIGO),
          eq(facturas.FAC_ESTADO, 'RECIBIDA'),
          sql`${facturas.FAC_RECIBIDA} <= now() - make_interval(hours => ${PLAZO_AUTORIZACION_HORAS})`,
        ),
      )
      .returning({ id: facturas.FAC_CODIGO });
    if (row) await terminar(tx, tarea);
    return Boolean(row);
  });
  if (vencio) deps.log.warn({ factura: tarea.FAC_CODIGO }, 'factura sin autorización del SRI en 24 horas');
  return vencio;
}

async function autorizar(deps: DependenciasSri, tarea: Tarea): Promise<Siguiente> {
  const { doc } = tarea;
  if (!doc.FAC_CLAVE_ACCESO || !PENDIENTES.includes(doc.FAC_ESTADO)) {
    await terminar(deps.db, tarea);
    return null;
  }
  const { decisiva } = await deps.sri.autorizacionComprobante(ambienteDe(doc.FAC_AMBIENTE), doc.FAC_CLAVE_ACCESO, deps.parar);
  if (decisiva?.estado === 'AUTORIZADO') {
    const set = {
      ...recepcion(tarea),
      FAC_ESTADO: 'AUTORIZADA',
      FAC_AUTORIZACION: decisiva.numeroAutorizacion,
      FAC_FECHA_AUTORIZACION: decisiva.fechaAutorizacion,
      FAC_SRI_MENSAJES: decisiva.mensajes,
      FAC_ENTREGA: 'PENDIENTE',
      FAC_ACTUALIZADO: new Date(),
    };
    // The usual case in one statement: the company's webhooks' event or a plan that does not pay are written below.
    const escrito = await escribir(deps.db, tarea, {
      // The email in its turn, after the SRI's steps of the documents waiting (tomar's order).
      cola: { accion: 'soltar', paso: 'ENTREGAR' },
      factura: { set, estados: PENDIENTES },
      evento: { empresa: doc.EMP_CODIGO, evento: 'comprobante.autorizado' },
      consumo: {
        sql: (emitida, si) => consumoSql(sql.placeholder('plan_empresa'), emitida, si, undefined, sql.placeholder('plan_hoy')),
        valores: { plan_empresa: doc.EMP_CODIGO, plan_hoy: hoyEcuador() },
      },
      bloquearModificada: doc.FAC_TIPO !== '01',
    });
    if (escrito === 'hecho') return null;
    await deps.db.transaction(async (tx) => {
      // The plans first, as issuing locks them before it counts the documents in flight and then adds its own.
      await lockPlans(tx, doc.EMP_CODIGO);
      // A note changes what its invoice owes: its invoice's row is locked first, as a collection locks it, so that a
      // collection never applies what a credit note authorized at the same instant took away.
      if (doc.FAC_TIPO !== '01') {
        await tx.execute(
          sql`SELECT 1 FROM facturas WHERE fac_codigo = (SELECT fac_modifica FROM facturas WHERE fac_codigo = ${tarea.FAC_CODIGO}) FOR UPDATE`,
        );
      }
      const [cambiada] = await tx
        .update(facturas)
        .set(set)
        .where(and(eq(facturas.FAC_CODIGO, tarea.FAC_CODIGO), inArray(facturas.FAC_ESTADO, PENDIENTES)))
        .returning({ numero: facturas.FAC_NUMERO, emitida: facturas.FAC_FECHA });
      if (cambiada) {
        // Authorized is a fact at the SRI: a plan used up meanwhile goes to the company's history, never hides it.
        const documento = {
          empresa: doc.EMP_CODIGO,
          numero: cambiada.numero ?? '',
          emitida: cambiada.emitida,
          nombre: nombreDe(deps, tarea),
        };
        const consumo = await payForAuthorized(tx, documento);
        if (!consumo.ok) deps.log.warn({ factura: tarea.FAC_CODIGO, motivo: consumo.msg }, 'factura autorizada sin plan que la pague');
        await encolarEvento(tx, {
          empresa: doc.EMP_CODIGO,
          evento: 'comprobante.autorizado',
          FAC_CODIGO: tarea.FAC_CODIGO,
          resumen: resumenComprobante,
        });
      }
      await soltar(tx, tarea, 'ENTREGAR');
    });
    return null;
  }
  if (decisiva?.estado === 'NO AUTORIZADO') {
    await cerrar(deps, tarea, 'RECHAZADA', decisiva.mensajes);
    deps.log.info(
      { factura: tarea.FAC_CODIGO, mensajes: decisiva.mensajes.map((m) => m.identificador) },
      'factura no autorizada por el SRI',
    );
    return null;
  }
  // EN PROCESO, or nothing about the key yet.
  if (await vencida(deps, tarea)) return null;
  const demora = esperaConsulta(deps, tarea.intentos);
  if (!decisiva && (tarea.intentos + 1) % SIN_NOTICIAS === 0) {
    await reintentarRecibida(
      deps,
      tarea,
      demora,
      `El SRI todavía no registra la ${nombreDe(deps, tarea)}: se le enviará de nuevo.`,
      'ENVIAR',
    );
  } else {
    const nombre = nombreDe(deps, tarea);
    const porque = decisiva ? `El SRI todavía está procesando la ${nombre}.` : `El SRI todavía no registra la ${nombre}.`;
    await reintentarRecibida(deps, tarea, demora, porque);
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
    resultado = await entregarComprobante(deps, tarea.FAC_CODIGO, undefined, tarea.doc.entrega);
  } catch (error) {
    const motivo = `No se pudo enviar el correo: ${(error as Error).message}`.slice(0, 500);
    if (tarea.intentos + 1 < ENTREGA_INTENTOS) {
      await reintentar(deps.db, tarea, espera(deps.config.reintentoMs, tarea.intentos), motivo);
      return null;
    }
    resultado = { estado: 'FALLIDA', detalle: motivo };
  }
  const set = { FAC_ENTREGA: resultado.estado, FAC_ENTREGA_FECHA: new Date(), FAC_ENTREGA_DETALLE: resultado.detalle.slice(0, 500) };
  const escrito = await escribir(deps.db, tarea, {
    cola: { accion: 'terminar' },
    factura: { set },
    evento: resultado.estado === 'FALLIDA' ? { empresa: tarea.doc.EMP_CODIGO, evento: 'correo.rebotado' } : undefined,
  });
  if (escrito === 'hecho') return null;
  await deps.db.transaction(async (tx) => {
    await tx.update(facturas).set(set).where(eq(facturas.FAC_CODIGO, tarea.FAC_CODIGO));
    // The SMTP server refused the email after every try: the company's systems may tell the buyer another way.
    if (resultado.estado === 'FALLIDA')
      await encolarEvento(tx, {
        empresa: tarea.doc.EMP_CODIGO,
        evento: 'correo.rebotado',
        FAC_CODIGO: tarea.FAC_CODIGO,
        resumen: resumenComprobante,
      });
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
      // A received document the SRI leaves unanswered, even by being down, stops being asked after the 24 hours too.
      if (tarea.doc.FAC_ESTADO === 'RECIBIDA' && (await vencida(deps, tarea))) return;
      await reintentarRecibida(deps, tarea, espera(deps.config.reintentoMs, tarea.intentos), error.message);
      return;
    }
  }
}
