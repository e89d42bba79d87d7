import type { ModuleRoutes } from '../../core/context';
import { ROLES_PERMITIDOS } from '../../../domain/roles';
import { rutaEmisionDirecta, rutasNotas } from '../comprobantes';
import { NotaDebitoBorrador, NotaDebitoDetalle } from './contract';
import { crearNotaDebito, editarNotaDebito } from './borradores';
import { buscarNotaDebito } from './repo';
import { tipoNotaDebito } from './tipo';
import { emisionNotaDebito } from './emision';

const RULES =
  'La factura (FAC_MODIFICA) debe ser de la empresa (404) y estar autorizada, tener a lo sumo 12 meses a la fecha de la nota y no ser posterior a ella (400). Motivos: de 1 a 100, cada uno con su razón, un valor mayor que 0 y su tarifa de IVA; el IVA se calcula por tarifa. Las formas de pago suman el total. El servidor recalcula la nota y responde 400 con los motivos en español, también si los totales enviados no coinciden al centavo. Sin FAC_FECHA, hoy en Ecuador; sin FAC_MOTIVO, la razón del primer motivo.';

/**
 * The company application's debit notes (resource `notasDebito`, menu `notasDebito`): the routes both notes share
 * (comprobantes/notas-routes.ts) and their drafts. Route list in domain/contratos/notasCredito.ts.
 */
const notasDebitoRoutes: ModuleRoutes = (app, ctx) => {
  // POST /emision: the whole note in one call (integrations).
  rutaEmisionDirecta(app, ctx, emisionNotaDebito);
  rutasNotas(app, ctx, {
    codDoc: '05',
    tipo: tipoNotaDebito,
    plural: 'Notas de débito',
    roles: ROLES_PERMITIDOS.notasDebito,
    buscar: buscarNotaDebito,
    detalle: NotaDebitoDetalle,
    borrador: { body: NotaDebitoBorrador, reglas: RULES, crear: crearNotaDebito, editar: editarNotaDebito },
  });
};

export default notasDebitoRoutes;
