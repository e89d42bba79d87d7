/**
 * The purchase side of the living demo (vivo.ts), through the real routes: Ferretería El Tornillo's suppliers (one of
 * them in the RIMPE regime, as the demo's flags service answers), the invoices Comercial Andina issued to it imported
 * as received documents (one by its access key, asked to the local SRI; the others as the authorized XML files the
 * store got by email), a retención of the store over one of them, a liquidación de compra to a supplier with a cédula
 * only, and Andina's retención over the store's invoice to it, imported by the store and applied as a collection.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { calcularFactura } from '../../domain/facturas';
import { sumarDias } from '../../domain/fechas';
import type { ResultadoImportacion, RecibidoDetalle } from '../../domain/contratos/recibidos';
import type { CodigoRetencionVigente } from '../../domain/contratos/codigosRetencion';
import { proveedoresTornillo } from './datos';
import { formulario, type Envio } from './formulario';

type Metodo = 'GET' | 'POST' | 'PUT';
/** The demo's call of a route: the JSON answer, or the text of another (an XML); a 4xx or 5xx throws. */
export type ApiDemo = <T>(metodo: Metodo, url: string, token?: string, cuerpo?: object, envio?: Envio) => Promise<T>;
type Sesion = { token: string; empresa: number };
/** An authorized invoice of one demo company to the other. */
export type FacturaEntreEmpresas = { id: number; clave: string };

/** What the purchase side left, for the start-up message and the tests. */
export type ResumenCompras = {
  proveedores: number;
  recibidos: number;
  /** The states of the store's retención and liquidación, and of Andina's retención to the store. */
  retencion: string;
  liquidacion: string;
  retencionDeCliente: string;
  /** What the store's import said of Andina's retención (applied to which invoice). */
  aplicacion: string | null;
};

/**
 * The SRI's taxpayer record for the flags the store asks about (GET /<ruc>): RIMPE for the craftsman, the general
 * regime for anyone else. In-process on a free port, like the local SRI; only the demo's temporary app asks it.
 */
export async function iniciarBanderasDemo(): Promise<{ url: string; rucs: string[]; close: () => Promise<void> }> {
  const rimpe = proveedoresTornillo().rimpe.PRV_IDENTIFICACION;
  const servidor = http.createServer((req, res) => {
    const ruc = decodeURIComponent((req.url ?? '').split('/').pop() ?? '');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        numeroRuc: ruc,
        regimen: ruc === rimpe ? 'RIMPE - EMPRENDEDOR' : 'GENERAL',
        contribuyenteEspecial: 'NO',
        agenteRetencion: 'NO',
      }),
    );
  });
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  const { port } = servidor.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    rucs: [rimpe],
    close: () => new Promise<void>((resolve) => servidor.close(() => resolve())),
  };
}

/** One withholding code in force on `fecha` (GET /api/codigosRetencion), by tax (1 renta, 2 IVA) and SRI code. */
async function codigoVigente(api: ApiDemo, token: string, fecha: string, impuesto: '1' | '2', codigo: string) {
  const filas = await api<CodigoRetencionVigente[]>('GET', `/api/codigosRetencion?fecha=${fecha}&impuesto=${impuesto}`, token);
  const fila = filas.find((f) => f.RCO_CODIGO === codigo);
  if (!fila) throw new Error(`No hay un código de retención ${codigo} vigente el ${fecha}`);
  return fila.RCO_ID;
}

/** The only document of an import, which must have been imported. */
function importado(resultado: ResultadoImportacion) {
  const malos = resultado.resultados.filter((r) => r.estado !== 'importado');
  if (malos.length) throw new Error(`importación de recibidos: ${malos.map((r) => `${r.origen}: ${r.mensaje}`).join('; ')}`);
  return resultado.resultados.map((r) => r.REC_CODIGO!);
}

/**
 * A retención of `sesion` over one received invoice: income tax 312 (goods) on its subtotal and 30 % of its IVA
 * (code 1), issued. Its id.
 */
async function retenerSobre(api: ApiDemo, sesion: Sesion, punto: number, fecha: string, recibido: number) {
  const doc = await api<RecibidoDetalle>('GET', `/api/recibidos/${recibido}`, sesion.token);
  const renta = await codigoVigente(api, sesion.token, fecha, '1', '312');
  const iva = await codigoVigente(api, sesion.token, fecha, '2', '1');
  const { FAC_CODIGO } = await api<{ FAC_CODIGO: number }>('POST', '/api/retenciones', sesion.token, {
    PRV_CODIGO: doc.PRV_CODIGO,
    PEM_CODIGO: punto,
    FAC_FECHA: fecha,
    sustentos: [
      {
        REC_CODIGO: recibido,
        RSU_SUSTENTO: '01',
        retenciones: [
          { RCO_ID: renta, RDE_BASE: doc.REC_SUBTOTAL },
          { RCO_ID: iva, RDE_BASE: doc.REC_IVA },
        ],
      },
    ],
  });
  await api('POST', `/api/retenciones/${FAC_CODIGO}/emitir`, sesion.token);
  return FAC_CODIGO;
}

