import type { ModuleRoutes } from '../../core/context';
import type { ColumnaExportacion } from '../../core/export';
import { found } from '../../core/errors';
import { errorResponses, IdParam } from '../../core/schemas';
import { ErroresFactura } from '../../../domain/contratos/facturas';
import { diaEcuador } from '../../../domain/fechas';
import { ROLES_PERMITIDOS } from '../../../domain/roles';
import { conErrores, ESTADOS_LEGIBLES, rutaEmisionDirecta, rutasEmitido, rutasLista } from '../comprobantes';
import { emisionGuia } from './emision';
import { clientScopeValues } from '../clientes';
import { GUIAS_MSG, GuiaDesdeFactura, GuiaRemision, GuiaRemisionBorrador, GuiaRemisionDetalle, GuiasTotales } from './contract';
import { crearGuia, editarGuia, eliminarGuia } from './borradores';
import { guiaDesdeFactura } from './desde-factura';
import { findGuia, LISTA_GUIAS, type GuiaExportada } from './repo';
import { tipoGuia } from './tipo';

const tags = ['Guías de remisión'];
const R = ROLES_PERMITIDOS.guiasRemision;
const SCOPE = 'Las guías de remisión de la empresa de la sesión, todas para cualquier rol (la de otra empresa responde 404).';
const RULES =
  'El punto de emisión, el transportista, el cliente de un destinatario y el producto de un bien deben ser de la empresa (404); el transportista activo (400). Cada factura de sustento debe ser una factura de la empresa que la sesión ve (un vendedor, las de sus clientes y las del consumidor final; 404 si no) y estar AUTORIZADA (400). De 1 a 100 destinatarios, cada uno con identificación, razón social, dirección y motivo, y de 1 a 1000 bienes de cantidad mayor que cero (hasta 6 decimales); la fecha de fin del transporte no antes que la de inicio; el establecimiento de destino de 3 dígitos. Responde 400 con los motivos en español (errores).';
const Id = IdParam('id');
const withErrors = { ...errorResponses, 400: ErroresFactura };

/** The export: number, dates, carrier and plate, the destinatarios, state and authorization. */
const COLUMNAS: Array<ColumnaExportacion<GuiaExportada>> = [
  { header: 'Número', width: 20, value: (r) => r.FAC_NUMERO ?? 'Borrador' },
  { header: 'Fecha', width: 12, value: (r) => r.FAC_FECHA },
  { header: 'Transportista', width: 40, value: (r) => r.TRA_RAZON_SOCIAL },
  { header: 'Identificación', width: 16, value: (r) => r.TRA_IDENTIFICACION },
  { header: 'Placa', width: 12, value: (r) => r.GUI_PLACA },
  { header: 'Inicio del transporte', width: 14, value: (r) => r.GUI_FECHA_INICIO },
  { header: 'Fin del transporte', width: 14, value: (r) => r.GUI_FECHA_FIN },
  { header: 'Destinatarios', width: 40, value: (r) => r.DESTINATARIOS },
  { header: 'Estado', width: 18, value: (r) => ESTADOS_LEGIBLES[r.FAC_ESTADO] ?? r.FAC_ESTADO },
  { header: 'Autorización', width: 52, value: (r) => r.FAC_AUTORIZACION ?? '' },
  {
    header: 'Fecha de autorización',
    width: 14,
    value: (r) => (r.FAC_FECHA_AUTORIZACION ? diaEcuador(new Date(r.FAC_FECHA_AUTORIZACION)) : ''),
  },
];

/**
 * The company application's guías de remisión (resource `guiasRemision`, menu `guiasRemision`): drafts (on their own
 * or from an authorized factura), issuing through the document core, the downloads, the email to the destinatarios and
 * the annulment. The route list is in domain/contratos/guiasRemision.ts.
 */
