import { randomBytes } from 'node:crypto';
import type { Db } from '../../infra/db/client';
import type { SecretBox } from '../../infra/secret-box';
import type { CompanyActor } from '../../core/actor';
import { changedFields, recordHistory } from '../../core/company-history';
import { found, HttpError } from '../../core/errors';
import { WEBHOOKS_MSG, type Webhook, type WebhookCreado, type WebhookDatos, type WebhookEdicion } from './contract';
import { despertarTrabajadores, encolarEvento } from './eventos';
import { deleteWebhook, findDelivery, findWebhook, insertWebhook, redeliver, updateWebhook } from './repo';

type Deps = { db: Db; box: SecretBox };

/** http(s) with a host, as typed (trimmed); anything else is a 400. Where it points is judged at delivery time. */
export function urlDe(texto: string): string {
  const limpia = texto.trim();
  let url: URL;
  try {
    url = new URL(limpia);
  } catch {
    throw new HttpError(400, WEBHOOKS_MSG.urlInvalida);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.username || url.password)
    throw new HttpError(400, WEBHOOKS_MSG.urlInvalida);
  return limpia;
}

/** `whsec_` and 32 random bytes: what signs the deliveries when the company gives none. */
const secretoNuevo = () => `whsec_${randomBytes(32).toString('base64url')}`;

const descripcionDe = (texto: string | null | undefined) => (texto?.trim() ? texto.trim() : null);

/** How the history names an endpoint: its URL, never its secret. */
const nombrar = (url: string) => `Webhook ${url}`;

export async function createWebhook({ db, box }: Deps, actor: CompanyActor, body: WebhookDatos): Promise<WebhookCreado> {
  const values = {
    WEB_URL: urlDe(body.WEB_URL),
    WEB_DESCRIPCION: descripcionDe(body.WEB_DESCRIPCION),
    WEB_EVENTOS: body.WEB_EVENTOS,
    WEB_ACTIVO: body.WEB_ACTIVO ?? true,
  };
  const secreto = body.secreto ?? secretoNuevo();
  const id = await db.transaction(async (tx) => {
    const codigo = await insertWebhook(tx, { ...values, EMP_CODIGO: actor.empresa, WEB_SECRETO: box.encryptText(secreto) });
    await recordHistory(tx, actor, {
      empresa: actor.empresa,
      accion: 'api',
      descripcion: `${nombrar(values.WEB_URL)} creado (eventos: ${values.WEB_EVENTOS.join(', ')})`,
      despues: { WEB_CODIGO: codigo, ...values },
    });
    return codigo;
  });
  return { ...(await findWebhook(db, actor.empresa, id))!, secreto };
}

/** A field left out keeps its value; another company's endpoint is a 404. */
export async function editWebhook({ db }: Deps, actor: CompanyActor, id: number, body: WebhookEdicion): Promise<Webhook> {
  await db.transaction(async (tx) => {
    const antes = found(await findWebhook(tx, actor.empresa, id, true));
    const cambios = {
      WEB_URL: body.WEB_URL === undefined ? undefined : urlDe(body.WEB_URL),
      WEB_DESCRIPCION: body.WEB_DESCRIPCION === undefined ? undefined : descripcionDe(body.WEB_DESCRIPCION),
      WEB_EVENTOS: body.WEB_EVENTOS,
      WEB_ACTIVO: body.WEB_ACTIVO,
    };
    const { antes: previo, despues, changed } = changedFields(antes, cambios);
    if (changed.length === 0) return;
    await updateWebhook(tx, id, despues);
    await recordHistory(tx, actor, {
      empresa: actor.empresa,
      accion: 'api',
      descripcion: `${nombrar(antes.WEB_URL)} modificado (${changed.join(', ')})`,
      antes: previo,
      despues,
    });
  });
  return (await findWebhook(db, actor.empresa, id))!;
}

/** Deletes the endpoint and its log (the deliveries go with it). */
export async function removeWebhook({ db }: Deps, actor: CompanyActor, id: number) {
  await db.transaction(async (tx) => {
    const webhook = found(await findWebhook(tx, actor.empresa, id, true));
    await deleteWebhook(tx, id);
    await recordHistory(tx, actor, {
      empresa: actor.empresa,
      accion: 'api',
      descripcion: `${nombrar(webhook.WEB_URL)} eliminado`,
      antes: { WEB_CODIGO: id, WEB_URL: webhook.WEB_URL, WEB_EVENTOS: webhook.WEB_EVENTOS },
    });
  });
  return { msg: WEBHOOKS_MSG.eliminado };
}

/** A new secret, shown this once; the deliveries still pending are signed with it from now on. */
export async function rotateSecret({ db, box }: Deps, actor: CompanyActor, id: number) {
  const secreto = secretoNuevo();
  await db.transaction(async (tx) => {
    const webhook = found(await findWebhook(tx, actor.empresa, id, true));
    await updateWebhook(tx, id, { WEB_SECRETO: box.encryptText(secreto) });
    await recordHistory(tx, actor, { empresa: actor.empresa, accion: 'api', descripcion: `${nombrar(webhook.WEB_URL)}: secreto renovado` });
  });
  return { secreto };
}

/** Queues a ping for this endpoint (active or not), due now. */
export async function pingWebhook({ db }: Deps, actor: CompanyActor, id: number) {
  const [ENT_CODIGO] = await db.transaction(async (tx) => {
    found(await findWebhook(tx, actor.empresa, id));
    return encolarEvento(tx, { empresa: actor.empresa, evento: 'ping', FAC_CODIGO: null, webhook: id });
  });
  despertarTrabajadores();
  return { msg: WEBHOOKS_MSG.prueba, ENT_CODIGO };
}

export const visibleWebhook = async (db: Db, empresa: number, id: number) => found(await findWebhook(db, empresa, id));

export const visibleDelivery = async (db: Db, empresa: number, webhook: number, id: number) =>
  found(await findDelivery(db, empresa, webhook, id));

/** Delivers it again now (the same id, its attempts kept); another company's is a 404. */
export async function redeliverDelivery({ db }: Deps, actor: CompanyActor, webhook: number, id: number) {
  await db.transaction(async (tx) => {
    const entrega = found(await findDelivery(tx, actor.empresa, webhook, id));
    await redeliver(tx, actor.empresa, webhook, id);
    await recordHistory(tx, actor, {
      empresa: actor.empresa,
      accion: 'api',
      descripcion: `Webhook: entrega ${id} (${entrega.ENT_EVENTO}) reenviada`,
    });
  });
  despertarTrabajadores();
  return { msg: WEBHOOKS_MSG.reenviada };
}
