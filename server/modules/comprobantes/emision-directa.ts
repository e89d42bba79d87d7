/**
 * One-call issuing (domain/contratos/emision.ts): POST /api/<tipo>/emision takes the whole document, saves it as a
 * draft through the type's own rules and issues it at once. The core gives every type the route, the issuing, the
 * wait for the SRI and the answer; a type gives how its one-call body becomes its draft (`guardar`: the recipient by
 * identification, the lines by product code) and how to delete that draft when issuing is refused, so a refusal
 * leaves nothing behind.
 */
import type { TSchema } from '@fastify/type-provider-typebox';
import type { App, AppContext, Log } from '../../core/context';
import type { CompanyActor } from '../../core/actor';
import type { RolesRuta } from '../../core/role-access';
import { errorResponses } from '../../core/schemas';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { establecimientos, puntosEmision } from '../../infra/db/schema';
import { HttpError } from '../../core/errors';
import { secretBoxFor } from '../../infra/secret-box';
import { ErroresFactura, type PagoBorrador } from '../../../domain/contratos/facturas';
import { EMISION_MSG, EmisionDirecta, EmisionQuery, type PagoDirecto } from '../../../domain/contratos/emision';
import { conErrores } from './emitido-routes';
import { emitirComprobante } from './emitir';
import { resumenComprobante } from './resumen';
import type { AlcanceDocumentos } from './filas';
import type { TipoComprobante } from './tipo';

/** The recipient a one-call body named: found or created (`creado`) by its identification. */
export type ReceptorGuardado = { id: number; creado: boolean };

/** What a type gives the core for its one-call issuing. */
export type ModuloEmisionDirecta<B> = {
  tipo: TipoComprobante;
  tags: string[];
  /** Who may issue (the type's issuing roles). */
  roles: RolesRuta;
  /** The one-call body's schema, with a complete example (`examples`) for the OpenAPI document. */
  cuerpo: TSchema;
  /** What the route's description adds: the body's rules in a sentence or two. */
  descripcion: string;
  /** Whose documents a session sees. */
  alcance(actor: CompanyActor): AlcanceDocumentos;
  /**
   * Saves the body as a draft of the type, in the type's own rules (its 400s, with `errores`): the recipient by
   * identification, created or updated; the lines by the company's product code or as free text. Returns its id.
   */
  guardar(db: Db, actor: CompanyActor, cuerpo: B, log: Log): Promise<{ id: number; receptor: ReceptorGuardado }>;
  /** Deletes the draft `guardar` made (issuing it was refused). */
  eliminar(db: Db, alcance: AlcanceDocumentos, id: number): Promise<unknown>;
  /** Deletes the recipient `guardar` created for that draft, so that a refusal leaves nothing behind. */
  olvidar?(db: Db, empresa: number, receptor: number): Promise<unknown>;
};

/**
 * The emission point of a one-call body: by its series ("001-001"), or the company's first active one. 400 when the
 * company has none such.
 */
export async function puntoDeSerie(db: Executor, empresa: number, serie?: string): Promise<number> {
  const [est, pem] = serie ? serie.split('-') : [];
  const [fila] = await db
    .select({ PEM_CODIGO: puntosEmision.PEM_CODIGO })
    .from(puntosEmision)
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
    .where(
      and(
        eq(establecimientos.EMP_CODIGO, empresa),
        eq(establecimientos.EST_ACTIVO, true),
        eq(puntosEmision.PEM_ACTIVO, true),
        ...(serie ? [eq(establecimientos.EST_NUMERO, est), eq(puntosEmision.PEM_NUMERO, pem)] : []),
      ),
    )
    .orderBy(asc(establecimientos.EST_NUMERO), asc(puntosEmision.PEM_NUMERO))
    .limit(1);
  if (!fila) throw new HttpError(400, serie ? EMISION_MSG.puntoNoExiste(serie) : EMISION_MSG.sinPuntos);
  return fila.PEM_CODIGO;
}

