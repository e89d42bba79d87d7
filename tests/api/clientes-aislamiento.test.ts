import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { multipart, startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginAdmin, loginCompany } from '../helpers/accounts';
import { clientesDocumentos, empresas, menusEmpresa, usuarios } from '../../server/infra/db/schema';
import { hashPassword } from '../../server/infra/passwords';
import { borrador, darPlan } from '../helpers/facturas-api';
import { autorizar, cerrarSriCompartido } from '../helpers/sri';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { signatures, uploadCompanySignature } from '../helpers/certificates';
import type { FacturaBorrador } from '../../server/modules/facturas/contract';
import { MSG } from '../../domain/messages';
import { GUIAS_MSG } from '../../domain/contratos/guiasRemision';
import { NO_ACCESS_CODE, ROLE_REFUSED_CODE } from '../../domain/constants';

/**
 * The isolation walk. Every operation of the OpenAPI document under /api (the company
 * application's family, not /api/EmpresasAmelia nor the public health checks) is called, so routes added later are
 * covered without touching this file:
 * - anonymously: 401; with an administration token: 403;
 * - when it names a record (an integer id in the path, `cliente` in the query, CLI_CODIGO or documentos in the body)
 *   with company B's token and company A's record: 404 (a bulk body of ids changes nothing); with a seller of A whose
 *   clients do not include that one: 404 too — a client, its documents, and an invoice whose buyer it is (invoices
 *   follow their buyer's privacy). Catalogue products are the whole company's: the seller reads them (200);
 * - the reads that name no record, with B's token, never show A's client nor A's product (the marker is not in them).
 * The purchase side is walked with A's real records too: a supplier (`proveedor`), a received invoice (B's invoice to A,
 * uploaded by A), a retención on it and a liquidación de compra to the supplier, both authorized; a seller is refused by
 * role on every purchase route (their sections are accounting's). Goods on the road are the whole company's: A's carrier
 * and A's authorized guía de remisión (to the client above, citing A's invoice) are read by a seller of A, but a guía
 * that cites that invoice is a 404 to the seller, as the invoice is; A's quote (oferta) to that client follows the
 * client's privacy, as the invoices do. The back office's withholding codes
 * (/api/EmpresasAmelia/codigosRetencion) are walked on their own: no company token nor distributor without the menu.
 * Reads that name a record of A answer 200 to A's own administrator: the 404s are not about a bad id. Bodies are
 * valid (a product's IVA and price, an invoice's point, date, lines and payments), so that a 404 is the owner check's
 * answer and not hidden behind a 400; A's invoice is issued for real, so that its XML and RIDE answer 200 to A.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
};
type Registro =
  | 'cliente'
  | 'documento'
  | 'usuario'
  | 'producto'
  | 'factura'
  | 'nota de crédito'
  | 'nota de débito'
  | 'proveedor'
  | 'documento recibido'
  | 'retención'
  | 'liquidación de compra'
  | 'transportista'
  | 'guía de remisión'
  | 'oferta'
  | 'clave de API'
  | 'webhook';
const femenino = (what: Registro) =>
  ['factura', 'retención', 'liquidación de compra', 'guía de remisión', 'oferta', 'clave de API'].includes(what) || what.startsWith('nota');
/** What is the whole company's, whatever the role: a seller reads it (a guía cites only invoices the session sees). */
const DE_LA_EMPRESA = new Set<Registro>(['producto', 'transportista', 'guía de remisión']);
/** "el cliente", "la factura": the failures read as sentences. */
const el = (what: Registro) => (femenino(what) ? `la ${what}` : `el ${what}`);
const un = (what: Registro) => (femenino(what) ? `una ${what}` : `un ${what}`);
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> }; security?: unknown[] };

/** Public operations under /api: the health checks. */
/** The company menu entry Usuarios (migration 0017). */
const MENU_USUARIOS = 106;
const PUBLIC = new Set(['GET /api/health', 'GET /api/ready']);
/** The purchase side's routes (menus 111–114 and the companies' read of the withholding codes): none is a seller's. */
const COMPRAS = /^\/api\/(proveedores|recibidos|retenciones|liquidacionesCompra|codigosRetencion)(\/|$)/;
const TEXT_CANDIDATES = ['1790016919001', '0991234567', 'usuario@prueba.ec', 'DEP-1', 'abc', 'Texto de prueba', '1'];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const isInteger = (schema: Schema | undefined): boolean =>
  [schema?.type].flat().some((type) => type === 'integer' || type === 'number') || Boolean(schema?.anyOf?.some((s) => isInteger(s)));

