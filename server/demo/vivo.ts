/**
 * The living demo: on `npm start`'s first start (a fresh PGlite, DEMO_VIVO not false), Comercial Andina and Ferretería
 * El Tornillo get clients, products, invoices in every final state with collections, a nota de crédito and a nota de
 * débito of the hardware store, its purchases (compras.ts), its carriers, a guía de remisión and quotes in every state
 * (logistica.ts), support tickets at different stages, audit entries and sign-ins, so that a newcomer sees Amelia at
 * work.
 *
 * Nothing is written by hand: a temporary app on the same database (buildApp) is driven through its real HTTP routes
 * (app.inject), so validation, plans, signatures, sequentials, the SRI queue, the plans' consumption and the audit log
 * all run for real, and every AUTORIZADA invoice and note went through the pipeline against a local SRI (server/sri-local) started
 * in-process on a free port, in the test environment. The local SRI answers DEVUELTA on its own to a date outside its
 * tolerance, and NO AUTORIZADO to a key it is told to refuse. When the queue is empty the temporary app closes (not the
 * database) and the local SRI stops; whatever happens, no document is left on the queue for the real SRI.
 */
import { count, inArray, like, or } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../infra/db/client';
import { consultasCache, facturas as facturasTabla, sriCola } from '../infra/db/schema';
import { buildApp } from '../app';
import { iniciarSriLocal, type SriLocal } from '../sri-local';
import { buildDemoPkcs12 } from '../infra/db/demo-certificate';
import { DEMO } from '../infra/db/demo-accounts';
import { DEMO_SIGNATURE_PASSWORD } from '../infra/db/seed';
import { calcularFactura } from '../../domain/facturas';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import { azar, CLIENTES_ENTRE_EMPRESAS, clientesDemo, PRODUCTOS_ANDINA, PRODUCTOS_TORNILLO, type ProductoDemo } from './datos';
import { comprasDemo, iniciarBanderasDemo, type ApiDemo, type ResumenCompras } from './compras';
import { formulario, type Envio } from './formulario';
import { estadoGuia, logisticaDemo, type ResumenLogistica } from './logistica';

const API = '/api/EmpresasAmelia';
/** How long the queue may take to answer every issued invoice before the demo gives up waiting. */
const PLAZO_COLA_MS = 60_000;

type Metodo = 'GET' | 'POST' | 'PUT';
type Inyector = Awaited<ReturnType<typeof buildApp>>['app'];
type Sesion = { token: string; empresa: number };
type Producto = { CAT_CODIGO: number; CAT_PRINCIPAL: string; CAT_DESCRIPCION: string; CAT_PRECIO: string; CAT_IVA: string };
type Cliente = { CLI_CODIGO: number; CLI_DIAS_CREDITO: number; CLI_CONSUMIDOR_FINAL: boolean };
type Emitida = { id: number; cliente: number; fecha: string; total: string };

/** What the demo made, for the start-up message and the tests. */
export type ResumenDemo = {
  clientes: number;
  productos: number;
  facturas: Record<string, number>;
  /** The state of Ferretería El Tornillo's nota de crédito and nota de débito. */
  notas: Record<'notasCredito' | 'notasDebito', string>;
  /** Ferretería El Tornillo's purchases: suppliers, received documents, its retención and liquidación (compras.ts). */
  compras: ResumenCompras;
  /** Ferretería El Tornillo's carriers, its guía de remisión and its quotes (logistica.ts). */
  logistica: ResumenLogistica;
  tickets: number;
  ms: number;
};

/** The multipart body of a signature upload: its password, then the .p12 in `signfile`. */
const formularioFirma = (p12: Buffer, clave: string) =>
  formulario([
    { nombre: 'password', valor: clave },
    { nombre: 'signfile', archivo: 'firma-comercial-andina.p12', tipo: 'application/x-pkcs12', contenido: p12 },
  ]);

/** Money as the API writes it, from cents. */
const dolares = (centavos: number) => (centavos / 100).toFixed(2);
const centavos = (valor: string) => Math.round(Number(valor) * 100);

