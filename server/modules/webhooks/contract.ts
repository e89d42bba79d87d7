import { Type, type Static } from 'typebox';
import { ListQuery } from '../../core/list';

export * from '../../../domain/contratos/webhooks';

/** The endpoints' list: ra-data-simple-rest (a handful per company: read whole when no range is asked). */
export const WebhookQuery = ListQuery;

/** The delivery log: newest first; filter ENT_ESTADO, ENT_EVENTO. */
export const EntregaQuery = ListQuery;

export const EntregaParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  entrega: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});
export type EntregaParams = Static<typeof EntregaParams>;

export const SecretoNuevo = Type.Object({ secreto: Type.String({ description: 'Guárdelo ahora: no se vuelve a mostrar' }) });
export const PruebaEncolada = Type.Object({ msg: Type.String(), ENT_CODIGO: Type.Integer() });
