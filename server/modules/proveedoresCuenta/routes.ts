import type { ModuleRoutes } from '../../core/context';
import { sendFile } from '../../core/download';
import { Archivo, errorResponses } from '../../core/schemas';
import { companyHeading } from '../clientesImportacion';
import { REPORT_TYPES } from '../cuentas';
import { CuentaProveedor, ProveedorParam, ReporteCuentaProveedorQuery } from './contract';
import { cuentaDelProveedor } from './service';
import { archivoCuentaProveedor, reporteCuentaProveedor } from './reportes';

const tags = ['Proveedores: cuenta'];
const ALCANCE =
  'Solo proveedores de la empresa de la sesión (otro responde 404). Suman las facturas y notas de débito recibidas del proveedor y nuestras liquidaciones de compra AUTORIZADAS a él; restan sus notas de crédito y lo retenido en nuestras retenciones AUTORIZADAS a él. Un borrador, un documento pendiente del SRI, devuelto o anulado no cuenta. Aún no se registran pagos a proveedores. Dinero como texto con 2 decimales.';

/** A supplier's account (what the company owes it) and the same as PDF or Excel. See contract.ts. */
const proveedoresCuentaRoutes: ModuleRoutes = (app, { db, guards }) => {
  app.get(
    '/:id/cuenta',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Cuenta de un proveedor: sus documentos, lo retenido y los movimientos con el saldo por pagar',
        description: `${ALCANCE} documentos: cada compra (y nota) con su total, lo retenido y su saldo; movimientos: por fecha con el saldo acumulado (haber: lo que aumenta la deuda; debe: lo que la reduce).`,
        params: ProveedorParam,
        response: { 200: CuentaProveedor, ...errorResponses },
      },
    },
    async (request) => cuentaDelProveedor(db, { empresa: request.company!.empresa, proveedor: request.params.id }),
  );

  app.get(
    '/:id/cuenta/reporte',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Cuenta de un proveedor en PDF o Excel',
        description: `${ALCANCE} formato: pdf o xlsx. Los totales, los documentos (total, retenido, saldo) y los movimientos con el saldo acumulado (en Excel, hojas Documentos y Movimientos). Nombre: cuenta-proveedor-<identificación>-<fecha>.pdf o .xlsx.`,
        params: ProveedorParam,
        querystring: ReporteCuentaProveedorQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato } = request.query;
      const empresa = request.company!.empresa;
      const cuenta = await cuentaDelProveedor(db, { empresa, proveedor: request.params.id });
      const company = await companyHeading(db, empresa);
      const body = await reporteCuentaProveedor(
        formato,
        { nombre: company?.nombre || company?.comercial || '', ruc: company?.ruc ?? '' },
        cuenta,
      );
      return sendFile(reply, {
        name: archivoCuentaProveedor(cuenta.proveedor.PRV_IDENTIFICACION, formato),
        type: REPORT_TYPES[formato],
        body,
      });
    },
  );
};

export default proveedoresCuentaRoutes;