describe.each(testDatabases)('aislamiento: toda ruta /api con tokens de dos empresas, de un vendedor y de administración (%s)', (kind) => {
  let t: TestApp;
  let operations: Array<{ method: string; path: string; op: Operation }>;
  let tokenA: string;
  let tokenB: string;
  let seller: string;
  let adminToken: string;
  /** A's records: a client with a RUC (not the seller's), one with a cédula, a document of the first, A's administrator. */
  let client: Record<string, unknown> & { CLI_CODIGO: number; CLI_IDENTIFICACION: string };
  let cedulaClient: { CLI_CODIGO: number; CLI_IDENTIFICACION: string };
  let document: number;
  let userA: number;
  /** A's catalogue product and A's invoice to the client above (issued: number, signed XML, RIDE). */
  let product: number;
  let invoice: number;
  let invoiceBody: FacturaBorrador;
  /** A's credit and debit notes of that invoice (issued and authorized), and valid bodies for the notes' writes. */
  let creditNote: number;
  let debitNote: number;
  let creditBody: Record<string, unknown>;
  let debitBody: Record<string, unknown>;
  /** A's purchase side: a supplier with a cédula, B's invoice received by A, a retención on it, a liquidación to the supplier. */
  let supplier: number;
  let received: number;
  let retention: number;
  let purchase: number;
  let withholdingCode: number;
  let retentionBody: Record<string, unknown>;
  let purchaseBody: Record<string, unknown>;
  /** A's carrier, A's guía (issued and authorized, to the client, citing the invoice) and A's quote to the client. */
  let carrier: number;
  let guide: number;
  let quote: number;
  let carrierBody: Record<string, unknown>;
  let guideBody: Record<string, unknown>;
  let quoteBody: Record<string, unknown>;
  /** A's integrations: an API key, a webhook and one delivery of it (a ping, left pending: no worker runs here). */
  let keyA: number;
  let webhookA: number;
  let deliveryA: number;
  const marker = `AISLADO${Math.floor(Math.random() * 1e9)}`;

  beforeAll(async () => {
    t = await startTestApp(kind);
    // B (Tornillo) gets the company users' menu too, so that /api/usuarios answers for the record, not the menu.
    const [tornillo] = await t.db.select({ id: empresas.EMP_CODIGO }).from(empresas).where(eq(empresas.EMP_RUC, COMPANIES.tornillo.ruc));
    await t.db.insert(menusEmpresa).values({ EMP_CODIGO: tornillo.id, MEN_CODIGO: MENU_USUARIOS }).onConflictDoNothing();
    const a = await loginCompany(t, COMPANIES.andina);
    tokenA = a.token;
    userA = a.USU_CODIGO;
    tokenB = (await loginCompany(t, COMPANIES.tornillo)).token;
    adminToken = (await loginAdmin(t)).token;
    await t.db.insert(usuarios).values({
      COM_CODIGO: a.COM_CODIGO,
      USU_USUARIO: 'aislamiento.vendedor',
      USU_CLAVE: await hashPassword(COMPANIES.andina.clave),
      USU_ROL: 'vendedor',
    });
    seller = (await loginCompany(t, { ruc: COMPANIES.andina.ruc, usuario: 'aislamiento.vendedor', clave: COMPANIES.andina.clave })).token;

    const create = async (payload: object) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/clientes', headers: { 'x-token': tokenA }, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    client = await create({
      CLI_TIPO_IDENTIFICACION: '04',
      CLI_IDENTIFICACION: '1713175071001',
      CLI_RAZON_SOCIAL: `${marker} Compañía Andina Cliente`,
      CLI_CORREOS: ['cliente.andina@prueba.ec'],
      CLI_TELEFONOS: ['0991234567'],
      aceptarAdvertencia: true,
    });
    cedulaClient = await create({
      CLI_TIPO_IDENTIFICACION: '05',
      CLI_IDENTIFICACION: '1713175071',
      CLI_RAZON_SOCIAL: `${marker} Persona Andina`,
      aceptarAdvertencia: true,
    });
    [{ document }] = await t.db
      .insert(clientesDocumentos)
      .values({
        CLI_CODIGO: client.CLI_CODIGO,
        EMP_CODIGO: a.COM_CODIGO,
        CDO_NOMBRE: 'contrato.pdf',
        CDO_RUTA: 'clientes/aislamiento/contrato.pdf',
        CDO_TIPO: 'application/pdf',
        CDO_BYTES: PDF.length,
      })
      .returning({ document: clientesDocumentos.CDO_ID });

    const asA = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { 'x-token': tokenA }, ...(payload ? { payload } : {}) });
    const created = await asA('POST', '/api/catalogo', {
      CAT_PRINCIPAL: 'AISL-001',
      CAT_DESCRIPCION: `${marker} Taladro percutor 1/2"`,
      CAT_PRECIO: '25.50',
      CAT_IVA: '4',
    });
    expect(created.statusCode, created.body).toBe(201);
    product = created.json().CAT_CODIGO;
    const [point] = (await asA('GET', '/api/facturas/puntos')).json() as Array<{ PEM_CODIGO: number }>;
    invoiceBody = borrador(point!.PEM_CODIGO, client.CLI_CODIGO, [
      {
        CAT_CODIGO: product,
        FDE_PRINCIPAL: 'AISL-001',
        FDE_DESCRIPCION: 'Taladro percutor 1/2"',
        FDE_CANTIDAD: '1',
        FDE_PRECIO: '25.50',
        FDE_IVA: '4',
      },
    ]);
    const draft = await asA('POST', '/api/facturas', invoiceBody);
    expect(draft.statusCode, draft.body).toBe(201);
    invoice = draft.json().FAC_CODIGO;
    // A signs with a signature of its own (the seed gives one to B only) and its seeded plan is current.
    await uploadCompanySignature(t, tokenA, signatures.legacy(COMPANIES.andina.ruc));
    const issued = await asA('POST', `/api/facturas/${invoice}/emitir`);
    expect(issued.statusCode, issued.body).toBe(200);
    // B sells to A: its authorized invoice is what A records as received from a supplier.
    const asB = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { 'x-token': tokenB }, ...(payload ? { payload } : {}) });
    await darPlan(t, tornillo.id, 500);
    const buyer = await asB('POST', '/api/clientes', {
      CLI_TIPO_IDENTIFICACION: '04',
      CLI_IDENTIFICACION: COMPANIES.andina.ruc,
      CLI_RAZON_SOCIAL: 'COMERCIAL ANDINA',
      aceptarAdvertencia: true,
    });
    expect(buyer.statusCode, buyer.body).toBe(201);
    const [pointB] = (await asB('GET', '/api/facturas/puntos')).json() as Array<{ PEM_CODIGO: number }>;
    const sale = await asB('POST', '/api/facturas', borrador(pointB!.PEM_CODIGO, buyer.json().CLI_CODIGO));
    expect(sale.statusCode, sale.body).toBe(201);
    const saleId = sale.json().FAC_CODIGO as number;
    expect((await asB('POST', `/api/facturas/${saleId}/emitir`)).statusCode).toBe(200);
    // Authorized by a local SRI: the authorized XML, the email and the annulment answer only then.
    await autorizar(t, [invoice, saleId]);
    const file = multipart('archivos', 'factura.xml', Buffer.from((await asB('GET', `/api/facturas/${saleId}/autorizado`)).body));
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/recibidos/archivos',
      payload: file.payload,
      headers: { ...file.headers, 'x-token': tokenA },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().resultados[0], upload.body).toMatchObject({ estado: 'importado' });
    received = upload.json().resultados[0].REC_CODIGO;
    const fromB = (await asA('GET', `/api/recibidos/${received}`)).json().PRV_CODIGO as number;

    const newSupplier = await asA('POST', '/api/proveedores', {
      PRV_TIPO_IDENTIFICACION: '05',
      PRV_IDENTIFICACION: '1710034065',
      PRV_RAZON_SOCIAL: `${marker} Agricultor Andino`,
      PRV_DIRECCION: 'Recinto La Unión, Quevedo',
      PRV_CORREOS: ['agricultor@prueba.ec'],
      aceptarAdvertencia: true,
    });
    expect(newSupplier.statusCode, newSupplier.body).toBe(201);
    supplier = newSupplier.json().PRV_CODIGO;
    const codes = await asA('GET', `/api/codigosRetencion?fecha=${hoyEcuador()}&impuesto=1`);
    expect(codes.statusCode, codes.body).toBe(200);
    withholdingCode = (codes.json() as Array<{ RCO_ID: number; RCO_PORCENTAJE: string }>).find((c) => Number(c.RCO_PORCENTAJE) > 0)!.RCO_ID;
    retentionBody = {
      PRV_CODIGO: fromB,
      PEM_CODIGO: point!.PEM_CODIGO,
      FAC_FECHA: hoyEcuador(),
      sustentos: [{ REC_CODIGO: received, RSU_SUSTENTO: '01', retenciones: [{ RCO_ID: withholdingCode, RDE_BASE: '10.00' }] }],
    };
    purchaseBody = {
      PEM_CODIGO: point!.PEM_CODIGO,
      PRV_CODIGO: supplier,
      FAC_FECHA: hoyEcuador(),
      lineas: [{ FDE_DESCRIPCION: 'Cacao en grano (quintal)', FDE_CANTIDAD: 10, FDE_PRECIO: '12', FDE_IVA: '0' }],
      pagos: [{ FPA_FORMA: '01', FPA_TOTAL: '120.00' }],
      totalSinImpuestos: '120.00',
      totalDescuento: '0.00',
      totalIva: '0.00',
      importeTotal: '120.00',
    };
    creditBody = {
      FAC_MODIFICA: invoice,
      PEM_CODIGO: point!.PEM_CODIGO,
      FAC_MOTIVO: 'Devolución',
      lineas: [{ FDE_LINEA_FACTURA: 1, FDE_DESCRIPCION: 'Taladro percutor 1/2"', FDE_CANTIDAD: '0.5', FDE_PRECIO: '25.50', FDE_IVA: '4' }],
    };
    debitBody = {
      FAC_MODIFICA: invoice,
      PEM_CODIGO: point!.PEM_CODIGO,
      motivos: [{ razon: 'Intereses por mora', valor: '2.00', iva: '0' }],
      pagos: [{ FPA_FORMA: '20', FPA_TOTAL: '2.00' }],
    };
    carrierBody = {
      TRA_TIPO_IDENTIFICACION: '04',
      // The client's RUC: B's lookup by that RUC (GET /api/transportistas/apiRuc/{ruc}) must not find A's carrier.
      TRA_IDENTIFICACION: client.CLI_IDENTIFICACION,
      TRA_RAZON_SOCIAL: `${marker} Transportes Andinos`,
      TRA_PLACA: 'PBA-1234',
      TRA_CORREOS: ['chofer@transportesandinos.ec'],
      aceptarAdvertencia: true,
    };
    const newCarrier = await asA('POST', '/api/transportistas', carrierBody);
    expect(newCarrier.statusCode, newCarrier.body).toBe(201);
    carrier = newCarrier.json().TRA_CODIGO;
    guideBody = {
      PEM_CODIGO: point!.PEM_CODIGO,
      TRA_CODIGO: carrier,
      FAC_FECHA: hoyEcuador(),
      GUI_DIR_PARTIDA: 'Av. Amazonas N34-120, Quito',
      GUI_FECHA_INICIO: hoyEcuador(),
      GUI_FECHA_FIN: hoyEcuador(),
      GUI_PLACA: 'PBA-1234',
      destinatarios: [
        {
          CLI_CODIGO: client.CLI_CODIGO,
          GDE_IDENTIFICACION: client.CLI_IDENTIFICACION,
          GDE_RAZON_SOCIAL: `${marker} Compañía Andina Cliente`,
          GDE_DIRECCION: 'Av. 6 de Diciembre N25-30, Quito',
          GDE_CORREOS: ['cliente.andina@prueba.ec'],
          GDE_MOTIVO: 'Venta',
          GDE_SUSTENTO: invoice,
          detalles: [{ CAT_CODIGO: product, GDT_CODIGO_INTERNO: 'AISL-001', GDT_DESCRIPCION: 'Taladro percutor 1/2"', GDT_CANTIDAD: '1' }],
        },
      ],
    };
    // The invoice's sale offered again: its client, lines and totals.
    const { CLI_CODIGO, lineas, totalSinImpuestos, totalDescuento, totalIva, importeTotal } = invoiceBody;
    quoteBody = {
      CLI_CODIGO,
      OFE_FECHA: hoyEcuador(),
      OFE_VALIDEZ: sumarDias(hoyEcuador(), 15),
      OFE_NOTAS: 'Precio con instalación.',
      lineas,
      totalSinImpuestos,
      totalDescuento,
      totalIva,
      importeTotal,
    };
    const newQuote = await asA('POST', '/api/ofertas', quoteBody);
    expect(newQuote.statusCode, newQuote.body).toBe(201);
    quote = newQuote.json().OFE_CODIGO;
    const newKey = await asA('POST', '/api/clavesApi', { CLA_NOMBRE: `${marker} Caja`, CLA_ALCANCES: ['leer'] });
    expect(newKey.statusCode, newKey.body).toBe(201);
    keyA = newKey.json().CLA_CODIGO;
    const newWebhook = await asA('POST', '/api/webhooks', {
      WEB_URL: 'https://erp.andina.ec/amelia',
      WEB_EVENTOS: ['comprobante.autorizado'],
    });
    expect(newWebhook.statusCode, newWebhook.body).toBe(201);
    webhookA = newWebhook.json().WEB_CODIGO;
    expect((await asA('POST', `/api/webhooks/${webhookA}/prueba`)).statusCode).toBe(200);
    deliveryA = (await asA('GET', `/api/webhooks/${webhookA}/entregas`)).json()[0].ENT_CODIGO;
    const notes: number[] = [];
    for (const [url, body] of [
      ['/api/notasCredito', creditBody],
      ['/api/notasDebito', debitBody],
      ['/api/retenciones', retentionBody],
      ['/api/liquidacionesCompra', purchaseBody],
      ['/api/guiasRemision', guideBody],
    ] as const) {
      const note = await asA('POST', url, body);
      expect(note.statusCode, note.body).toBe(201);
      const id = note.json().FAC_CODIGO as number;
      const sent = await asA('POST', `${url}/${id}/emitir`);
      expect(sent.statusCode, sent.body).toBe(200);
      notes.push(id);
    }
    [creditNote, debitNote, retention, purchase, guide] = notes as [number, number, number, number, number];
    await autorizar(t, notes);

    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/EmpresasAmelia'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })))
      .filter(({ method, path }) => !PUBLIC.has(`${method} ${path}`));
  });
  afterAll(async () => {
    await t.close();
    await cerrarSriCompartido();
  });

  /** A valid-looking value of a schema; text tries A's identifications first (a lookup by RUC or cédula must not find them). */
  function sample(schema: Schema): unknown {
    if (schema.const !== undefined) return schema.const;
    if (schema.enum) return schema.enum[0];
    const branches = schema.anyOf ?? schema.oneOf;
    if (branches) return sample(branches.find((b) => b.type !== 'null') ?? branches[0]);
    switch ([schema.type].flat().find((type) => type !== 'null')) {
      case 'integer':
      case 'number':
        return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Infinity);
      case 'boolean':
        return true;
      case 'array':
        return schema.items ? Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => sample(schema.items!)) : [];
      case 'object':
        return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sample(s)]));
      case 'string': {
        const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : undefined;
        const candidates = [client.CLI_IDENTIFICACION, cedulaClient.CLI_IDENTIFICACION, ...TEXT_CANDIDATES];
        return (
          candidates.find((c) => (!pattern || pattern.test(c)) && c.length >= (schema.minLength ?? 0)) ?? 'x'.repeat(schema.minLength ?? 1)
        );
      }
      default:
        return 'x';
    }
  }

  /**
   * Which record of A an integer path parameter names: a purchase, a note, a company user, a product, an invoice (a
   * guía's prefill reads one), a carrier, a guía, a quote, a client's document, or a client.
   */
  const recordFor = (path: string): [Registro, number] => {
    const byPath: Array<[RegExp, Registro, number]> = [
      [/^\/api\/transportistas/, 'transportista', carrier],
      [/^\/api\/guiasRemision\/desdeFactura\//, 'factura', invoice],
      [/^\/api\/guiasRemision/, 'guía de remisión', guide],
      [/^\/api\/ofertas/, 'oferta', quote],
      [/^\/api\/clavesApi/, 'clave de API', keyA],
      [/^\/api\/webhooks/, 'webhook', webhookA],
      [/^\/api\/proveedores/, 'proveedor', supplier],
      [/^\/api\/recibidos/, 'documento recibido', received],
      [/^\/api\/retenciones/, 'retención', retention],
      [/^\/api\/liquidacionesCompra/, 'liquidación de compra', purchase],
      [/^\/api\/notas(Credito|Debito)\/(factura|anular)\//, 'factura', invoice],
      [/^\/api\/notasCredito/, 'nota de crédito', creditNote],
      [/^\/api\/notasDebito/, 'nota de débito', debitNote],
      [/^\/api\/usuarios/, 'usuario', userA],
      [/^\/api\/catalogo/, 'producto', product],
      [/^\/api\/facturas/, 'factura', invoice],
      [/\/documentos\/\{/, 'documento', document],
    ];
    const [, what, id] = byPath.find(([pattern]) => pattern.test(path)) ?? [undefined, 'cliente', client.CLI_CODIGO];
    return [what, id];
  };

  /** The request of an operation against A's records, and what it names. */
  function build(method: string, path: string, op: Operation) {
    let names: Registro | undefined;
    let bulk = false;
    /** A list filtered by a record of A (the support documents of A's supplier): B's answer lists nothing. */
    let filtered = false;
    const params = op.parameters ?? [];
    const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const param = params.find((p) => p.in === 'path' && p.name === name);
      if (!isInteger(param?.schema)) return encodeURIComponent(String(sample(param?.schema ?? { type: 'string' })));
      // A webhook's delivery: the second id of its path.
      if (name === 'entrega') return String(deliveryA);
      const [what, id] = recordFor(path);
      names = what;
      return String(id);
    });
    const query = new URLSearchParams();
    for (const param of params.filter((p) => p.in === 'query')) {
      if (param.name === 'cliente') {
        query.set('cliente', String(client.CLI_CODIGO));
        names ??= 'cliente';
      } else if (param.name === 'PRV_CODIGO') {
        query.set('PRV_CODIGO', String(supplier));
        filtered = true;
      } else if (param.name === 'filter') query.set('filter', JSON.stringify({ q: marker }));
      else if (param.required) query.set(param.name, String(sample(param.schema)));
    }
    const options: InjectOptions = { method: method as InjectOptions['method'], url: `${url}${query.size ? `?${query}` : ''}` };
    const json = op.requestBody?.content['application/json']?.schema;
    if (json) {
      const body = sample(json) as Record<string, unknown>;
      // Valid where the sampler is not (a 400 of validation before the owner check would hide a leak): a product's
      // IVA rate, price and ICE pair; an invoice whole (A's emission point and client, a line of A's product, its payment).
      // One-call issuing names its records by identification and number, never by id: B's call with A's client's
      // identification is B's own client (its answer is checked not to show A's marker).
      if (path.endsWith('/emision')) return { options: { ...options, payload: body }, names, bulk, filtered };
      if (path.startsWith('/api/catalogo'))
        for (const [key, value] of Object.entries({ CAT_IVA: '4', CAT_PRECIO: '1.00', CAT_ICE_CODIGO: null, CAT_ICE_TARIFA: null }))
          if (key in body) body[key] = value;
      // A note whole: A's invoice, point and a line or motivo it admits.
      if (path.startsWith('/api/notasCredito') && 'lineas' in body) options.payload = { ...creditBody };
      else if (path.startsWith('/api/notasDebito') && 'motivos' in body) options.payload = { ...debitBody };
      // A purchase whole: A's supplier and point; the retención's received document of A and a code in force.
      else if (path.startsWith('/api/liquidacionesCompra') && 'lineas' in body) options.payload = { ...purchaseBody };
      else if (path.startsWith('/api/retenciones') && 'sustentos' in body) options.payload = { ...retentionBody };
      if (options.payload) names ??= path.startsWith('/api/notas') ? 'factura' : 'proveedor';
      // A guía whole (A's point, carrier, client, product, and A's invoice as support: what a seller may not cite), a
      // quote whole (A's client and the invoice's lines), a carrier whole.
      else if (path.startsWith('/api/guiasRemision') && 'destinatarios' in body) {
        options.payload = { ...guideBody };
        names ??= 'factura';
      } else if (path.startsWith('/api/ofertas') && 'lineas' in body) {
        options.payload = { ...quoteBody };
        names ??= 'cliente';
      } else if (path.startsWith('/api/transportistas') && 'TRA_IDENTIFICACION' in body && names) options.payload = { ...carrierBody };
      else if ('lineas' in body) {
        Object.assign(body, invoiceBody);
        delete body.propina;
      }
      if ('CLI_CODIGO' in body) {
        body.CLI_CODIGO = client.CLI_CODIGO;
        names ??= 'cliente';
      }
      if ('documentos' in body) {
        body.documentos = [document];
        names ??= 'cliente';
      }
      if ('ids' in body) {
        body.ids = [client.CLI_CODIGO, cedulaClient.CLI_CODIGO];
        bulk = !names;
      }
      if (typeof body.nombre === 'string') body.nombre = marker;
      options.payload ??= body;
    } else if (method === 'POST' && /documentos|import/.test(path)) {
      const form = multipart('current', 'contrato.pdf', PDF, 'application/pdf');
      options.payload = form.payload;
      options.headers = form.headers;
    }
    return { options, names, bulk, filtered };
  }

  const send = (options: InjectOptions, token?: string) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...(token ? { 'x-token': token } : {}) } });
  const show = (method: string, path: string) => `${method} ${path}`;

  it('recorre las operaciones del documento: 401 sin sesión, 403 de administración, 404 con el registro de otra empresa o de otro vendedor', async () => {
    const failures: string[] = [];
    const walked: string[] = [];
    const sellerRefused = new Set(
      t.app.menuAccess
        .filter((e) => e.area === 'empresa' && !e.roles?.includes('vendedor'))
        .map((e) => show(e.method, e.url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1'))),
    );
    const own = async (url: string) => (await send({ method: 'GET', url }, tokenA)).json();
    const records = [
      `/api/clientes/${client.CLI_CODIGO}`,
      `/api/catalogo/${product}`,
      `/api/facturas/${invoice}`,
      `/api/proveedores/${supplier}`,
      `/api/recibidos/${received}`,
      `/api/retenciones/${retention}`,
      `/api/liquidacionesCompra/${purchase}`,
      `/api/transportistas/${carrier}`,
      `/api/guiasRemision/${guide}`,
      `/api/ofertas/${quote}`,
    ];
    const before = await Promise.all(records.map(own));
    for (const { method, path, op } of operations) {
      const { options, names, bulk, filtered } = build(method, path, op);
      const route = show(method, path);
      walked.push(names ? `${route} (${names})` : bulk ? `${route} (lote)` : route);
      if (!op.security) failures.push(`${route}: sin token en el documento (security)`);
      const anonymous = await send(options);
      if (anonymous.statusCode !== 401) failures.push(`${route} sin sesión: ${anonymous.statusCode}`);
      const administration = await send(options, adminToken);
      if (administration.statusCode !== 403) failures.push(`${route} con token de administración: ${administration.statusCode}`);

      const other = await send(options, tokenB);
      if (names) {
        if (other.statusCode !== 404)
          failures.push(`${route} de la empresa B con ${el(names)} de A: ${other.statusCode} ${other.body.slice(0, 120)}`);
        if (DE_LA_EMPRESA.has(names)) {
          // The catalogue, the carriers and the guías are the whole company's: the seller reads A's (their writes are
          // not tried: they would change A's record for real).
          if (method === 'GET') {
            const sellers = await send(options, seller);
            if (sellers.statusCode !== 200) failures.push(`${route} de un vendedor de A con ${un(names)} de A: ${sellers.statusCode}`);
          }
        } else if (names !== 'usuario') {
          const notTheirs = await send(options, seller);
          // What a seller's role may not do is refused before any record is looked up (tests/api/roles.test.ts).
          if (sellerRefused.has(route.replace(/(.)\/$/, '$1'))) {
            if (notTheirs.statusCode !== 403 || notTheirs.json().code !== ROLE_REFUSED_CODE || notTheirs.json().msg !== MSG.roleRefused)
              failures.push(`${route} de un vendedor, que su rol no permite: ${notTheirs.statusCode} ${notTheirs.body.slice(0, 120)}`);
          } else if (notTheirs.statusCode !== 404)
            failures.push(
              `${route} de un vendedor de A con ${un(names)} que no es suyo: ${notTheirs.statusCode} ${notTheirs.body.slice(0, 120)}`,
            );
        }
        if (method === 'GET' && names !== 'documento') {
          const own = await send(options, tokenA);
          if (own.statusCode !== 200) failures.push(`${route} de la propia empresa A: ${own.statusCode} (el 404 no probaría nada)`);
        }
      } else if (bulk) {
        // Refused, or answered without touching A's clients (checked again at the end).
        if (other.statusCode < 300 && other.json().actualizados !== 0) failures.push(`${route} de B cambió clientes de A: ${other.body}`);
      } else if (filtered) {
        if (other.statusCode < 300 && (other.json() as unknown[]).length)
          failures.push(`${route} de la empresa B con el proveedor de A lista sus documentos: ${other.body.slice(0, 120)}`);
        const mine = await send(options, tokenA);
        if (mine.statusCode !== 200 || !(mine.json() as unknown[]).length)
          failures.push(`${route} de la propia empresa A: ${mine.statusCode} ${mine.body.slice(0, 120)} (la lista vacía no probaría nada)`);
      } else if ((method === 'GET' || path.endsWith('/emision')) && other.body.includes(marker)) {
        failures.push(`${route} de la empresa B muestra el cliente de A`);
      }
      // The purchase side is accounting's: a seller is refused by role on each of its routes, before any record.
      if (COMPRAS.test(path)) {
        if (!sellerRefused.has(route.replace(/(.)\/$/, '$1'))) failures.push(`${route}: el rol vendedor no está excluido`);
        else if (!names) {
          const sellers = await send(options, seller);
          if (sellers.statusCode !== 403 || sellers.json().code !== ROLE_REFUSED_CODE)
            failures.push(`${route} de un vendedor: ${sellers.statusCode} ${sellers.body.slice(0, 120)}`);
        }
      }
      // 503: a lookup whose outside services are not configured here ("no hay disponibilidad en el SRI").
      if (other.statusCode >= 500 && other.statusCode !== 503) failures.push(`${route} de la empresa B: ${other.statusCode}`);
    }
    console.log(`aislamiento (${kind}): ${walked.length} operaciones\n  ${walked.join('\n  ')}`);
    expect(failures, `${failures.length} fallas`).toEqual([]);
    // The walk covers at least the clients book's, the catalogue's and the invoices' own routes, with A's records.
    for (const route of [
      'GET /api/clientes/{id} (cliente)',
      'PUT /api/clientes/{CLI_CODIGO} (cliente)',
      'DELETE /api/clientes/{id} (cliente)',
      'PUT /api/clientes/lote (lote)',
      'GET /api/catalogo/',
      'GET /api/catalogo/{id} (producto)',
      'PUT /api/catalogo/{id} (producto)',
      'DELETE /api/catalogo/{id} (producto)',
      'GET /api/facturas/',
      'GET /api/facturas/totales',
      'POST /api/facturas/ (cliente)',
      'GET /api/facturas/{id} (factura)',
      'PUT /api/facturas/{id} (factura)',
      'DELETE /api/facturas/{id} (factura)',
      'POST /api/facturas/{id}/emitir (factura)',
      'GET /api/facturas/{id}/xml (factura)',
      'GET /api/facturas/{id}/ride (factura)',
      'POST /api/notasCredito/ (factura)',
      'GET /api/notasCredito/{id} (nota de crédito)',
      'PUT /api/notasCredito/{id} (nota de crédito)',
      'GET /api/notasCredito/{id}/xml (nota de crédito)',
      'POST /api/notasDebito/ (factura)',
      'GET /api/notasDebito/{id}/autorizado (nota de débito)',
      'GET /api/proveedores/{id} (proveedor)',
      'PUT /api/proveedores/{PRV_CODIGO} (proveedor)',
      'DELETE /api/proveedores/{id} (proveedor)',
      'POST /api/proveedores/{id}/banderas (proveedor)',
      'GET /api/proveedores/{id}/cuenta (proveedor)',
      'GET /api/proveedores/{id}/cuenta/reporte (proveedor)',
      'GET /api/recibidos/{id} (documento recibido)',
      'DELETE /api/recibidos/{id} (documento recibido)',
      'GET /api/recibidos/{id}/xml (documento recibido)',
      'GET /api/recibidos/{id}/ride (documento recibido)',
      'POST /api/retenciones/ (proveedor)',
      'GET /api/retenciones/sustentos',
      'PUT /api/retenciones/{id} (retención)',
      'POST /api/retenciones/{id}/emitir (retención)',
      'GET /api/retenciones/{id}/autorizado (retención)',
      'POST /api/retenciones/{id}/anular (retención)',
      'POST /api/liquidacionesCompra/ (proveedor)',
      'PUT /api/liquidacionesCompra/{id} (liquidación de compra)',
      'GET /api/liquidacionesCompra/{id}/ride (liquidación de compra)',
      'POST /api/liquidacionesCompra/{id}/correo (liquidación de compra)',
      'GET /api/codigosRetencion',
      'GET /api/transportistas/',
      'GET /api/transportistas/{id} (transportista)',
      'PUT /api/transportistas/{TRA_CODIGO} (transportista)',
      'DELETE /api/transportistas/{id} (transportista)',
      'GET /api/guiasRemision/',
      'GET /api/guiasRemision/totales',
      'GET /api/guiasRemision/desdeFactura/{id} (factura)',
      'POST /api/guiasRemision/ (factura)',
      'GET /api/guiasRemision/{id} (guía de remisión)',
      'PUT /api/guiasRemision/{id} (guía de remisión)',
      'DELETE /api/guiasRemision/{id} (guía de remisión)',
      'POST /api/guiasRemision/{id}/emitir (guía de remisión)',
      'GET /api/guiasRemision/{id}/xml (guía de remisión)',
      'GET /api/guiasRemision/{id}/ride (guía de remisión)',
      'GET /api/guiasRemision/{id}/autorizado (guía de remisión)',
      'POST /api/guiasRemision/{id}/correo (guía de remisión)',
      'POST /api/guiasRemision/{id}/anular (guía de remisión)',
      'GET /api/ofertas/',
      'POST /api/ofertas/ (cliente)',
      'GET /api/ofertas/{id} (oferta)',
      'PUT /api/ofertas/{id} (oferta)',
      'DELETE /api/ofertas/{id} (oferta)',
      'GET /api/ofertas/{id}/pdf (oferta)',
      'POST /api/ofertas/{id}/correo (oferta)',
      'POST /api/ofertas/{id}/aceptar (oferta)',
      'POST /api/ofertas/{id}/rechazar (oferta)',
      'POST /api/ofertas/{id}/facturar (oferta)',
      'GET /api/clavesApi/{id} (clave de API)',
      'POST /api/clavesApi/{id}/revocar (clave de API)',
      'GET /api/webhooks/{id} (webhook)',
      'GET /api/webhooks/{id}/entregas/{entrega} (webhook)',
      'POST /api/webhooks/{id}/entregas/{entrega}/reenviar (webhook)',
    ])
      expect(walked).toContain(route);
    expect(walked.length).toBeGreaterThanOrEqual(30);
    // B's purchase lists hold none of A's rows, while A's own lists show them.
    for (const [url, key, id] of [
      ['/api/proveedores', 'PRV_CODIGO', supplier],
      ['/api/recibidos', 'REC_CODIGO', received],
      ['/api/retenciones', 'FAC_CODIGO', retention],
      ['/api/liquidacionesCompra', 'FAC_CODIGO', purchase],
      ['/api/transportistas', 'TRA_CODIGO', carrier],
      ['/api/guiasRemision', 'FAC_CODIGO', guide],
      ['/api/ofertas', 'OFE_CODIGO', quote],
    ] as const) {
      const ids = async (token: string) =>
        ((await send({ method: 'GET', url }, token)).json() as Array<Record<string, number>>).map((row) => row[key]);
      expect(await ids(tokenA), url).toContain(id);
      expect(await ids(tokenB), url).not.toContain(id);
      // A seller lists the company's carriers and guías, and not the quote to a client that is not theirs.
      if (!COMPRAS.test(url))
        expect(await ids(seller), url).toEqual(url === '/api/ofertas' ? expect.not.arrayContaining([id]) : expect.arrayContaining([id]));
    }
    // B's lists were searched for the marker that A's own lists do show (the absence above is not an empty search).
    for (const url of ['/api/catalogo', '/api/facturas', '/api/proveedores', '/api/transportistas', '/api/guiasRemision', '/api/ofertas'])
      expect(JSON.stringify(await own(`${url}?filter=${encodeURIComponent(JSON.stringify({ q: marker }))}`))).toContain(marker);
    // Nothing of A changed: the client, its product, its invoice, its purchases, its carrier, guía and quote, its document.
    expect(await Promise.all(records.map(own))).toEqual(before);
    expect(await t.db.select().from(clientesDocumentos).where(eq(clientesDocumentos.CDO_ID, document))).toHaveLength(1);
  }, 120_000);

  it('un vendedor edita una guía de la empresa, pero no le pone como sustento la factura de un cliente que no es suyo (404)', async () => {
    const [first] = guideBody.destinatarios as Array<Record<string, unknown>>;
    const transfer = { ...guideBody, destinatarios: [{ ...first, CLI_CODIGO: null, GDE_SUSTENTO: null, GDE_MOTIVO: 'Traslado' }] };
    const draft = await send({ method: 'POST', url: '/api/guiasRemision', payload: transfer }, tokenA);
    expect(draft.statusCode, draft.body).toBe(201);
    const url = `/api/guiasRemision/${draft.json().FAC_CODIGO}`;
    const before = await send({ method: 'GET', url }, tokenA);
    const cited = await send({ method: 'PUT', url, payload: guideBody }, seller);
    expect(cited.statusCode, cited.body).toBe(404);
    expect(cited.json().msg).toBe(GUIAS_MSG.sustentoAjeno);
    expect((await send({ method: 'GET', url }, seller)).json()).toEqual(before.json());
    // The same draft with a new plate and no support document is the seller's to change.
    const plate = await send({ method: 'PUT', url, payload: { ...transfer, GUI_PLACA: 'GYE-0987' } }, seller);
    expect(plate.statusCode, plate.body).toBe(200);
    expect(plate.json()).toMatchObject({ GUI_PLACA: 'GYE-0987' });
  });

  it('los códigos de retención de administración: sin sesión 401, con token de empresa 403, un distribuidor sin el menú 403 SIN_ACCESO', async () => {
    const distributor = (await loginAdmin(t, DEMO.distribuidor)).token;
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const admin = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/EmpresasAmelia/codigosRetencion'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
    expect(admin.map(({ method, path }) => show(method, path.replace(/(.)\/$/, '$1'))).sort()).toEqual([
      'DELETE /api/EmpresasAmelia/codigosRetencion/{id}',
      'GET /api/EmpresasAmelia/codigosRetencion',
      'GET /api/EmpresasAmelia/codigosRetencion/{id}',
      'POST /api/EmpresasAmelia/codigosRetencion',
      'PUT /api/EmpresasAmelia/codigosRetencion/{id}',
    ]);
    const failures: string[] = [];
    for (const { method, path } of admin) {
      // The code A's retención applied: the guard answers before it is read, changed or deleted.
      const options: InjectOptions = {
        method: method as InjectOptions['method'],
        url: path.replace('{id}', String(withholdingCode)),
        ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
      };
      const route = show(method, path);
      const anonymous = await send(options);
      if (anonymous.statusCode !== 401) failures.push(`${route} sin sesión: ${anonymous.statusCode}`);
      for (const [who, token] of [
        ['la empresa A', tokenA],
        ['un vendedor', seller],
      ] as const) {
        const res = await send(options, token);
        if (![401, 403].includes(res.statusCode))
          failures.push(`${route} con token de ${who}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      const res = await send(options, distributor);
      if (res.statusCode !== 403 || res.json().code !== NO_ACCESS_CODE)
        failures.push(`${route} de un distribuidor sin el menú: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    // The administrator (profile 1, menu 15) reads the code that A read for its retención, unchanged.
    const read = await send({ method: 'GET', url: `/api/EmpresasAmelia/codigosRetencion/${withholdingCode}` }, adminToken);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ RCO_ID: withholdingCode, RCO_IMPUESTO: '1', usos: 1 });
  });
});