export async function vivificarDemo(database: Database, config: Config, log: (linea: string) => void): Promise<ResumenDemo> {
  const inicio = Date.now();
  const sri = await iniciarSriLocal({ port: 0, host: '127.0.0.1' });
  const banderas = await iniciarBanderasDemo();
  let app: Inyector | undefined;
  try {
    const local = {
      urls: { '1': sri.url, '2': sri.url },
      timeoutMs: 5_000,
      cola: true,
      concurrencia: 8,
      intervaloMs: 100,
      reintentoMs: 40,
    };
    // The buyers' emails go to DATA_DIR/outbox whatever SMTP_URL says: the demo's addresses are not real. The suppliers'
    // RIMPE and contribuyente especial flags come from the demo's own service.
    const consultas = { ...config.consultas, banderas: { ...config.consultas.banderas, rimpe: banderas.url, especial: banderas.url } };
    ({ app } = await buildApp({ config: { ...config, smtpUrl: undefined, sri: local, consultas }, database, logger: false }));
    await app.ready();
    const resumen = await poblar(app, database, sri, log);
    return { ...resumen, ms: Date.now() - inicio };
  } finally {
    await app?.close();
    await sri.close();
    await banderas.close();
    // A demo cut short leaves nothing for the real SRI: its documents were meant for the local one (they stay FIRMADA).
    await database.db.delete(sriCola);
    // Nor does the demo's flags service answer for the real ones from the cache.
    await database.db.delete(consultasCache).where(or(...banderas.rucs.map((ruc) => like(consultasCache.CCA_CLAVE, `%:${ruc}`))));
  }
}

