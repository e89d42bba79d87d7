import type { FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../core/context';
import type { Db } from '../../infra/db/client';
import { sendFile } from '../../core/download';
import { Archivo, errorResponses } from '../../core/schemas';
import { findVisibleClient } from '../clientes';
import { companyHeading } from '../clientesImportacion';
import {
  AnularCobroBody,
  Cartera,
  CarteraDeCliente,
  Cobro,
  CobroBody,
  CobroParam,
  ClienteParam,
  EstadoCuenta,
  PeriodoQuery,
  ReporteCuentaQuery,
  ReporteSaldosQuery,
  Saldo,
  ValorFactura,
  ValorNeto,
} from './contract';
import { cobrosDelCliente, facturasDelCliente, saldo, saldosPorCliente, valorFacturado, valorNeto } from './repo';
import { alcance, cartera, carteraDelCliente, deshacerCobro, movimientos, registrarCobro } from './service';
import { sumarDias } from '../../../domain/fechas';
import {
  archivoCartera,
  archivoCarteraCliente,
  archivoEstadoCuenta,
  archivoSaldos,
  REPORT_TYPES,
  reporteCartera,
  reporteCarteraCliente,
  reporteEstadoCuenta,
  reporteSaldos,
} from './reportes';
import { ROLES_PERMITIDOS } from '../../../domain/roles';

const tags = ['Clientes: cuentas'];
const SCOPE =
  'Solo clientes de la empresa de la sesión; un vendedor, solo los suyos (otro cliente responde 404). Cuentan solo las facturas AUTORIZADAS (no los borradores, las pendientes del SRI, las devueltas ni las anuladas), cada una con sus notas de débito (suman) y de crédito (restan) AUTORIZADAS: una nota en otro estado, o anulada, no cuenta. Lo facturado es el importe de las facturas después de sus notas.';
const VENCIMIENTO =
  'Una factura vence en su fecha más el plazo más largo de sus formas de pago (días, meses o años); sin plazo, en su fecha. Está vencida desde el día siguiente.';
const TRAMOS =
  'Antigüedad al día de hoy en Ecuador (hoy): el saldo de cada factura va a un tramo según los días transcurridos desde su vencimiento: porVencer (aún no vence o vence hoy), dias1a30, dias31a60, dias61a90 y mas90 (más de 90 días); saldo es su suma. Dinero como texto con 2 decimales.';

/** The statement of a client the caller may see (404 otherwise). */
async function estadoCuenta(db: Db, request: FastifyRequest, id: number, periodo: PeriodoQuery): Promise<EstadoCuenta> {
  const client = await findVisibleClient(db, request.company!, id);
  const a = { ...alcance(request.company!, periodo), cliente: id };
  // What the client owes of the invoices before the period: the balance it starts the period with.
  const { desde, ...sinDesde } = a;
  const [facturas, cobros, movs, totales, anterior] = await Promise.all([
    facturasDelCliente(db, a),
    cobrosDelCliente(db, a),
    movimientos(db, a),
    saldo(db, a),
    desde ? saldo(db, { ...sinDesde, hasta: sumarDias(desde, -1) }) : null,
  ]);
  return {
    cliente: { CLI_CODIGO: client.CLI_CODIGO, CLI_IDENTIFICACION: client.CLI_IDENTIFICACION, CLI_RAZON_SOCIAL: client.CLI_RAZON_SOCIAL },
    hoy: a.hoy,
    desde: a.desde ?? null,
    hasta: a.hasta ?? null,
    facturas,
    cobros,
    movimientos: movs,
    totales,
    anterior,
  };
}

async function empresaDe(db: Db, empresa: number) {
  const company = await companyHeading(db, empresa);
  return { nombre: company?.nombre || company?.comercial || '', ruc: company?.ruc ?? '' };
}

/**
 * The clients' accounts: what was invoiced to a client, its statement and balance, collections
 * and their undoing, the company's receivable, and the statement and balances as PDF or Excel. See contract.ts.
 */
const cuentasRoutes: ModuleRoutes = (app, { db, guards }) => {
  app.get(
    '/valorFactura/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Lo facturado a un cliente: cantidad e importe de sus facturas autorizadas',
        description: SCOPE,
        params: ClienteParam,
        response: { 200: ValorFactura, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      await findVisibleClient(db, request.company!, id);
      return { CLI_CODIGO: id, ...(await valorFacturado(db, { ...alcance(request.company!), cliente: id })) };
    },
  );

  app.get(
    '/estadoCuenta/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Estado de cuenta de un cliente: facturas con vencimiento y saldo, cobros y totales',
        description: `${SCOPE} ${VENCIMIENTO} Cobros vigentes y anulados (con motivo), cada uno con lo aplicado a cada factura. desde y hasta (AAAA-MM-DD, opcionales) limitan las facturas (por su fecha) y los cobros (por la suya); los totales son los de las facturas mostradas, y anterior (con desde) el saldo de las facturas anteriores al período. movimientos: cada factura mostrada, sus notas autorizadas y los cobros aplicados a ellas, por fecha, con el saldo acumulado.`,
        params: ClienteParam,
        querystring: PeriodoQuery,
        response: { 200: EstadoCuenta, ...errorResponses },
      },
    },
    async (request) => estadoCuenta(db, request, request.params.id, request.query),
  );

  app.get(
    '/saldoEstadoCuenta/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Saldo de un cliente: facturado, cobrado, saldo y vencido',
        description: `${SCOPE} ${VENCIMIENTO}`,
        params: ClienteParam,
        response: { 200: Saldo, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      await findVisibleClient(db, request.company!, id);
      return saldo(db, { ...alcance(request.company!), cliente: id });
    },
  );

  app.post(
    '/cobroEstadoCuenta/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Registra un cobro del cliente, aplicado a una o más de sus facturas',
        description: `${SCOPE} fecha (no posterior a hoy), valor (mayor que cero, hasta 2 decimales), forma (formaPago del SRI), referencia opcional y aplicaciones [{ FAC_CODIGO, valor }] que suman el valor; sin aplicaciones se aplica a las facturas que vencen primero. Nunca se aplica a una factura más de lo que debe después de sus notas, ni a una que no es del cliente o no está autorizada, ni a una nota: 400 con el motivo, y no se guarda nada. Una factura de otra empresa responde 404. Dos cobros a la vez sobre la misma factura se atienden uno tras otro (las facturas se bloquean).`,
        params: ClienteParam,
        body: CobroBody,
        response: { 201: Cobro, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await findVisibleClient(db, request.company!, id);
      return reply.code(201).send(await registrarCobro(db, request.company!, id, request.body));
    },
  );

  app.post(
    '/cobroEstadoCuenta/:cobro/anular',
    {
      onRequest: guards.company,
      config: { roles: ROLES_PERMITIDOS.cobros.anular },
      schema: {
        tags,
        summary: 'Anula un cobro con su motivo: queda en el historial y sus valores vuelven al saldo de las facturas',
        description: `${SCOPE} Un cobro ya anulado responde 409.`,
        params: CobroParam,
        body: AnularCobroBody,
        response: { 200: Cobro, ...errorResponses },
      },
    },
    async (request) => deshacerCobro(db, request.company!, request.params.cobro, request.body.motivo),
  );

  app.get(
    '/valorNeto',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Cartera de la empresa: facturado, cobrado, saldo y vencido de todos sus clientes',
        description: `${SCOPE} ${VENCIMIENTO} clientes: cuántos tienen saldo.`,
        response: { 200: ValorNeto, ...errorResponses },
      },
    },
    async (request) => {
      const a = alcance(request.company!);
      return { ...(await valorNeto(db, a)), hoy: a.hoy };
    },
  );

  app.get(
    '/estadoCuenta/:id/reporte',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Estado de cuenta de un cliente en PDF o Excel',
        description: `${SCOPE} formato: pdf o xlsx; desde y hasta como en estadoCuenta. Los totales (con notas: lo facturado, las notas de crédito y de débito), las facturas con vencimiento, sus notas, cobrado, saldo y días vencida (en Excel las notas van en las dos últimas columnas), los movimientos por fecha con el saldo acumulado (en Excel, hoja Movimientos) y los cobros (los anulados, tachados con su motivo; en Excel en su propia hoja). Nombre: estado-cuenta-<identificación>-<fecha>.pdf o .xlsx.`,
        params: ClienteParam,
        querystring: ReporteCuentaQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato, desde, hasta } = request.query;
      const estado = await estadoCuenta(db, request, request.params.id, { desde, hasta });
      const empresa = await empresaDe(db, request.company!.empresa);
      const body = await reporteEstadoCuenta(formato, empresa, estado);
      return sendFile(reply, { name: archivoEstadoCuenta(estado.cliente.CLI_IDENTIFICACION, formato), type: REPORT_TYPES[formato], body });
    },
  );

  app.get(
    '/saldos/reporte',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Saldos de los clientes en PDF o Excel',
        description: `${SCOPE} formato: pdf o xlsx. Arriba la cartera de la empresa (facturado, cobrado, saldo, vencido); luego cada cliente con saldo: identificación, razón social, facturado, cobrado, saldo y vencido, por nombre, y la suma de esas filas. Nombre: saldos-clientes-<RUC>-<fecha>.pdf o .xlsx.`,
        querystring: ReporteSaldosQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato } = request.query;
      const a = alcance(request.company!);
      const [filas, totales, empresa] = await Promise.all([saldosPorCliente(db, a), saldo(db, a), empresaDe(db, a.empresa)]);
      const body = await reporteSaldos(formato, empresa, filas, totales, a.hoy);
      return sendFile(reply, { name: archivoSaldos(empresa.ruc, formato), type: REPORT_TYPES[formato], body });
    },
  );

  app.get(
    '/cartera',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Antigüedad de cartera: el saldo de cada cliente por tramos de días vencidos, con totales',
        description: `${SCOPE} ${VENCIMIENTO} ${TRAMOS} clientes: cada cliente con saldo, por razón social; totales: los de todos (un vendedor, los de sus clientes).`,
        response: { 200: Cartera, ...errorResponses },
      },
    },
    async (request) => cartera(db, request.company!),
  );

  app.get(
    '/cartera/reporte',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Antigüedad de cartera en PDF o Excel',
        description: `${SCOPE} formato: pdf o xlsx. Los totales por tramo y cada cliente con saldo (identificación, razón social, tramos y saldo), con la fila de totales. Nombre: antiguedad-cartera-<RUC>-<fecha>.pdf o .xlsx.`,
        querystring: ReporteSaldosQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato } = request.query;
      const [datos, empresa] = await Promise.all([cartera(db, request.company!), empresaDe(db, request.company!.empresa)]);
      const body = await reporteCartera(formato, empresa, datos);
      return sendFile(reply, { name: archivoCartera(empresa.ruc, formato), type: REPORT_TYPES[formato], body });
    },
  );

  app.get(
    '/cartera/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Antigüedad de cartera de un cliente: sus facturas con saldo, cada una en su tramo',
        description: `${SCOPE} ${VENCIMIENTO} ${TRAMOS} facturas: las autorizadas con saldo, la que vence primero arriba, con vencimiento, días vencida y tramo.`,
        params: ClienteParam,
        response: { 200: CarteraDeCliente, ...errorResponses },
      },
    },
    async (request) => carteraDelCliente(db, request.company!, request.params.id),
  );

  app.get(
    '/cartera/:id/reporte',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Antigüedad de cartera de un cliente en PDF o Excel',
        description: `${SCOPE} formato: pdf o xlsx. Los totales por tramo y las facturas con saldo (vencimiento, días vencida y tramo). Nombre: antiguedad-cartera-cliente-<identificación>-<fecha>.pdf o .xlsx.`,
        params: ClienteParam,
        querystring: ReporteSaldosQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato } = request.query;
      const datos = await carteraDelCliente(db, request.company!, request.params.id);
      const empresa = await empresaDe(db, request.company!.empresa);
      const body = await reporteCarteraCliente(formato, empresa, datos);
      return sendFile(reply, { name: archivoCarteraCliente(datos.cliente.CLI_IDENTIFICACION, formato), type: REPORT_TYPES[formato], body });
    },
  );
};

export default cuentasRoutes;