/** A one-call body's payments as a draft's; without any, one 01 (sin sistema financiero) of the total. */
export const pagosDirectos = (pagos: readonly PagoDirecto[] | undefined, total: string): PagoBorrador[] =>
  pagos
    ? pagos.map((p) => ({ FPA_FORMA: p.formaPago, FPA_TOTAL: p.total, FPA_PLAZO: p.plazo, FPA_UNIDAD: p.unidadTiempo }))
    : [{ FPA_FORMA: '01', FPA_TOTAL: total }];

/**
 * Saves the draft for the recipient a one-call body named, just found or created: when saving fails, a recipient
 * created for it is deleted again (`olvidar`), so that a refused body leaves nothing behind.
 */
export async function borradorConReceptor(
  receptor: ReceptorGuardado,
  olvidar: () => Promise<unknown>,
  crear: () => Promise<{ FAC_CODIGO: number }>,
): Promise<{ id: number; receptor: ReceptorGuardado }> {
  try {
    return { id: (await crear()).FAC_CODIGO, receptor };
  } catch (error) {
    if (receptor.creado) await olvidar();
    throw error;
  }
}

/** The SRI's verdicts: a wait (?esperar) ends at any of them. */
const DECIDIDOS = new Set(['AUTORIZADA', 'DEVUELTA', 'RECHAZADA']);
const PAUSA_MS = 200;

export function rutaEmisionDirecta<B>(app: App, ctx: AppContext, m: ModuloEmisionDirecta<B>) {
  const { db, files, config, guards, sri } = ctx;
  const deps = { db, files, box: secretBoxFor(config) };
  const { nombre } = m.tipo;

  app.post(
    '/emision',
    {
      onRequest: guards.company,
      config: { roles: m.roles },
      schema: {
        tags: m.tags,
        summary: `Emite una ${nombre} en una sola llamada: el documento completo → número, clave de acceso y estado`,
        description: `${m.descripcion} El cuerpo pasa por las mismas reglas que el formulario (400 con cada motivo en errores) y se emite de inmediato: número, clave de acceso, XML validado con el esquema del SRI y firmado, estado FIRMADA y en camino al SRI. Si la emisión se rechaza (sin firma, sin plan, el esquema), el borrador se elimina y no queda nada. ?esperar=N (hasta 30 s) responde cuando el SRI decidió o pasó ese tiempo. Envíe Idempotency-Key: un reintento con la misma clave y el mismo cuerpo responde lo mismo sin emitir dos veces.`,
        querystring: EmisionQuery,
        body: m.cuerpo,
        response: { 201: EmisionDirecta, ...errorResponses, 400: ErroresFactura },
      },
    },
    async (request, reply) =>
      conErrores(reply, async () => {
        const actor = request.company!;
        const alcance = m.alcance(actor);
        const { id, receptor } = await m.guardar(db, actor, request.body as B, request.log);
        try {
          await emitirComprobante(deps, alcance, id, m.tipo);
        } catch (error) {
          await m.eliminar(db, alcance, id);
          if (receptor.creado) await m.olvidar?.(db, alcance.empresa, receptor.id);
          throw error;
        }
        sri.despertar();
        const esperar = request.query.esperar ?? 0;
        const hasta = Date.now() + esperar * 1000;
        let resumen = (await resumenComprobante(db, id))!;
        while (esperar > 0 && !DECIDIDOS.has(resumen.estado) && Date.now() < hasta) {
          await new Promise((resolve) => setTimeout(resolve, Math.min(PAUSA_MS, Math.max(0, hasta - Date.now()))));
          resumen = (await resumenComprobante(db, id))!;
        }
        request.log.info({ comprobante: id, numero: resumen.numero, clave: actor.clave?.codigo }, `${nombre} emitida en una llamada`);
        const { correo: _correo, receptor: datos, ...resto } = resumen;
        return reply
          .status(201)
          .send({ ...resto, numero: resumen.numero!, claveAcceso: resumen.claveAcceso!, receptor: { ...datos, creado: receptor.creado } });
      }),
  );
}
