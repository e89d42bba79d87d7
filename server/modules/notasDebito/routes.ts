import type { ModuleRoutes } from '../../core/context';
import { errorResponses, IdParam } from '../../core/schemas';
import { ROLES_PERMITIDOS } from '../../../domain/roles';
import { conErrores, rutasNotas } from '../comprobantes';
import { ErroresFactura, NotaDebitoBorrador, NotaDebitoDetalle } from './contract';
import { crearNotaDebito, editarNotaDebito } from './borradores';
import { buscarNotaDebito } from './repo';
import { tipoNotaDebito } from './tipo';

const tags = ['Notas de débito'];
const RULES =
  'La factura (FAC_MODIFICA) debe ser de la empresa (404) y estar autorizada, tener a lo sumo 12 meses a la fecha de la nota y no ser posterior a ella (400). Motivos: de 1 a 100, cada uno con su razón, un valor mayor que 0 y su tarifa de IVA; el IVA se calcula por tarifa. Las formas de pago suman el total. El servidor recalcula la nota y responde 400 con los motivos en español, también si los totales enviados no coinciden al centavo. Sin FAC_FECHA, hoy en Ecuador; sin FAC_MOTIVO, la razón del primer motivo.';
const withErrors = { ...errorResponses, 400: ErroresFactura };

/**
 * The company application's debit notes (resource `notasDebito`, menu `notasDebito`): the routes both notes share
 * (comprobantes/notas-routes.ts) and their drafts. Route list in domain/contratos/notasCredito.ts.
 */
const notasDebitoRoutes: ModuleRoutes = (app, ctx) => {
  const { db, guards } = ctx;

  app.post(
    '/',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Crea un borrador de nota de débito',
        description: RULES,
        body: NotaDebitoBorrador,
        response: { 201: NotaDebitoDetalle, ...withErrors },
      },
    },
    async (request, reply) =>
      conErrores(reply, async () => reply.status(201).send(await crearNotaDebito(db, request.company!, request.body))),
  );

  app.put(
    '/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Reemplaza un borrador de nota de débito (o una que el SRI devolvió)',
        description: `${RULES} Una emitida responde 409.`,
        params: IdParam('id'),
        body: NotaDebitoBorrador,
        response: { 200: NotaDebitoDetalle, ...withErrors },
      },
    },
    async (request, reply) => conErrores(reply, () => editarNotaDebito(db, request.company!, request.params.id, request.body)),
  );

  rutasNotas(app, ctx, {
    codDoc: '05',
    tipo: tipoNotaDebito,
    plural: 'Notas de débito',
    roles: ROLES_PERMITIDOS.notasDebito,
    buscar: buscarNotaDebito,
    detalle: NotaDebitoDetalle,
  });
};

export default notasDebitoRoutes;
