import type { ModuleRoutes } from '../../core/context';
import { errorResponses, IdParam } from '../../core/schemas';
import { ROLES_PERMITIDOS } from '../../../domain/roles';
import { conErrores, rutaEmisionDirecta, rutasNotas } from '../comprobantes';
import { AnularConNota, NotaCreditoBorrador, NotaCreditoDetalle } from './contract';
import { ErroresFactura } from '../../../domain/contratos/facturas';
import { anularConNota, crearNotaCredito, editarNotaCredito } from './borradores';
import { buscarNotaCredito } from './repo';
import { tipoNotaCredito } from './tipo';
import { emisionNotaCredito } from './emision';

const tags = ['Notas de crédito'];
const RULES =
  'La factura (FAC_MODIFICA) debe ser de la empresa (404) y estar autorizada, no ser a consumidor final, tener a lo sumo 12 meses a la fecha de la nota y no ser posterior a ella (400). El total de la nota no puede superar lo que queda por acreditar de la factura (su total menos sus notas de crédito emitidas que no fueron rechazadas ni anuladas); una línea que devuelve una de la factura (FDE_LINEA_FACTURA) lleva su IVA y su precio unitario, y a lo sumo la cantidad que queda de ella. El servidor recalcula la nota y responde 400 con los motivos en español, también si los totales enviados no coinciden al centavo. Sin FAC_FECHA, hoy en Ecuador.';
const withErrors = { ...errorResponses, 400: ErroresFactura };

/**
 * The company application's credit notes (resource `notasCredito`, menu `notasCredito`): the routes both notes share
 * (comprobantes/notas-routes.ts), their drafts, and the annulment of an invoice with a note. Route list in the contract.
 */
const notasCreditoRoutes: ModuleRoutes = (app, ctx) => {
  const { db, guards } = ctx;
  // POST /emision: the whole note in one call (integrations).
  rutaEmisionDirecta(app, ctx, emisionNotaCredito);

  app.post(
    '/anular/:facturaId',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Anular con nota de crédito: crea el borrador que acredita todo lo que queda de la factura',
        description:
          'Si la factura no tiene notas de crédito, el borrador lleva todas sus líneas completas (sus totales son los de la factura); si tiene notas que devolvieron líneas, lo que queda de cada una; si alguna acreditó valores, una línea por tarifa de IVA con la base que queda. Luego se emite con POST /{id}/emitir. 400 si la factura no admite notas de crédito o ya no tiene saldo.',
        params: IdParam('facturaId'),
        body: AnularConNota,
        response: { 201: NotaCreditoDetalle, ...withErrors },
      },
    },
    async (request, reply) =>
      conErrores(reply, async () =>
        reply.status(201).send(await anularConNota(db, request.company!, request.params.facturaId, request.body.FAC_MOTIVO)),
      ),
  );

  rutasNotas(app, ctx, {
    codDoc: '04',
    tipo: tipoNotaCredito,
    plural: 'Notas de crédito',
    roles: ROLES_PERMITIDOS.notasCredito,
    buscar: buscarNotaCredito,
    detalle: NotaCreditoDetalle,
    borrador: { body: NotaCreditoBorrador, reglas: RULES, crear: crearNotaCredito, editar: editarNotaCredito },
  });
};

export default notasCreditoRoutes;
