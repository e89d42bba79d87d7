/**
 * The goods' side of the living demo (vivo.ts), through the real routes: Ferretería El Tornillo's carriers (a transport
 * company with its RUC and truck, a driver with a cédula and his van), a guía de remisión issued from one of its
 * authorized invoices (the SRI's queue authorizes it and emails it to the buyer), and its quotes in every state: one
 * still a draft, one emailed, one accepted and turned into an invoice draft, one the client declined and one whose
 * validity ran out. The store has a single establishment, so it makes no transfer between establishments.
 */
import { calcularFactura } from '../../domain/facturas';
import { sumarDias } from '../../domain/fechas';
import type { GuiaDesdeFactura, GuiaRemisionDetalle } from '../../domain/contratos/guiasRemision';
import type { EstadoOferta, OfertaDetalle } from '../../domain/contratos/ofertas';
import type { Transportista } from '../../domain/contratos/transportistas';
import { transportistasTornillo } from './datos';
import type { ApiDemo } from './compras';

type Sesion = { token: string; empresa: number };
type Producto = {
  CAT_CODIGO: number;
  CAT_PRINCIPAL: string;
  CAT_DESCRIPCION: string;
  CAT_PRECIO: string;
  CAT_IVA: string;
  CAT_TIPO?: string;
};
type Cliente = { CLI_CODIGO: number; CLI_CONSUMIDOR_FINAL: boolean };

/** What the goods' side left, for the start-up message and the tests. */
export type ResumenLogistica = {
  transportistas: number;
  /** The guía issued from an invoice: its id and its state once the queue is done with it. */
  guia: { id: number; estado: string };
  /** Each quote's state as the list answers it (VENCIDA by date), in the order they were made. */
  ofertas: EstadoOferta[];
  /** The invoice draft the accepted quote became. */
  facturaDeOferta: number;
};

/** The lines and totals of a quote of `cantidades` units of `productos` (the invoice's calculation). */
function lineasDeOferta(productos: Producto[], cantidades: number[]) {
  const lineas = productos.map((p, i) => ({
    CAT_CODIGO: p.CAT_CODIGO,
    FDE_PRINCIPAL: p.CAT_PRINCIPAL,
    FDE_DESCRIPCION: p.CAT_DESCRIPCION,
    FDE_CANTIDAD: String(cantidades[i % cantidades.length]),
    FDE_PRECIO: p.CAT_PRECIO,
    FDE_DESCUENTO: '0.00',
    FDE_IVA: p.CAT_IVA,
  }));
  const calculo = calcularFactura({
    lineas: lineas.map((l) => ({ cantidad: l.FDE_CANTIDAD, precioUnitario: l.FDE_PRECIO, descuento: '0', codigoPorcentaje: l.FDE_IVA })),
    pagos: [],
  });
  return {
    lineas,
    totalSinImpuestos: calculo.totalSinImpuestos,
    totalDescuento: calculo.totalDescuento,
    totalIva: calculo.totalIva,
    importeTotal: calculo.importeTotal,
  };
}

/**
 * The carriers, the guía of `factura` (an AUTORIZADA invoice of the store to an identified client; its queue runs on
 * while this returns: the caller waits for it and reads the guía's state with `estadoGuia`) and the quotes.
 */
export async function logisticaDemo(
  api: ApiDemo,
  c: { tornillo: Sesion; punto: number; hoy: string; factura: number; clientes: Cliente[]; productos: Producto[] },
): Promise<Omit<ResumenLogistica, 'guia'> & { guia: number }> {
  const { token } = c.tornillo;
  const creados: Transportista[] = [];
  for (const transportista of Object.values(transportistasTornillo())) {
    creados.push(await api<Transportista>('POST', '/api/transportistas', token, transportista));
  }
  const [empresa] = creados;

  // The goods of an invoice leave on the transport company's truck, that same day.
  const desde = await api<GuiaDesdeFactura>('GET', `/api/guiasRemision/desdeFactura/${c.factura}`, token);
  const guia = await api<GuiaRemisionDetalle>('POST', '/api/guiasRemision', token, {
    ...desde,
    TRA_CODIGO: empresa!.TRA_CODIGO,
    GUI_PLACA: empresa!.TRA_PLACA,
    destinatarios: desde.destinatarios.map((d) => ({ ...d, GDE_RUTA: 'Centro de Quito - domicilio del cliente' })),
  });
  await api('POST', `/api/guiasRemision/${guia.FAC_CODIGO}/emitir`, token);

  // The quotes: goods, to identified clients, each valid fifteen days from its date.
  const bienes = c.productos.filter((p) => p.CAT_TIPO !== 'S');
  const clientes = c.clientes.filter((cl) => !cl.CLI_CONSUMIDOR_FINAL);
  const ofertar = async (i: number, fecha: string, notas: string) =>
    api<OfertaDetalle>('POST', '/api/ofertas', token, {
      CLI_CODIGO: clientes[(i * 3) % clientes.length]!.CLI_CODIGO,
      OFE_FECHA: fecha,
      OFE_VALIDEZ: sumarDias(fecha, 15),
      OFE_NOTAS: notas,
      ...lineasDeOferta(
        [0, 1, 2].map((k) => bienes[(i * 5 + k * 7) % bienes.length]!),
        [10 + i * 5, 4, 25],
      ),
    });
  const enviar = (id: number) => api<OfertaDetalle>('POST', `/api/ofertas/${id}/correo`, token);
  const vencida = await ofertar(0, sumarDias(c.hoy, -40), 'Precios sujetos a disponibilidad de bodega.');
  const rechazada = await ofertar(1, sumarDias(c.hoy, -9), 'Entrega en obra sin costo dentro de Quito.');
  await enviar(rechazada.OFE_CODIGO);
  await api('POST', `/api/ofertas/${rechazada.OFE_CODIGO}/rechazar`, token);
  const aceptada = await ofertar(2, sumarDias(c.hoy, -5), 'Forma de pago: 50 % de anticipo y 50 % contra entrega.');
  await enviar(aceptada.OFE_CODIGO);
  await api('POST', `/api/ofertas/${aceptada.OFE_CODIGO}/aceptar`, token);
  const facturada = await api<OfertaDetalle>('POST', `/api/ofertas/${aceptada.OFE_CODIGO}/facturar`, token, { PEM_CODIGO: c.punto });
  const enviada = await ofertar(3, sumarDias(c.hoy, -2), 'Incluye transporte hasta la obra.');
  await enviar(enviada.OFE_CODIGO);
  const borrador = await ofertar(4, c.hoy, 'Cotización preliminar: confirmar medidas antes de enviarla.');

  const estados: EstadoOferta[] = [];
  for (const oferta of [borrador, enviada, facturada, rechazada, vencida]) {
    estados.push((await api<OfertaDetalle>('GET', `/api/ofertas/${oferta.OFE_CODIGO}`, token)).OFE_ESTADO as EstadoOferta);
  }
  return { transportistas: creados.length, guia: guia.FAC_CODIGO, ofertas: estados, facturaDeOferta: facturada.FAC_CODIGO! };
}

/** The guía's state once the queue is done with it (AUTORIZADA unless something went wrong). */
export async function estadoGuia(api: ApiDemo, token: string, id: number) {
  return (await api<GuiaRemisionDetalle>('GET', `/api/guiasRemision/${id}`, token)).FAC_ESTADO;
}
