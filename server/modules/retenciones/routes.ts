/**
 * The company application's comprobantes de retención (resource `retenciones`, menu `retenciones`): the list, its
 * totals and export, what can be withheld, one retención, its drafts, issuing, the downloads, the email to the
 * supplier, marking it annulled and asking the SRI again. Route list in domain/contratos/retenciones.ts.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { found } from '../../core/errors';
import { errorResponses, IdParam } from '../../core/schemas';
import { ErroresFactura } from '../../../domain/contratos/facturas';
import { NOTAS_MSG } from '../../../domain/contratos/notasCredito';
import { ROLES_PERMITIDOS } from '../../../domain/roles';
import { avisoTardio } from '../../../domain/retenciones';
import { conErrores, rutaEmisionDirecta, rutasEmitido, rutasLista } from '../comprobantes';
import { emisionRetencion } from './emision';
import { Retencion, RetencionBorrador, RetencionDetalle, RetencionesTotales, SustentoDisponible, SustentosQuery } from './contract';
import { crearRetencion, editarRetencion, eliminarRetencion, NOMBRE } from './borradores';
import { buscarRetencion } from './buscar';
import { COLUMNAS_RETENCIONES } from './exportacion';
import { LISTA_RETENCIONES, sustentosDisponibles } from './repo';
import { tipoRetencion } from './tipo';

const R = ROLES_PERMITIDOS.retenciones;
const tags = ['Retenciones'];
const SCOPE = 'Solo las retenciones de la empresa de la sesión (la de otra empresa responde 404).';
const RULES =
  'El proveedor (PRV_CODIGO) y cada documento de sustento deben ser de la empresa (404). Cada documento: un recibido (REC_CODIGO: factura 01 o nota de débito 05) o una liquidación de compra propia autorizada (RSU_LIQUIDACION), del mismo proveedor, no anterior a la retención, con su sustento tributario (RSU_SUSTENTO) y de 1 a 20 retenciones: un código vigente en la fecha de la retención (RCO_ID, GET /api/codigosRetencion) y su base; las bases de renta suman a lo sumo el subtotal sin impuestos del documento y las de IVA su IVA (400). Un documento con otra retención viva (no anulada ni rechazada, también un borrador) responde 409. valorRetenido = base × porcentaje / 100, redondeado a 2 decimales. Una retención más de 5 días después del documento se acepta con un aviso (avisos). Sin FAC_FECHA, hoy en Ecuador.';

const retencionesRoutes: ModuleRoutes = (app, ctx) => {
  const { db, guards } = ctx;
  const Id = IdParam('id');
  const empresaDe = (request: { company?: { empresa: number } }) => request.company!.empresa;
  const alcance = (request: { company?: { empresa: number } }) => ({ empresa: empresaDe(request) });
  const conErroresDeRetencion = { ...errorResponses, 400: ErroresFactura };

  rutasLista(app, ctx, {
    lista: LISTA_RETENCIONES,
    tags,
    plural: 'retenciones',
    scope: SCOPE,
    alcance,
    filtros:
      'FAC_ESTADO uno o una lista; desde y hasta fechas AAAA-MM-DD de emisión; PRV_CODIGO el proveedor; q el número de la retención o de un documento de sustento, la clave de acceso, o parte de la identificación o el nombre del proveedor.',
    fila: Retencion,
    nota: 'FAC_SUBTOTAL es la renta retenida, FAC_IVA el IVA retenido, FAC_TOTAL el total retenido.',
    totales: {
      respuesta: RetencionesTotales,
      sumas: 'renta, IVA, total retenidos',
      leer: ({ subtotal, ...t }) => ({ ...t, renta: subtotal }),
    },
    exportacion: { columnas: COLUMNAS_RETENCIONES, nombre: 'retenciones', hoja: 'Retenciones' },
  });

  app.get(
    '/sustentos',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary:
          'Los documentos sobre los que se puede retener: facturas y notas de débito recibidas y liquidaciones de compra propias autorizadas, sin retención viva',
        description:
          'De un proveedor (PRV_CODIGO) o un documento (REC_CODIGO, RSU_LIQUIDACION), los más antiguos primero (hasta 500 de cada clase). Con `fecha` (el día de la retención), cada uno lleva el aviso si la retención va más de 5 días después de él.',
        querystring: SustentosQuery,
        response: { 200: Type.Array(SustentoDisponible), ...errorResponses },
      },
    },
    async (request) => {
      const { fecha, ...filtro } = request.query;
      const lista = await sustentosDisponibles(db, empresaDe(request), filtro);
      return lista.map(({ documento: _documento, ESTADO: _estado, ...s }) => ({ ...s, aviso: fecha ? avisoTardio(s, fecha) : null }));
    },
  );

  app.get(
    '/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Una retención completa',
        description: SCOPE,
        params: Id,
        response: { 200: RetencionDetalle, ...errorResponses },
      },
    },
    async (request) => found(await buscarRetencion(db, empresaDe(request), request.params.id)),
  );

  app.post(
    '/',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Crea un borrador de retención',
        description: RULES,
        body: RetencionBorrador,
        response: { 201: RetencionDetalle, ...conErroresDeRetencion },
      },
    },
    async (request, reply) =>
      conErrores(reply, async () => reply.status(201).send(await crearRetencion(db, request.company!, request.body))),
  );

  app.put(
    '/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Reemplaza un borrador de retención (o una que el SRI devolvió o no autorizó)',
        description: `${RULES} Una emitida responde 409.`,
        params: Id,
        body: RetencionBorrador,
        response: { 200: RetencionDetalle, ...conErroresDeRetencion },
      },
    },
    async (request, reply) => conErrores(reply, () => editarRetencion(db, request.company!, request.params.id, request.body)),
  );

  rutaEmisionDirecta(app, ctx, emisionRetencion);

  rutasEmitido(app, ctx, {
    tipo: tipoRetencion,
    tags,
    roles: R,
    alcance,
    scope: SCOPE,
    destinatario: 'proveedor',
    buscar: (db, { empresa }, id) => buscarRetencion(db, empresa, id),
    detalle: RetencionDetalle,
    eliminar: (db, { empresa }, id) => eliminarRetencion(db, empresa, id),
    msg: {
      borradorSinDocumentos: NOTAS_MSG.borradorSinDocumentos(NOMBRE),
      noAutorizada: NOTAS_MSG.noAutorizada(NOMBRE),
      sinCorreo: 'El proveedor no tiene correo electrónico: escriba a quién enviarla.',
    },
    descripcion: {
      emitir:
        'En una transacción que bloquea sus documentos de sustento: las reglas se comprueban otra vez (otra retención pudo tomar un documento; un código pudo dejar de estar vigente), el secuencial del punto de emisión, el esquema y la firma. 400 con los motivos; 409 si ya fue emitida o si un documento ya tiene otra retención.',
      anular:
        'Guarda el motivo y la fecha; conserva su número y sigue en la lista, pero deja de contar y sus documentos de sustento vuelven a poder retenerse. 409 si no está autorizada.',
      consultar: 'Vuelve a RECIBIDA y se consulta una vez. 409 si no está sin respuesta.',
    },
  });
};

export default retencionesRoutes;
