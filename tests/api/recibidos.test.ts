import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { borrador, crearOk, nuevoCliente } from '../helpers/facturas-api';
import { emitirAutorizada, tornilloConSri } from '../helpers/sri';
import { crearCertificadosPrueba, CLAVE_P12 } from '../helpers/certificados';
import { hashPassword } from '../../server/infra/passwords';
import { abrirCertificado } from '../../server/modules/firmas/certificado';
import { firmarXml } from '../../server/modules/comprobantes';
import { empresas, proveedores, usuarios } from '../../server/infra/db/schema';
import type { SriLocal } from '../../server/sri-local';
import { generarClaveAcceso } from '../../domain/comprobantes/clave-acceso';
import { CLAVE_MSG } from '../../domain/facturas/mensajes';
import {
  RECIBIDOS_MSG,
  type Recibido,
  type RecibidoDetalle,
  type RecibidosTotales,
  type ResultadoImportacion,
} from '../../domain/contratos/recibidos';

/**
 * Documents received: Ferretería El Tornillo invoices Andina through the local SRI, and Andina records those invoices
 * by access key, by their authorized files (alone and in a ZIP), and by the SRI portal's report; every refusal with its
 * reason (a changed byte, another buyer, a test document in production, a key the SRI does not know, the SRI down), the
 * list, its totals and export, the downloads, deleting, and who may see them.
 */
const FIXTURES = join(__dirname, '../fixtures/recibidos');
const certs = crearCertificadosPrueba();
afterAll(() => certs.limpiar());
const certificado = abrirCertificado(certs.legacy, CLAVE_P12);
/** A client of Andina's who withholds on its invoices and sells to it by liquidación: the issuer of the documents below. */
const RUC_CLIENTE = '0990017212001';