/** A liquidación de compra to the supplier with a cédula: shelves he built for the store's warehouse, issued. */
async function liquidar(api: ApiDemo, sesion: Sesion, punto: number, fecha: string, proveedor: number) {
  const lineas = [
    { FDE_DESCRIPCION: 'Fabricación de estanterías de madera para bodega', FDE_CANTIDAD: '6', FDE_PRECIO: '45.00', FDE_IVA: '4' },
    { FDE_DESCRIPCION: 'Instalación y anclaje de las estanterías', FDE_CANTIDAD: '1', FDE_PRECIO: '60.00', FDE_IVA: '4' },
  ].map((l) => ({ ...l, FDE_DESCUENTO: '0.00' }));
  const calculo = calcularFactura({
    lineas: lineas.map((l) => ({ cantidad: l.FDE_CANTIDAD, precioUnitario: l.FDE_PRECIO, descuento: '0', codigoPorcentaje: l.FDE_IVA })),
    pagos: [],
  });
  const { FAC_CODIGO } = await api<{ FAC_CODIGO: number }>('POST', '/api/liquidacionesCompra', sesion.token, {
    PEM_CODIGO: punto,
    PRV_CODIGO: proveedor,
    FAC_FECHA: fecha,
    lineas,
    pagos: [{ FPA_FORMA: '01', FPA_TOTAL: calculo.importeTotal }],
    totalSinImpuestos: calculo.totalSinImpuestos,
    totalDescuento: calculo.totalDescuento,
    totalIva: calculo.totalIva,
    importeTotal: calculo.importeTotal,
  });
  await api('POST', `/api/liquidacionesCompra/${FAC_CODIGO}/emitir`, sesion.token);
  return FAC_CODIGO;
}

/** Authorized XML files as a multipart upload to /api/recibidos/archivos. */
const archivosAutorizados = (xmls: Array<{ nombre: string; xml: string }>) =>
  formulario(
    xmls.map(({ nombre, xml }) => ({ nombre: 'archivos', archivo: nombre, tipo: 'application/xml', contenido: Buffer.from(xml) })),
  );

/**
 * The purchase side, once the queue authorized the invoices between the companies: `aTornillo` Andina's to the store
 * (the first imported by key, the rest as files), `aAndina` the store's to Andina. `colaVacia` waits for the SRI's queue.
 */
export async function comprasDemo(
  api: ApiDemo,
  c: {
    andina: Sesion;
    tornillo: Sesion;
    puntos: Map<number, number>;
    hoy: string;
    aTornillo: FacturaEntreEmpresas[];
    aAndina: FacturaEntreEmpresas;
    colaVacia: () => Promise<void>;
  },
): Promise<ResumenCompras> {
  const { andina, tornillo, hoy } = c;
  const puntoTornillo = c.puntos.get(tornillo.empresa)!;
  const puntoAndina = c.puntos.get(andina.empresa)!;

  // The store's side: its book of suppliers and what it buys from them.
  const tienda = async () => {
    const creados: Record<string, number> = {};
    for (const [nombre, proveedor] of Object.entries(proveedoresTornillo())) {
      creados[nombre] = (await api<{ PRV_CODIGO: number }>('POST', '/api/proveedores', tornillo.token, proveedor)).PRV_CODIGO;
    }
    await api('POST', `/api/proveedores/${creados.rimpe}/banderas`, tornillo.token);
    const liquidacion = await liquidar(api, tornillo, puntoTornillo, sumarDias(hoy, -1), creados.cedula!);
    // Andina's invoices: the first by its access key (the SRI is asked for it), the others as the files it emailed.
    const [porClave, ...porArchivo] = c.aTornillo;
    const [retenible] = importado(await api('POST', '/api/recibidos/claves', tornillo.token, { claves: porClave!.clave }));
    const xmls = await Promise.all(
      porArchivo.map(async (f) => ({
        nombre: `${f.clave}.xml`,
        xml: await api<string>('GET', `/api/facturas/${f.id}/autorizado`, andina.token),
      })),
    );
    importado(await api('POST', '/api/recibidos/archivos', tornillo.token, {}, archivosAutorizados(xmls)));
    const retencion = await retenerSobre(api, tornillo, puntoTornillo, hoy, retenible!);
    return { liquidacion, retencion };
  };

  // Andina, the store's client, withholds on the store's invoice to it; the store imports that retención.
  const cliente = async () => {
    const [recibido] = importado(await api('POST', '/api/recibidos/claves', andina.token, { claves: c.aAndina.clave }));
    return retenerSobre(api, andina, puntoAndina, hoy, recibido!);
  };

  const [propias, deCliente] = await Promise.all([tienda(), cliente()]);
  await c.colaVacia();
  const xml = await api<string>('GET', `/api/retenciones/${deCliente}/autorizado`, andina.token);
  const aplicada = await api<ResultadoImportacion>(
    'POST',
    '/api/recibidos/archivos',
    tornillo.token,
    {},
    archivosAutorizados([{ nombre: 'retencion-comercial-andina.xml', xml }]),
  );
  importado(aplicada);

  const estado = async (url: string, token: string) => (await api<{ FAC_ESTADO: string }>('GET', url, token)).FAC_ESTADO;
  return {
    proveedores: Object.keys(proveedoresTornillo()).length + 1,
    recibidos: c.aTornillo.length + 1,
    retencion: await estado(`/api/retenciones/${propias.retencion}`, tornillo.token),
    liquidacion: await estado(`/api/liquidacionesCompra/${propias.liquidacion}`, tornillo.token),
    retencionDeCliente: await estado(`/api/retenciones/${deCliente}`, andina.token),
    aplicacion: aplicada.resultados[0]?.mensaje ?? null,
  };
}