const guiasRoutes: ModuleRoutes = async (app, ctx) => {
  const { db, guards } = ctx;
  const empresaDe = (request: { company?: { empresa: number } }) => request.company!.empresa;
  // Guías are the company's whatever the role; only the invoices they cite follow the seller's scope.
  const alcance = (request: { company?: { empresa: number } }) => ({ empresa: empresaDe(request) });

  rutasLista(app, ctx, {
    lista: LISTA_GUIAS,
    tags,
    plural: 'guías de remisión',
    scope: SCOPE,
    alcance,
    filtros:
      'FAC_ESTADO uno o una lista; desde y hasta fechas AAAA-MM-DD de emisión; TRA_CODIGO el transportista; FAC_SUSTENTO las guías que citan esa factura; q el número, la clave de acceso, o parte de la identificación, el nombre o la placa del transportista, la placa de la guía, o la identificación o el nombre de un destinatario.',
    fila: GuiaRemision,
    totales: { respuesta: GuiasTotales, sumas: 'cuántas y cuántas anuladas', leer: ({ cantidad, anuladas }) => ({ cantidad, anuladas }) },
    exportacion: { columnas: COLUMNAS, nombre: 'guias-remision', hoja: 'Guías de remisión' },
  });

  app.get(
    '/desdeFactura/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'El contenido de una guía a partir de una factura autorizada (sin transportista, placa ni punto a elegir)',
        description:
          'La factura debe ser de la empresa y visible para la sesión (un vendedor: sus clientes y el consumidor final); si no, 404. Una factura no autorizada responde 409. Partida: la dirección del establecimiento de la factura; fechas: hoy; un destinatario: el comprador (su dirección, o la del establecimiento si no tiene; sus correos), motivo "Venta", la factura como sustento y sus líneas como bienes.',
        params: Id,
        response: { 200: GuiaDesdeFactura, ...errorResponses },
      },
    },
    async (request) => guiaDesdeFactura(db, clientScopeValues(request.company!), request.params.id),
  );

  app.get(
    '/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Una guía de remisión completa, con sus destinatarios y sus bienes',
        description: SCOPE,
        params: Id,
        response: { 200: GuiaRemisionDetalle, ...errorResponses },
      },
    },
    async (request) => found(await findGuia(db, empresaDe(request), request.params.id)),
  );

  app.post(
    '/',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Crea un borrador de guía de remisión',
        description: RULES,
        body: GuiaRemisionBorrador,
        response: { 201: GuiaRemisionDetalle, ...withErrors },
      },
    },
    async (request, reply) => conErrores(reply, async () => reply.status(201).send(await crearGuia(db, request.company!, request.body))),
  );

  app.put(
    '/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Reemplaza un borrador de guía de remisión (o una que el SRI devolvió)',
        description: `${SCOPE} ${RULES} Una emitida responde 409.`,
        params: Id,
        body: GuiaRemisionBorrador,
        response: { 200: GuiaRemisionDetalle, ...withErrors },
      },
    },
    async (request, reply) => conErrores(reply, () => editarGuia(db, request.company!, request.params.id, request.body)),
  );

  rutaEmisionDirecta(app, ctx, emisionGuia);

  rutasEmitido(app, ctx, {
    tipo: tipoGuia,
    tags,
    roles: R,
    alcance,
    scope: SCOPE,
    destinatario: 'destinatarios',
    buscar: (db, { empresa }, id) => findGuia(db, empresa, id),
    detalle: GuiaRemisionDetalle,
    eliminar: (db, { empresa }, id) => eliminarGuia(db, empresa, id),
    msg: GUIAS_MSG,
    descripcion: {
      emitir:
        'Como una factura: el secuencial del punto de emisión para el tipo 06, el esquema GuiaRemision_V1.1.0 y la firma electrónica de la empresa; cuenta en el plan. 400 con el motivo (sin firma, sin plan, el transportista inactivo, una factura de sustento que ya no está autorizada, un campo que el esquema rechaza); 409 si ya fue emitida.',
      anular: 'Guarda el motivo y la fecha; sigue en la lista. 409 si no está autorizada.',
      consultar: '409 si no está sin respuesta.',
    },
  });
};

export default guiasRoutes;
