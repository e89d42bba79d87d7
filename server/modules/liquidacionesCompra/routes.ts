import type { ModuleRoutes } from '../../core/context';
import type { ColumnaExportacion } from '../../core/export';
import { found, HttpError } from '../../core/errors';
import { errorResponses, IdParam } from '../../core/schemas';
import { ErroresFactura } from '../../../domain/contratos/facturas';
import { ROLES_PERMITIDOS } from '../../../domain/roles';
import { columnasDocumento, conErrores, documentoEmitido, rutaEmisionDirecta, rutasEmitido, rutasLista } from '../comprobantes';
import { emisionLiquidacion } from './emision';
import {
  LIQUIDACIONES_MSG,
  LiquidacionCompra,
  LiquidacionCompraBorrador,
  LiquidacionCompraDetalle,
  LiquidacionesTotales,
} from './contract';
import { crearLiquidacion, editarLiquidacion, eliminarLiquidacion } from './borradores';
import { findLiquidacion, LISTA_LIQUIDACIONES, retencionDe, type LiquidacionExportada } from './repo';
import { tipoLiquidacion } from './tipo';

const tags = ['Liquidaciones de compra'];
const R = ROLES_PERMITIDOS.liquidacionesCompra;
const SCOPE = 'Solo las liquidaciones de compra de la empresa de la sesión (la de otra empresa responde 404).';
const RULES =
  'El proveedor (PRV_CODIGO) y el punto de emisión deben ser de la empresa (404); el proveedor activo e identificado con cédula (05), pasaporte (06) o identificación del exterior (08): quien tiene RUC entrega su factura (400). Líneas de 1 a 1000, con su IVA por tarifa y sin ICE; las formas de pago suman el total. El servidor recalcula la liquidación como una factura y responde 400 con los motivos en español si rompe una regla o si los totales enviados (totalSinImpuestos, totalDescuento, totalIva, importeTotal) no coinciden al centavo.';
const Id = IdParam('id');
const withErrors = { ...errorResponses, 400: ErroresFactura };

/** The export: the document's columns with the supplier. */
const COLUMNAS: Array<ColumnaExportacion<LiquidacionExportada>> = columnasDocumento<LiquidacionExportada>({ receptor: 'Proveedor' });

/**
 * The company application's liquidaciones de compra (resource `liquidacionesCompra`, menu `liquidacionesCompra`):
 * drafts, issuing through the document core, the downloads, the email to the supplier and the annulment. The route
 * list is in domain/contratos/liquidacionesCompra.ts.
 */
const liquidacionesRoutes: ModuleRoutes = async (app, ctx) => {
  const { db, guards } = ctx;
  const empresaDe = (request: { company?: { empresa: number } }) => request.company!.empresa;
  const alcance = (request: { company?: { empresa: number } }) => ({ empresa: empresaDe(request) });

  rutasLista(app, ctx, {
    lista: LISTA_LIQUIDACIONES,
    tags,
    plural: 'liquidaciones de compra',
    scope: SCOPE,
    alcance,
    filtros:
      'FAC_ESTADO uno o una lista; desde y hasta fechas AAAA-MM-DD de emisión; PRV_CODIGO el proveedor; q el número, la clave de acceso, o parte de la identificación o el nombre del proveedor.',
    fila: LiquidacionCompra,
    totales: { respuesta: LiquidacionesTotales },
    exportacion: { columnas: COLUMNAS, nombre: 'liquidaciones-compra', hoja: 'Liquidaciones de compra' },
  });

  app.get(
    '/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Una liquidación de compra completa, con la retención emitida sobre ella (RETENCION) si la hay',
        description: SCOPE,
        params: Id,
        response: { 200: LiquidacionCompraDetalle, ...errorResponses },
      },
    },
    async (request) => found(await findLiquidacion(db, empresaDe(request), request.params.id)),
  );

  app.post(
    '/',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Crea un borrador de liquidación de compra',
        description: RULES,
        body: LiquidacionCompraBorrador,
        response: { 201: LiquidacionCompraDetalle, ...withErrors },
      },
    },
    async (request, reply) =>
      conErrores(reply, async () => reply.status(201).send(await crearLiquidacion(db, request.company!, request.body))),
  );

  app.put(
    '/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Reemplaza un borrador de liquidación de compra (o una que el SRI devolvió)',
        description: `${SCOPE} ${RULES} Una emitida responde 409.`,
        params: Id,
        body: LiquidacionCompraBorrador,
        response: { 200: LiquidacionCompraDetalle, ...withErrors },
      },
    },
    async (request, reply) => conErrores(reply, () => editarLiquidacion(db, request.company!, request.params.id, request.body)),
  );

  rutaEmisionDirecta(app, ctx, emisionLiquidacion);

  rutasEmitido(app, ctx, {
    tipo: tipoLiquidacion,
    tags,
    roles: R,
    alcance,
    scope: SCOPE,
    destinatario: 'proveedor',
    buscar: (db, { empresa }, id) => findLiquidacion(db, empresa, id),
    detalle: LiquidacionCompraDetalle,
    eliminar: (db, { empresa }, id) => eliminarLiquidacion(db, empresa, id),
    msg: LIQUIDACIONES_MSG,
    descripcion: {
      emitir:
        'Como una factura: el secuencial del punto de emisión para el tipo 03, el esquema LiquidacionCompra_V1.1.0 y la firma electrónica de la empresa; cuenta en el plan. 400 con el motivo (sin firma, sin plan, el proveedor ya no admite liquidación, un campo que el esquema rechaza); 409 si ya fue emitida.',
      anular:
        'Guarda el motivo y la fecha; sigue en la lista pero no suma. 409 si no está autorizada o si una retención sin anular se emitió sobre ella.',
      consultar: '409 si no está sin respuesta.',
    },
    async antesDeAnular(db, alcance, id) {
      if (!(await retencionDe(db, id))) return;
      // Only the company's own: another's id answers 404 here, before any word about its retención.
      found(await documentoEmitido(db, alcance, id, tipoLiquidacion.codDoc));
      throw new HttpError(409, LIQUIDACIONES_MSG.conRetencion);
    },
  });
};

export default liquidacionesRoutes;