async function poblar(app: Inyector, database: Database, sri: SriLocal, log: (linea: string) => void) {
  const api: ApiDemo = async <T>(metodo: Metodo, url: string, token?: string, cuerpo: object = {}, { payload, headers }: Envio = {}) => {
    const res = await app.inject({
      method: metodo,
      url,
      headers: { ...headers, ...(token ? { 'x-token': token } : {}) },
      ...(metodo === 'GET' ? {} : { payload: payload ?? cuerpo }),
    });
    if (res.statusCode >= 400) throw new Error(`${metodo} ${url}: ${res.statusCode} ${res.json<{ msg?: string }>().msg ?? res.body}`);
    // An XML (an authorized document) is handed on as its text.
    return (String(res.headers['content-type']).includes('json') ? res.json<T>() : res.body) as T;
  };
  const hoy = hoyEcuador();
  const entrar = async (cuenta: { ruc: string; usuario: string; clave: string }): Promise<Sesion> => {
    const { usuario } = await api<{ usuario: { token: string; COM_CODIGO: number } }>('POST', `${API}/login`, undefined, cuenta);
    return { token: usuario.token, empresa: usuario.COM_CODIGO };
  };

  // The administrator and the companies' users sign in; the distributor enters both companies (the accesses log, ingresos).
  const admin = (await api<{ usuario: { token: string } }>('POST', `${API}/loginAdmin`, undefined, DEMO.admin)).usuario.token;
  const andina = await entrar(DEMO.empresa);
  const tornillo = await entrar(DEMO.ferreteria);
  const distribuidor = (await api<{ usuario: { token: string } }>('POST', `${API}/loginAdmin`, undefined, DEMO.distribuidor)).usuario;
  for (const { ruc } of [DEMO.empresa, DEMO.ferreteria]) await api('POST', `${API}/loginDistribuidor`, distribuidor.token, { ruc });

  // The back office: two bank accounts for the companies' transfers (the audit log records them).
  for (const cuenta of [
    { BAN_NOMBRE: 'Banco Pichincha', BAN_TIPO_CUENTA: 'CORRIENTE', BAN_NUMERO: '2100457839' },
    { BAN_NOMBRE: 'Produbanco', BAN_TIPO_CUENTA: 'AHORROS', BAN_NUMERO: '12059874310' },
  ]) {
    await api('POST', `${API}/empresas/bancos`, admin, cuenta);
  }
  // The hardware store's plan expired 35 days ago: a Pyme plan since 30 days ago (before its demo invoices), sold as the
  // back office does.
  const planes = await api<Array<{ PLAN_ID: number; PLAN_NOMBRE: string; PLAN_CLASE: string; PLAN_ACTIVO: boolean }>>(
    'GET',
    `${API}/empresas/planes`,
    admin,
  );
  const pyme = planes.find((p) => p.PLAN_NOMBRE === 'Pyme' && p.PLAN_CLASE === 'E' && p.PLAN_ACTIVO);
  if (!pyme) throw new Error('No hay un plan Pyme de comprobantes electrónicos para vender');
  await api('POST', `${API}/empresas/planes`, admin, {
    EMP_CODIGO: tornillo.empresa,
    PLAN_ID: pyme.PLAN_ID,
    PLANEMPRESA_INICIO: sumarDias(hoy, -30),
    PLANEMPRESA_OBSERVACION: 'Renovación del plan vencido',
  });
  // Comercial Andina gets its signature (a demonstration certificate) uploaded by the administrator.
  const desde = new Date(Date.now() - 86_400_000);
  const p12 = buildDemoPkcs12({
    password: DEMO_SIGNATURE_PASSWORD,
    titular: 'LUCIA ELENA PEREZ ALMEIDA',
    ruc: DEMO.empresa.ruc,
    desde,
    hasta: new Date(desde.getTime() + 2 * 365 * 86_400_000),
  });
  await api('POST', `${API}/empresas/firma/${andina.empresa}`, admin, {}, formularioFirma(p12, DEMO_SIGNATURE_PASSWORD));

  // Clients and products, through the companies' own screens' routes.
  const catalogo = async (sesion: Sesion, productos: ProductoDemo[]) => {
    const creados: Producto[] = [];
    for (const [CAT_PRINCIPAL, CAT_DESCRIPCION, CAT_PRECIO, CAT_IVA, CAT_TIPO] of productos) {
      creados.push(
        await api<Producto>('POST', '/api/catalogo', sesion.token, { CAT_PRINCIPAL, CAT_DESCRIPCION, CAT_PRECIO, CAT_IVA, CAT_TIPO }),
      );
    }
    return creados;
  };
  const cartera = async (sesion: Sesion, desplazamiento: number) => {
    const creados: Cliente[] = [await api<Cliente>('GET', '/api/clientes/consumidorFinal', sesion.token)];
    for (const cliente of clientesDemo(desplazamiento)) creados.push(await api<Cliente>('POST', '/api/clientes', sesion.token, cliente));
    return creados;
  };
  const datos = {
    andina: { sesion: andina, productos: await catalogo(andina, PRODUCTOS_ANDINA), clientes: await cartera(andina, 100) },
    tornillo: { sesion: tornillo, productos: await catalogo(tornillo, PRODUCTOS_TORNILLO), clientes: await cartera(tornillo, 500) },
  };
  // Each company is the other's client: Andina sells the store office supplies, and buys its tools.
  const tornilloDeAndina = await api<Cliente>('POST', '/api/clientes', andina.token, CLIENTES_ENTRE_EMPRESAS.tornilloDeAndina);
  const andinaDeTornillo = await api<Cliente>('POST', '/api/clientes', tornillo.token, CLIENTES_ENTRE_EMPRESAS.andinaDeTornillo);

  // Invoices of several lines, dated over the last four weeks (inside both companies' plans).
  const sorteo = azar(2026);
  const elegir = <T>(lista: T[]) => lista[Math.floor(sorteo() * lista.length)]!;
  const puntos = new Map<number, number>();
  for (const { sesion } of Object.values(datos)) {
    const [{ PEM_CODIGO }] = await api<Array<{ PEM_CODIGO: number }>>('GET', '/api/facturas/puntos', sesion.token);
    puntos.set(sesion.empresa, PEM_CODIGO);
  }
  async function borrador(empresa: typeof datos.andina, fecha: string, elegido?: Cliente) {
    const cliente = elegido ?? elegir(empresa.clientes.slice(1));
    const cuantas = cliente.CLI_CONSUMIDOR_FINAL ? 1 : 2 + Math.floor(sorteo() * 4);
    const lineas = [...new Set(Array.from({ length: cuantas }, () => elegir(empresa.productos)))].map((p, i) => {
      const cantidad = cliente.CLI_CONSUMIDOR_FINAL ? 1 : 1 + Math.floor(sorteo() * 12);
      return {
        CAT_CODIGO: p.CAT_CODIGO,
        FDE_PRINCIPAL: p.CAT_PRINCIPAL,
        FDE_DESCRIPCION: p.CAT_DESCRIPCION,
        FDE_CANTIDAD: String(cantidad),
        FDE_PRECIO: p.CAT_PRECIO,
        // A dollar off now and then, where the line is worth more than that.
        FDE_DESCUENTO: i === 0 && sorteo() < 0.3 && Number(p.CAT_PRECIO) * cantidad > 5 ? '1.00' : '0.00',
        FDE_IVA: p.CAT_IVA,
      };
    });
    const calculo = calcularFactura({
      lineas: lineas.map((l) => ({
        cantidad: l.FDE_CANTIDAD,
        precioUnitario: l.FDE_PRECIO,
        descuento: l.FDE_DESCUENTO,
        codigoPorcentaje: l.FDE_IVA,
      })),
      pagos: [],
    });
    const credito = cliente.CLI_DIAS_CREDITO > 0;
    const cuerpo = {
      PEM_CODIGO: puntos.get(empresa.sesion.empresa),
      CLI_CODIGO: cliente.CLI_CODIGO,
      FAC_FECHA: fecha,
      lineas,
      pagos: [
        credito
          ? { FPA_FORMA: '20', FPA_TOTAL: calculo.importeTotal, FPA_PLAZO: cliente.CLI_DIAS_CREDITO, FPA_UNIDAD: 'dias' }
          : { FPA_FORMA: sorteo() < 0.5 ? '01' : '19', FPA_TOTAL: calculo.importeTotal },
      ],
      totalSinImpuestos: calculo.totalSinImpuestos,
      totalDescuento: calculo.totalDescuento,
      totalIva: calculo.totalIva,
      importeTotal: calculo.importeTotal,
    };
    const { FAC_CODIGO } = await api<{ FAC_CODIGO: number }>('POST', '/api/facturas', empresa.sesion.token, cuerpo);
    return { id: FAC_CODIGO, cliente: cliente.CLI_CODIGO, fecha, total: calculo.importeTotal };
  }
  const emitir = async (empresa: typeof datos.andina, fecha: string, cliente?: Cliente): Promise<Emitida & { clave: string }> => {
    const factura = await borrador(empresa, fecha, cliente);
    const emitida = await api<{ FAC_CLAVE_ACCESO: string }>('POST', `/api/facturas/${factura.id}/emitir`, empresa.sesion.token);
    return { ...factura, clave: emitida.FAC_CLAVE_ACCESO };
  };

  // One the SRI refuses (NO AUTORIZADO): issued while the local SRI holds its authorizations, and refused before it answers.
  sri.demora(60_000);
  const rechazada = await emitir(datos.andina, sumarDias(hoy, -3));
  sri.programar(rechazada.clave, [
    {
      estado: 'NO AUTORIZADO',
      mensajes: [
        {
          identificador: '52',
          mensaje: 'ERROR EN DIFERENCIAS',
          informacionAdicional: 'El SRI local de la demostración rechazó esta factura para mostrar cómo se ve un rechazo',
          tipo: 'ERROR',
        },
      ],
    },
  ]);
  sri.demora(0);
  // One the SRI sends back (DEVUELTA, 65): dated beyond the 90 days it accepts.
  await emitir(datos.andina, sumarDias(hoy, -100));
  const autorizadas: Record<'andina' | 'tornillo', Emitida[]> = { andina: [], tornillo: [] };
  for (const [nombre, cuantas] of [
    ['andina', 14],
    ['tornillo', 10],
  ] as const) {
    const fechas = Array.from({ length: cuantas }, (_, i) => sumarDias(hoy, -Math.round(((cuantas - 1 - i) * 27) / (cuantas - 1))));
    // Every fifth one at the counter, to the consumidor final.
    for (const [i, fecha] of fechas.entries()) {
      autorizadas[nombre].push(await emitir(datos[nombre], fecha, i % 5 === 4 ? datos[nombre].clientes[0] : undefined));
    }
  }
  // What the companies sold each other, on credit: the store imports Andina's invoices and withholds on one; Andina
  // withholds on the store's (compras.ts).
  const aTornillo: Array<Emitida & { clave: string }> = [];
  for (const dias of [-6, -4, -2]) aTornillo.push(await emitir(datos.andina, sumarDias(hoy, dias), tornilloDeAndina));
  const aAndina = await emitir(datos.tornillo, sumarDias(hoy, -2), andinaDeTornillo);
  // Drafts nobody issued yet.
  await borrador(datos.andina, hoy);
  await borrador(datos.andina, hoy);
  await borrador(datos.tornillo, hoy);

  // The queue takes every issued invoice to its end (the SRI's answer and the buyer's email).
  const colaVacia = async () => {
    const hasta = Date.now() + PLAZO_COLA_MS;
    for (;;) {
      const [{ n }] = await database.db.select({ n: count() }).from(sriCola);
      if (n === 0) return;
      if (Date.now() > hasta) throw new Error(`la cola del SRI no terminó en ${PLAZO_COLA_MS / 1000} s (${n} documentos)`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await colaVacia();

  // The hardware store corrects two of its authorized invoices (not the ones collected below): a client returned part
  // of one (nota de crédito), and another pays interest for paying late (nota de débito). They go to the SRI while
  // the collections and the tickets are registered.
  const [, , , devuelta, atrasada] = autorizadas.tornillo.filter((f) => f.cliente !== datos.tornillo.clientes[0]!.CLI_CODIGO);
  const notas = await corregirConNotas(api, tornillo.token, puntos.get(tornillo.empresa)!, devuelta!, atrasada!);
  // The purchase side runs meanwhile.
  const compras = comprasDemo(api, { andina, tornillo, puntos, hoy, aTornillo, aAndina, colaVacia });
  // Its failure is thrown where it is awaited below; when something else fails first, it is not left unhandled.
  compras.catch(() => undefined);
  // So do the store's carriers, the guía de remisión of its latest sale to a client, and its quotes.
  const logistica = logisticaDemo(api, {
    tornillo,
    punto: puntos.get(tornillo.empresa)!,
    hoy,
    factura: autorizadas.tornillo.filter((f) => f.cliente !== datos.tornillo.clientes[0]!.CLI_CODIGO).at(-1)!.id,
    clientes: datos.tornillo.clientes,
    productos: datos.tornillo.productos,
  });
  logistica.catch(() => undefined);

  // Collections: a client who paid an invoice in full, another who paid part; one invoice annulled in the SRI's portal.
  for (const nombre of ['andina', 'tornillo'] as const) {
    const { sesion } = datos[nombre];
    const [completa, parcial, otra] = autorizadas[nombre].filter((f) => f.cliente !== datos[nombre].clientes[0]!.CLI_CODIGO);
    for (const [factura, valor, forma] of [
      [completa!, completa!.total, '20'],
      [parcial!, dolares(Math.round(centavos(parcial!.total) * 0.4)), '01'],
      [otra!, dolares(Math.round(centavos(otra!.total) / 2)), '19'],
    ] as const) {
      await api('POST', `/api/clientes/cobroEstadoCuenta/${factura.cliente}`, sesion.token, {
        fecha: [sumarDias(factura.fecha, 2), hoy].sort()[0],
        valor,
        forma,
        referencia: `Recibo ${1000 + factura.id}`,
        aplicaciones: [{ FAC_CODIGO: factura.id, valor }],
      });
    }
  }
  const anulada = autorizadas.andina.at(-2)!;
  await api('POST', `/api/facturas/${anulada.id}/anular`, andina.token, {
    motivo: 'El cliente devolvió la mercadería; anulada en el portal del SRI',
  });

  const tickets = await mesaDeAyuda(api, admin, log);
  const resumenCompras = await compras;
  const resumenLogistica = await logistica;
  await colaVacia();
  const facturas: Record<string, number> = {};
  for (const { sesion } of Object.values(datos)) {
    const { estados } = await api<{ estados: Record<string, number> }>('GET', '/api/facturas/estados', sesion.token);
    for (const [estado, n] of Object.entries(estados)) facturas[estado] = (facturas[estado] ?? 0) + n;
  }
  return {
    clientes: datos.andina.clientes.length + datos.tornillo.clientes.length,
    productos: datos.andina.productos.length + datos.tornillo.productos.length,
    facturas,
    notas: await estadosDeNotas(database, notas),
    compras: resumenCompras,
    logistica: {
      ...resumenLogistica,
      guia: { id: resumenLogistica.guia, estado: await estadoGuia(api, tornillo.token, resumenLogistica.guia) },
    },
    tickets,
  };
}

type LineaRestante = {
  FDE_LINEA: number;
  FDE_PRINCIPAL?: string | null;
  FDE_DESCRIPCION: string;
  FDE_CANTIDAD: string;
  FDE_PRECIO: string;
  FDE_IVA: string;
  FDE_RESTANTE: string;
};

/**
 * A credit note returning part of one invoice (half of its first line, at least one unit, without its discount) and
 * a debit note charging interest on another (2 % of its total, IVA 0 %, paid by transfer), each created as a draft and
 * issued through the notes' routes. Their ids, for the summary.
 */
async function corregirConNotas(api: ApiDemo, token: string, punto: number, devuelta: Emitida, atrasada: Emitida) {
  const { factura } = await api<{ factura: { FAC_NUMERO: string; lineas: LineaRestante[] } }>(
    'GET',
    `/api/notasCredito/factura/${devuelta.id}`,
    token,
  );
  const linea = factura.lineas[0]!;
  const cantidad = Math.max(1, Math.floor(Number(linea.FDE_RESTANTE) / 2));
  const credito = await api<{ FAC_CODIGO: number }>('POST', '/api/notasCredito', token, {
    FAC_MODIFICA: devuelta.id,
    PEM_CODIGO: punto,
    FAC_MOTIVO: `Devolución de ${cantidad} ${cantidad === 1 ? 'unidad' : 'unidades'} en mal estado`,
    lineas: [
      {
        FDE_LINEA_FACTURA: linea.FDE_LINEA,
        FDE_PRINCIPAL: linea.FDE_PRINCIPAL,
        FDE_DESCRIPCION: linea.FDE_DESCRIPCION,
        FDE_CANTIDAD: String(cantidad),
        FDE_PRECIO: linea.FDE_PRECIO,
        FDE_IVA: linea.FDE_IVA,
      },
    ],
  });
  const interes = dolares(Math.max(100, Math.round(centavos(atrasada.total) * 0.02)));
  const debito = await api<{ FAC_CODIGO: number }>('POST', '/api/notasDebito', token, {
    FAC_MODIFICA: atrasada.id,
    PEM_CODIGO: punto,
    FAC_MOTIVO: 'Intereses por mora',
    motivos: [{ razon: 'Interés por mora: pago recibido 30 días después del vencimiento', valor: interes, iva: '0' }],
    pagos: [{ FPA_FORMA: '20', FPA_TOTAL: interes, FPA_PLAZO: 15, FPA_UNIDAD: 'dias' }],
  });
  await api('POST', `/api/notasCredito/${credito.FAC_CODIGO}/emitir`, token);
  await api('POST', `/api/notasDebito/${debito.FAC_CODIGO}/emitir`, token);
  return { notasCredito: credito.FAC_CODIGO, notasDebito: debito.FAC_CODIGO };
}

/** Each note's state once the queue is done with it (AUTORIZADA unless something went wrong), in one query. */
async function estadosDeNotas(database: Database, notas: Record<'notasCredito' | 'notasDebito', number>) {
  const filas = await database.db
    .select({ id: facturasTabla.FAC_CODIGO, estado: facturasTabla.FAC_ESTADO })
    .from(facturasTabla)
    .where(inArray(facturasTabla.FAC_CODIGO, [notas.notasCredito, notas.notasDebito]));
  const estadoDe = (id: number) => filas.find((f) => f.id === id)?.estado ?? 'NO EXISTE';
  return { notasCredito: estadoDe(notas.notasCredito), notasDebito: estadoDe(notas.notasDebito) };
}

/**
 * Support tickets opened through the public form and taken through the desk: one still open and unassigned, one in
 * process, one answered and resolved, one closed. The reply route is someone else's to change: a reply it refuses is
 * logged and the ticket still moves on.
 */
async function mesaDeAyuda(api: ApiDemo, admin: string, log: (linea: string) => void): Promise<number> {
  const productos = await api<Array<{ PROD_ID: number }>>('GET', `${API}/productos?all=1`, admin);
  const asesores = await api<Array<{ ASE_CODIGO: number }>>('GET', `${API}/asesor`, admin);
  const abrir = (ticket: { ruc: string; nombre: string; correo: string; asunto: string; mensaje: string }, i: number) =>
    api<{ SPT_ID: number }>('POST', `${API}/soporte`, undefined, {
      SPT_PRODUCTOS: productos[i % productos.length]!.PROD_ID,
      SPT_RUC: ticket.ruc,
      SPT_CLIENTENOMBRE: ticket.nombre,
      SPT_CLIENTECORREO: ticket.correo,
      SPT_CLIENTETELEFONO: '0991234567',
      SPT_ASUNTO: ticket.asunto,
      SPT_MENSAJE: `<p>${ticket.mensaje}</p>`,
    });
  const abiertos: number[] = [];
  for (const [i, ticket] of [
    {
      ruc: DEMO.empresa.ruc,
      nombre: 'Lucía Pérez',
      correo: 'lucia.perez@comercialandina.ec',
      asunto: 'stec',
      mensaje: 'Una factura quedó <strong>rechazada</strong> por el SRI con el error 52. ¿Qué debo revisar?',
    },
    {
      ruc: DEMO.ferreteria.ruc,
      nombre: 'Ana Morales',
      correo: 'ana@eltornillo.ec',
      asunto: 'cptn',
      mensaje: 'Quisiera una capacitación para registrar cobros parciales de clientes con crédito.',
    },
    {
      ruc: DEMO.empresa.ruc,
      nombre: 'Lucía Pérez',
      correo: 'lucia.perez@comercialandina.ec',
      asunto: 'admi',
      mensaje: 'Necesito la factura del plan Pyme a nombre de COMERCIAL ANDINA S.A.',
    },
    {
      ruc: DEMO.ferreteria.ruc,
      nombre: 'Ana Morales',
      correo: 'ana@eltornillo.ec',
      asunto: 'stec',
      mensaje: 'No me llega el correo de recuperación de clave a un usuario nuevo.',
    },
    {
      ruc: '0992397535001',
      nombre: 'Pedro Vera',
      correo: 'pedro@costaazul.ec',
      asunto: 'trmt',
      mensaje: 'Hice la transferencia del registro hace dos días: ¿cuándo se activa mi cuenta?',
    },
  ].entries()) {
    abiertos.push((await abrir(ticket, i)).SPT_ID);
  }
  const [, enProceso, resuelto, cerrado, asignado] = abiertos as [number, number, number, number, number];
  const cambiar = (id: number, cuerpo: object) => api('PUT', `${API}/soporte/${id}`, admin, cuerpo);
  const responder = async (id: number, texto: string) => {
    try {
      await api('PUT', `${API}/soporte/soporte/${id}`, admin, { SPT_RESPUESTA: `<p>${texto}</p>` });
    } catch (error) {
      log(`  (demostración: la respuesta al ticket #${id} no se registró: ${(error as Error).message})`);
    }
  };
  await cambiar(enProceso, { ASE_CODIGO: asesores[0]!.ASE_CODIGO, SPT_ESTADO: 'EN_PROCESO', comentario: 'Agendada para el jueves' });
  await cambiar(asignado, { ASE_CODIGO: asesores[2 % asesores.length]!.ASE_CODIGO });
  for (const id of [resuelto, cerrado]) {
    await cambiar(id, { ASE_CODIGO: asesores[1 % asesores.length]!.ASE_CODIGO, SPT_ESTADO: 'EN_PROCESO' });
    await responder(
      id,
      id === resuelto
        ? 'Le enviamos la factura del plan a su correo. Gracias por su pago.'
        : 'Revisamos el correo del usuario: estaba mal escrito. Ya puede recuperar su clave.',
    );
    await cambiar(id, { SPT_ESTADO: 'RESUELTO' });
  }
  await cambiar(cerrado, { SPT_ESTADO: 'CERRADO', comentario: 'El cliente confirmó que ya ingresa' });
  return abiertos.length;
}