/** A document of another issuer, signed with a test certificate (the check is cryptographic: any valid signature passes). */
function firmado(codDoc: '03' | '07', raiz: string, info: string, cuerpo: string, secuencial: number) {
  const clave = generarClaveAcceso({
    fechaEmision: '15/01/2026',
    codDoc,
    ruc: RUC_CLIENTE,
    ambiente: '1',
    estab: '002',
    ptoEmi: '001',
    secuencial: String(secuencial).padStart(9, '0'),
  });
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?><${raiz} id="comprobante" version="${codDoc === '03' ? '1.1.0' : '1.0.0'}">` +
    `<infoTributaria><ambiente>1</ambiente><tipoEmision>1</tipoEmision><razonSocial>COMERCIAL DEL PACÍFICO S.A.</razonSocial>` +
    `<ruc>${RUC_CLIENTE}</ruc><claveAcceso>${clave}</claveAcceso><codDoc>${codDoc}</codDoc><estab>002</estab><ptoEmi>001</ptoEmi>` +
    `<secuencial>${String(secuencial).padStart(9, '0')}</secuencial><dirMatriz>Av. 9 de Octubre 100, Guayaquil</dirMatriz></infoTributaria>` +
    `${info}${cuerpo}</${raiz}>`;
  return { clave, xml: firmarXml(xml, certificado) };
}

/** A multipart body with several file parts of the same field. */
function multipartVarios(field: string, archivos: Array<[string, Buffer | Uint8Array]>) {
  const boundary = `----amelia${randomBytes(8).toString('hex')}`;
  const partes = archivos.flatMap(([nombre, contenido]) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${nombre}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(contenido),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...partes, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(testDatabases)('documentos recibidos (%s)', (kind) => {
  let sri: SriLocal;
  let t: TestApp;
  let tornillo: string;
  let andina: string;
  let andinaEmpresa: number;
  let punto: number;
  let otroCliente: number;
  let andinaCliente: number;

  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/recibidos${url}`, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
  const subir = (token: string, url: string, field: string, archivos: Array<[string, Buffer | Uint8Array]>) => {
    const { payload, headers } = multipartVarios(field, archivos);
    return t.app.inject({ method: 'POST', url: `/api/recibidos${url}`, headers: { ...headers, 'x-token': token }, payload });
  };
  /** An invoice of Tornillo's, authorized by the local SRI: its access key and its authorized XML file. */
  const facturaAutorizada = async (comprador = andinaCliente) => {
    const id = await crearOk(t, tornillo, borrador(punto, comprador));
    const f = await emitirAutorizada(t, tornillo, id, { sinCola: false, timeoutMs: 30_000 });
    const autorizado = await t.app.inject({ method: 'GET', url: `/api/facturas/${id}/autorizado`, headers: { 'x-token': tornillo } });
    expect(autorizado.statusCode).toBe(200);
    return { clave: f.FAC_CLAVE_ACCESO!, numero: f.FAC_NUMERO!, total: f.FAC_TOTAL, xml: autorizado.body };
  };
  const resultado = (res: { statusCode: number; body: string; json(): unknown }) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ResultadoImportacion;
  };

  beforeAll(async () => {
    let empresa: number;
    ({
      sri,
      t,
      tornillo,
      andina,
      punto,
      empresa,
      cliente: otroCliente,
    } = await tornilloConSri(kind, {
      cliente: 611,
      sri: { demoraAutorizacionMs: 20 },
    }));
    void empresa;
    andinaEmpresa = (await loginCompany(t, COMPANIES.andina)).COM_CODIGO;
    // Andina, a client of Tornillo by its RUC: what Tornillo sells it arrives at Andina as a supplier's invoice.
    const [tornilloEmpresa] = await t.db
      .select({ id: empresas.EMP_CODIGO })
      .from(empresas)
      .where(eq(empresas.EMP_RUC, COMPANIES.tornillo.ruc));
    andinaCliente = await nuevoCliente(t, tornilloEmpresa!.id, 612, {
      CLI_TIPO_IDENTIFICACION: '04',
      CLI_IDENTIFICACION: COMPANIES.andina.ruc,
      CLI_RAZON_SOCIAL: 'ANDINA DE SERVICIOS S.A.',
    });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await sri?.close();
  });

  it('imports an invoice by its access key: the SRI gives it, the issuer joins the suppliers, a second time is a duplicate', async () => {
    const f = await facturaAutorizada();
    const r = resultado(await call(andina, 'POST', '/claves', { claves: `Clave: ${f.clave}\n` }));
    expect(r).toMatchObject({ importados: 1, duplicados: 0, rechazados: 0, proveedoresNuevos: 1 });
    expect(r.resultados[0]).toMatchObject({ origen: f.clave, clave: f.clave, estado: 'importado', mensaje: 'Proveedor añadido' });

    const detalle = (await call(andina, 'GET', `/${r.resultados[0]!.REC_CODIGO}`)).json() as RecibidoDetalle;
    expect(detalle).toMatchObject({
      REC_TIPO: '01',
      REC_NUMERO: f.numero,
      REC_CLAVE_ACCESO: f.clave,
      REC_EMISOR_RUC: COMPANIES.tornillo.ruc,
      REC_TOTAL: f.total,
      REC_ORIGEN: 'clave',
      REC_AMBIENTE: 1,
      REC_AUTORIZACION: f.clave,
      RETENCION: null,
      COBRO: null,
    });
    expect(detalle.REC_FECHA_AUTORIZACION).not.toBeNull();
    expect(detalle.REC_DATOS.receptor).toEqual({
      tipoIdentificacion: '04',
      identificacion: COMPANIES.andina.ruc,
      razonSocial: 'ANDINA DE SERVICIOS S.A.',
    });
    expect(detalle.REC_DATOS.impuestos.map((i) => i.codigoPorcentaje).sort()).toEqual(['0', '4']);
    expect(detalle.REC_DATOS.pagos[0]).toMatchObject({ formaPago: '01', total: f.total });
    const [proveedor] = await t.db.select().from(proveedores).where(eq(proveedores.PRV_CODIGO, detalle.PRV_CODIGO!));
    expect(proveedor).toMatchObject({
      EMP_CODIGO: andinaEmpresa,
      PRV_IDENTIFICACION: COMPANIES.tornillo.ruc,
      PRV_TIPO_IDENTIFICACION: '04',
    });

    const otra = resultado(await call(andina, 'POST', '/claves', { claves: f.clave }));
    expect(otra).toMatchObject({ importados: 0, duplicados: 1, proveedoresNuevos: 0 });
    expect(otra.resultados[0]).toMatchObject({ estado: 'duplicado', mensaje: RECIBIDOS_MSG.duplicado, REC_CODIGO: detalle.REC_CODIGO });
  });

  it('refuses keys the SRI does not authorize, a wrong check digit, and goes on when the SRI is down for one key', async () => {
    const desconocida = generarClaveAcceso({
      fechaEmision: '02/01/2026',
      codDoc: '01',
      ruc: COMPANIES.tornillo.ruc,
      ambiente: '1',
      estab: '009',
      ptoEmi: '009',
      secuencial: '000000001',
    });
    const malDigito = desconocida.slice(0, 48) + String((Number(desconocida[48]) + 1) % 10);
    const r = resultado(await call(andina, 'POST', '/claves', { claves: `${desconocida}, ${malDigito}` }));
    expect(r.resultados).toEqual([
      { origen: desconocida, clave: desconocida, estado: 'rechazado', mensaje: RECIBIDOS_MSG.noAutorizado, REC_CODIGO: null },
      { origen: malDigito, clave: malDigito, estado: 'rechazado', mensaje: CLAVE_MSG.verificador, REC_CODIGO: null },
    ]);

    const [a, b] = [await facturaAutorizada(), await facturaAutorizada()];
    sri.modo('caido', { veces: 1, servicio: 'autorizacion' });
    const caido = resultado(await call(andina, 'POST', '/claves', { claves: `${a.clave}\n${b.clave}` }));
    expect(caido).toMatchObject({ importados: 1, rechazados: 1 });
    expect(caido.resultados.find((x) => x.estado === 'rechazado')!.mensaje).toBe(RECIBIDOS_MSG.sriNoDisponible);
    // Asked again, the key the SRI did not answer is imported and the other is a duplicate.
    expect(resultado(await call(andina, 'POST', '/claves', { claves: `${a.clave}\n${b.clave}` }))).toMatchObject({
      importados: 1,
      duplicados: 1,
    });

    expect((await call(andina, 'POST', '/claves', { claves: 'ninguna clave aquí 123' })).json()).toEqual({ msg: RECIBIDOS_MSG.sinClaves });
    const muchas = Array.from({ length: 1001 }, (_, i) => `9${String(i).padStart(48, '0')}`).join(' ');
    const demasiadas = await call(andina, 'POST', '/claves', { claves: muchas });
    expect(demasiadas.statusCode).toBe(400);
    expect(demasiadas.json()).toEqual({ msg: RECIBIDOS_MSG.demasiadas });
  });

  it('imports authorized XML files and a ZIP of them; a changed byte, another buyer and a test document in production are refused', async () => {
    const [a, b, c, ajena] = [
      await facturaAutorizada(),
      await facturaAutorizada(),
      await facturaAutorizada(),
      await facturaAutorizada(otroCliente),
    ];
    const alterada = a.xml.replace('ANDINA DE SERVICIOS S.A.', 'ANDINA DE SERVICIOS S.B.');
    expect(alterada).not.toBe(a.xml);
    const r = resultado(
      await subir(andina, '/archivos', 'archivos', [
        ['alterada.xml', Buffer.from(alterada)],
        [`factura-${a.numero}.xml`, Buffer.from(a.xml)],
        ['ajena.xml', Buffer.from(ajena.xml)],
        ['nada.xml', Buffer.from('<nota>hola</nota>')],
      ]),
    );
    expect(r).toMatchObject({ importados: 1, rechazados: 3 });
    expect(r.resultados[0]!.estado).toBe('rechazado');
    expect(r.resultados[0]!.mensaje).toMatch(new RegExp(`^${RECIBIDOS_MSG.firmaInvalida}: El resumen de la referencia`));
    expect(r.resultados[1]).toMatchObject({ origen: `factura-${a.numero}.xml`, clave: a.clave, estado: 'importado' });
    expect(r.resultados[2]).toMatchObject({ origen: 'ajena.xml', clave: ajena.clave, estado: 'rechazado', mensaje: RECIBIDOS_MSG.ajeno });
    expect(r.resultados[3]).toMatchObject({ origen: 'nada.xml', estado: 'rechazado', mensaje: RECIBIDOS_MSG.ilegible });
    const importada = (await call(andina, 'GET', `/${r.resultados[1]!.REC_CODIGO}`)).json() as Recibido;
    expect(importada).toMatchObject({ REC_ORIGEN: 'xml', REC_TOTAL: a.total });

    const zip = zipSync({ 'enero/b.xml': strToU8(b.xml), 'enero/c.xml': strToU8(c.xml), 'leeme.txt': strToU8('no') });
    const enZip = resultado(await subir(andina, '/archivos', 'archivos', [['enero.zip', zip]]));
    expect(enZip).toMatchObject({ importados: 2, rechazados: 0 });
    expect(enZip.resultados.map((x) => x.origen)).toEqual(['enero.zip: enero/b.xml', 'enero.zip: enero/c.xml']);

    // A test document has no tax value: refused while the company is in production.
    const d = await facturaAutorizada();
    await t.db.update(empresas).set({ EMP_AMBIENTE: 2 }).where(eq(empresas.EMP_CODIGO, andinaEmpresa));
    try {
      const pruebas = resultado(await subir(andina, '/archivos', 'archivos', [['d.xml', Buffer.from(d.xml)]]));
      expect(pruebas.resultados[0]).toMatchObject({ estado: 'rechazado', mensaje: RECIBIDOS_MSG.pruebas });
    } finally {
      await t.db.update(empresas).set({ EMP_AMBIENTE: 1 }).where(eq(empresas.EMP_CODIGO, andinaEmpresa));
    }

    expect((await subir(andina, '/archivos', 'archivos', [['factura.pdf', Buffer.from('%PDF')]])).json()).toEqual({
      msg: `factura.pdf: ${RECIBIDOS_MSG.tipoArchivo}`,
    });
    const grande = await subir(andina, '/archivos', 'archivos', [['grande.xml', Buffer.alloc(5 * 1024 * 1024 + 1, 32)]]);
    expect(grande.statusCode).toBe(413);
    expect(grande.json()).toEqual({ msg: RECIBIDOS_MSG.archivoGrande });
    const sinArchivo = await subir(andina, '/archivos', 'otro', [['a.xml', Buffer.from(a.xml)]]);
    expect(sinArchivo.statusCode).toBe(400);
    expect(sinArchivo.json()).toEqual({ msg: RECIBIDOS_MSG.sinArchivos });
  });

  it("imports the SRI portal's report, in its real formats, asking the SRI for each key", async () => {
    const [e, g] = [await facturaAutorizada(), await facturaAutorizada()];
    // The current export's header, a row per document, Windows-1252, as the portal gives it.
    const cabecera =
      'RUC_EMISOR\tRAZON_SOCIAL_EMISOR\tTIPO_COMPROBANTE\tSERIE_COMPROBANTE\tCLAVE_ACCESO\tFECHA_AUTORIZACION\tFECHA_EMISION\tIDENTIFICACION_RECEPTOR\tVALOR_SIN_IMPUESTOS\tIVA\tIMPORTE_TOTAL\tNUMERO_DOCUMENTO_MODIFICADO';
    const fila = (x: { clave: string; numero: string; total: string }) =>
      `${COMPANIES.tornillo.ruc}\tFERRETERÍA EL TORNILLO\tFactura\t${x.numero}\t${x.clave}\t01/01/2026 10:00:00\t01/01/2026\t${COMPANIES.andina.ruc}\t1\t.15\t${x.total}\t`;
    const reporte = Buffer.from([cabecera, fila(e), fila(g), ''].join('\r\n'), 'latin1');
    const r = resultado(await subir(andina, '/reporte', 'archivo', [['recibidos.txt', reporte]]));
    expect(r).toMatchObject({ importados: 2, rechazados: 0 });
    expect(r.resultados.map((x) => [x.origen, x.clave])).toEqual([
      ['línea 2', e.clave],
      ['línea 3', g.clave],
    ]);
    const lista = (await call(andina, 'GET', `?filter=${encodeURIComponent(JSON.stringify({ q: e.clave }))}`)).json() as Recibido[];
    expect(lista.map((x) => x.REC_ORIGEN)).toEqual(['reporte']);

    // The older export (the row one column longer than its header, IMPORTE_TOTAL broken onto its own line) finds the same key.
    const antiguo = [
      'COMPROBANTE\tSERIE_COMPROBANTE\tRUC_EMISOR\tRAZON_SOCIAL_EMISOR\tFECHA_EMISION\tFECHA_AUTORIZACION\tTIPO_EMISION\tIDENTIFICACION_RECEPTOR\tCLAVE_ACCESO\tNUMERO_AUTORIZACION',
      'IMPORTE_TOTAL',
      `Factura\t${e.numero}\t${COMPANIES.tornillo.ruc}\tFERRETERIA\t01/01/2026\t01/01/2026 10:00:00\tNORMAL\t\t${COMPANIES.andina.ruc}\t${e.clave}\t${e.clave}`,
      e.total,
    ].join('\n');
    const otra = resultado(await subir(andina, '/reporte', 'archivo', [['antiguo.txt', Buffer.from(antiguo)]]));
    expect(otra.resultados).toEqual([
      { origen: 'línea 3', clave: e.clave, estado: 'duplicado', mensaje: RECIBIDOS_MSG.duplicado, REC_CODIGO: expect.any(Number) },
    ]);
  });

  it("reads the real report samples kept from public repositories: every document's key on its line", async () => {
    const actual = resultado(
      await subir(andina, '/reporte', 'archivo', [['r.txt', readFileSync(join(FIXTURES, 'reporte-recibidos-2026.txt'))]]),
    );
    expect(actual.resultados).toEqual([
      {
        origen: 'línea 2',
        clave: '0107202601179135268800120150270001617400016174011',
        estado: 'rechazado',
        mensaje: RECIBIDOS_MSG.noAutorizado,
        REC_CODIGO: null,
      },
      {
        origen: 'línea 3',
        clave: '0307202601030042140100120010020000050249846951115',
        estado: 'rechazado',
        mensaje: RECIBIDOS_MSG.noAutorizado,
        REC_CODIGO: null,
      },
      {
        origen: 'línea 4',
        clave: '0307202604099078906100120040200006922020069220213',
        estado: 'rechazado',
        mensaje: RECIBIDOS_MSG.noAutorizado,
        REC_CODIGO: null,
      },
    ]);
    const antiguo = resultado(
      await subir(andina, '/reporte', 'archivo', [['r.txt', readFileSync(join(FIXTURES, 'reporte-recibidos-2020.txt'))]]),
    );
    expect(antiguo.resultados.map((x) => [x.origen, x.clave])).toEqual([['línea 3', '2910202001060129376400120030060004739671234567818']]);

    const noEs = await subir(andina, '/reporte', 'archivo', [['r.txt', Buffer.from('hola\tmundo\n')]]);
    expect(noEs.statusCode).toBe(400);
    expect(noEs.json()).toEqual({ msg: RECIBIDOS_MSG.reporte });
  });

  it('reads a retención 1.0.0 and a liquidación de compra from their issuer, in the SOAP answer some tools save, matching its client', async () => {
    const cliente = await nuevoCliente(t, andinaEmpresa, 613, { CLI_TIPO_IDENTIFICACION: '04', CLI_IDENTIFICACION: RUC_CLIENTE });
    const retencion = firmado(
      '07',
      'comprobanteRetencion',
      '<infoCompRetencion><fechaEmision>15/01/2026</fechaEmision><obligadoContabilidad>SI</obligadoContabilidad>' +
        '<tipoIdentificacionSujetoRetenido>04</tipoIdentificacionSujetoRetenido><razonSocialSujetoRetenido>ANDINA</razonSocialSujetoRetenido>' +
        `<identificacionSujetoRetenido>${COMPANIES.andina.ruc}</identificacionSujetoRetenido><periodoFiscal>01/2026</periodoFiscal></infoCompRetencion>`,
      '<impuestos>' +
        '<impuesto><codigo>1</codigo><codigoRetencion>312</codigoRetencion><baseImponible>100.00</baseImponible><porcentajeRetener>1.75</porcentajeRetener>' +
        '<valorRetenido>1.75</valorRetenido><codDocSustento>01</codDocSustento><numDocSustento>001001000000777</numDocSustento><fechaEmisionDocSustento>10/01/2026</fechaEmisionDocSustento></impuesto>' +
        '<impuesto><codigo>2</codigo><codigoRetencion>1</codigoRetencion><baseImponible>15.00</baseImponible><porcentajeRetener>30</porcentajeRetener>' +
        '<valorRetenido>4.50</valorRetenido><codDocSustento>01</codDocSustento><numDocSustento>001001000000777</numDocSustento><fechaEmisionDocSustento>10/01/2026</fechaEmisionDocSustento></impuesto>' +
        '</impuestos>',
      1,
    );
    const liquidacion = firmado(
      '03',
      'liquidacionCompra',
      '<infoLiquidacionCompra><fechaEmision>15/01/2026</fechaEmision><obligadoContabilidad>SI</obligadoContabilidad>' +
        '<tipoIdentificacionProveedor>04</tipoIdentificacionProveedor><razonSocialProveedor>ANDINA</razonSocialProveedor>' +
        `<identificacionProveedor>${COMPANIES.andina.ruc}</identificacionProveedor><totalSinImpuestos>40.00</totalSinImpuestos><totalDescuento>0.00</totalDescuento>` +
        '<totalConImpuestos><totalImpuesto><codigo>2</codigo><codigoPorcentaje>4</codigoPorcentaje><baseImponible>40.00</baseImponible><tarifa>15</tarifa><valor>6.00</valor></totalImpuesto></totalConImpuestos>' +
        '<importeTotal>46.00</importeTotal><moneda>DOLAR</moneda><pagos><pago><formaPago>20</formaPago><total>46.00</total></pago></pagos></infoLiquidacionCompra>',
      '<detalles><detalle><descripcion>Mantenimiento</descripcion><cantidad>1</cantidad><precioUnitario>40</precioUnitario><descuento>0</descuento>' +
        '<precioTotalSinImpuesto>40.00</precioTotalSinImpuesto><impuestos><impuesto><codigo>2</codigo><codigoPorcentaje>4</codigoPorcentaje><tarifa>15</tarifa>' +
        '<baseImponible>40.00</baseImponible><valor>6.00</valor></impuesto></impuestos></detalle></detalles>',
      2,
    );
    const autorizacion = (c: { clave: string; xml: string }, comprobante: string) =>
      `<autorizacion><estado>AUTORIZADO</estado><numeroAutorizacion>${c.clave}</numeroAutorizacion>` +
      `<fechaAutorizacion>2026-01-15T10:00:00-05:00</fechaAutorizacion><ambiente>PRUEBAS</ambiente><comprobante>${comprobante}</comprobante></autorizacion>`;
    // The whole SOAP answer, the comprobante as escaped text rather than CDATA.
    const soap =
      '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ns2:autorizacionComprobanteResponse xmlns:ns2="http://ec.gob.sri.ws.autorizacion">' +
      `<RespuestaAutorizacionComprobante><claveAccesoConsultada>${liquidacion.clave}</claveAccesoConsultada><numeroComprobantes>1</numeroComprobantes><autorizaciones>` +
      autorizacion(liquidacion, liquidacion.xml.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')) +
      '</autorizaciones></RespuestaAutorizacionComprobante></ns2:autorizacionComprobanteResponse></soap:Body></soap:Envelope>';
    const r = resultado(
      await subir(andina, '/archivos', 'archivos', [
        ['retencion.xml', Buffer.from(autorizacion(retencion, `<![CDATA[${retencion.xml}]]>`))],
        ['liquidacion.xml', Buffer.from(soap)],
        // A bare signed comprobante is no proof of authorization: its key is asked to the SRI, which never received it.
        ['sin-autorizacion.xml', Buffer.from(firmado('03', 'liquidacionCompra', '', '', 3).xml)],
      ]),
    );
    expect(r).toMatchObject({ importados: 2, rechazados: 1, proveedoresNuevos: 0 });
    expect(r.resultados[2]).toMatchObject({ origen: 'sin-autorizacion.xml', estado: 'rechazado', mensaje: RECIBIDOS_MSG.noAutorizado });
    expect(r.resultados[0]!.mensaje).toEqual(expect.any(String));

    const ret = (await call(andina, 'GET', `/${r.resultados[0]!.REC_CODIGO}`)).json() as RecibidoDetalle;
    expect(ret).toMatchObject({
      REC_TIPO: '07',
      CLI_CODIGO: cliente,
      PRV_CODIGO: null,
      REC_SUBTOTAL: '0.00',
      REC_IVA: '0.00',
      REC_TOTAL: '6.25',
    });
    expect(ret.REC_DATOS.periodoFiscal).toBe('01/2026');
    expect(ret.REC_DATOS.retenciones).toEqual([
      {
        codigo: '1',
        codigoRetencion: '312',
        baseImponible: '100.00',
        porcentajeRetener: '1.75',
        valorRetenido: '1.75',
        codDocSustento: '01',
        numDocSustento: '001-001-000000777',
        fechaEmisionDocSustento: '2026-01-10',
      },
      {
        codigo: '2',
        codigoRetencion: '1',
        baseImponible: '15.00',
        porcentajeRetener: '30',
        valorRetenido: '4.50',
        codDocSustento: '01',
        numDocSustento: '001-001-000000777',
        fechaEmisionDocSustento: '2026-01-10',
      },
    ]);
    const liq = (await call(andina, 'GET', `/${r.resultados[1]!.REC_CODIGO}`)).json() as RecibidoDetalle;
    expect(liq).toMatchObject({
      REC_TIPO: '03',
      CLI_CODIGO: cliente,
      REC_SUBTOTAL: '40.00',
      REC_IVA: '6.00',
      REC_TOTAL: '46.00',
      REC_NUMERO: '002-001-000000002',
    });
    expect(liq.REC_DATOS.receptor.identificacion).toBe(COMPANIES.andina.ruc);
  });

  it('lists with filters, totals by month and type, exports, downloads the XML and the RIDE, and deletes', async () => {
    const f = await facturaAutorizada();
    const [hecho] = resultado(await call(andina, 'POST', '/claves', { claves: f.clave })).resultados;
    const id = hecho!.REC_CODIGO!;

    const lista = await call(
      andina,
      'GET',
      `?filter=${encodeURIComponent(JSON.stringify({ REC_TIPO: '01', retenible: true }))}&range=[0,99]`,
    );
    expect(lista.statusCode).toBe(200);
    expect(lista.headers['content-range']).toMatch(/^recibidos 0-\d+\/\d+$/);
    const filas = lista.json() as Recibido[];
    expect(filas.map((x) => x.REC_CODIGO)).toContain(id);
    expect(filas.every((x) => x.REC_TIPO === '01' && x.RETENCION === null)).toBe(true);
    expect((await call(andina, 'GET', `?filter=${encodeURIComponent(JSON.stringify({ REC_TIPO: '04' }))}`)).json()).toEqual([]);
    expect((await call(andina, 'GET', `?filter=${encodeURIComponent(JSON.stringify({ desde: 'ayer' }))}`)).statusCode).toBe(400);

    const deFacturas = encodeURIComponent(JSON.stringify({ REC_TIPO: '01' }));
    const totales = (await call(andina, 'GET', `/totales?filter=${deFacturas}`)).json() as RecibidosTotales;
    expect(totales.cantidad).toBe(filas.length);
    // Unfiltered, each month and type apart: the client's retención of January counts what it withheld.
    const todos = (await call(andina, 'GET', '/totales')).json() as RecibidosTotales;
    expect(todos.cantidad).toBe(todos.porMes.reduce((n, m) => n + m.cantidad, 0));
    expect(todos.porMes).toContainEqual({ mes: '2026-01', REC_TIPO: '07', cantidad: 1, subtotal: '0.00', iva: '0.00', total: '6.25' });
    const mes = totales.porMes.find((m) => m.REC_TIPO === '01')!;
    expect(mes).toMatchObject({ mes: filas[0]!.REC_FECHA.slice(0, 7), cantidad: filas.length });
    expect(mes.total).toBe(filas.reduce((s, x) => s + Number(x.REC_TOTAL), 0).toFixed(2));

    const csv = await call(andina, 'GET', '/exportar?formato=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/documentos-recibidos/);
    expect(csv.body).toContain('Tipo,Número,Fecha,RUC del emisor,Emisor');
    expect(csv.body).toContain(f.clave);
    expect((await call(andina, 'GET', '/exportar?formato=xlsx')).headers['content-type']).toMatch(/spreadsheetml/);

    const xml = await call(andina, 'GET', `/${id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-disposition']).toContain(`recibido-01-${f.numero}.xml`);
    expect(xml.body).toContain(`<claveAcceso>${f.clave}</claveAcceso>`);
    const ride = await call(andina, 'GET', `/${id}/ride`);
    expect(ride.statusCode).toBe(200);
    expect(ride.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    expect((await call(andina, 'DELETE', `/${id}`)).json()).toEqual({ REC_CODIGO: id });
    expect((await call(andina, 'GET', `/${id}`)).statusCode).toBe(404);
    // Forgotten, it can be imported again.
    expect(resultado(await call(andina, 'POST', '/claves', { claves: f.clave })).importados).toBe(1);
  });

  it("keeps each company's documents to itself, and a seller out", async () => {
    const f = await facturaAutorizada();
    const id = resultado(await call(andina, 'POST', '/claves', { claves: f.clave })).resultados[0]!.REC_CODIGO!;
    for (const url of [`/${id}`, `/${id}/xml`, `/${id}/ride`]) {
      const res = await call(tornillo, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ msg: RECIBIDOS_MSG.noEncontrado });
    }
    expect((await call(tornillo, 'DELETE', `/${id}`)).statusCode).toBe(404);
    expect(
      ((await call(tornillo, 'GET', `?filter=${encodeURIComponent(JSON.stringify({ q: f.clave }))}`)).json() as Recibido[]).length,
    ).toBe(0);

    await t.db.insert(usuarios).values({
      COM_CODIGO: andinaEmpresa,
      USU_USUARIO: `rec.vendedor.${kind}`,
      USU_CLAVE: await hashPassword(COMPANIES.andina.clave),
      USU_ROL: 'vendedor',
    });
    const vendedor = (await loginCompany(t, { ...COMPANIES.andina, usuario: `rec.vendedor.${kind}` })).token;
    expect((await call(vendedor, 'GET', '')).statusCode).toBe(403);
    expect((await call(vendedor, 'POST', '/claves', { claves: f.clave })).statusCode).toBe(403);
  });
});
