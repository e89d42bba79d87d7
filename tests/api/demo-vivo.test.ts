import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMParser } from '@xmldom/xmldom';
import { and, count, eq, inArray } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, loginAdmin, loginCompany } from '../helpers/accounts';
import { facturas, sriCola } from '../../server/infra/db/schema';
import { vivificarDemo, type ResumenDemo } from '../../server/demo/vivo';
import { verificarFirmaXml } from '../../server/modules/comprobantes';
import type { MiPlan } from '../../server/modules/planesEmpresa/contract';
import type { FacturasEstados } from '../../server/modules/facturas/contract';
import type { Ingreso } from '../../server/modules/ingresos/contract';
import { DEMO } from '../../server/infra/db/demo-accounts';
import type { Proveedor } from '../../domain/contratos/proveedores';
import type { Recibido, RecibidoDetalle } from '../../domain/contratos/recibidos';
import type { Retencion } from '../../domain/contratos/retenciones';
import type { LiquidacionCompra, LiquidacionCompraDetalle } from '../../domain/contratos/liquidacionesCompra';
import type { CuentaProveedor } from '../../domain/contratos/proveedoresCuenta';
import type { Transportista } from '../../domain/contratos/transportistas';
import type { GuiaRemision, GuiaRemisionDetalle } from '../../domain/contratos/guiasRemision';
import type { Oferta, OfertaDetalle } from '../../domain/contratos/ofertas';
import type { FacturaDetalle } from '../../domain/contratos/facturas';
import { carpetaTemporal, esquemaSri } from '../helpers/archivos';
import { hoyEcuador } from '../../domain/fechas';

const { esquemaAcepta } = carpetaTemporal('demo-vivo-');

/**
 * The living demo of `npm start`'s first start (server/demo/vivo.ts) on a freshly seeded database: what a visitor of
 * Comercial Andina and Ferretería El Tornillo, and of the back office, finds there.
 */
describe.each(testDatabases)('la demostración viva (%s)', (kind) => {
  let t: TestApp;
  let resumen: ResumenDemo;
  const sesiones: Record<'andina' | 'tornillo', { token: string; empresa: number }> = {
    andina: { token: '', empresa: 0 },
    tornillo: { token: '', empresa: 0 },
  };
  let admin: string;
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { 'x-token': token } });

  beforeAll(async () => {
    t = await startTestApp(kind);
    resumen = await vivificarDemo(t.ctx.database, t.config, () => undefined);
    for (const nombre of ['andina', 'tornillo'] as const) {
      const sesion = await loginCompany(t, COMPANIES[nombre]);
      sesiones[nombre] = { token: sesion.token, empresa: sesion.COM_CODIGO };
    }
    admin = (await loginAdmin(t)).token;
  }, 180_000);
  afterAll(() => t?.close());

  it.each(['andina', 'tornillo'] as const)('%s has dozens of clients and products', async (nombre) => {
    const { token } = sesiones[nombre];
    const clientes = await get('/api/clientes/totalClientes', token);
    expect(clientes.json().total).toBeGreaterThanOrEqual(24);
    const productos = await get('/api/catalogo?range=[0,0]', token);
    expect(Number(productos.headers['content-range']!.split('/')[1])).toBeGreaterThanOrEqual(24);
  });

  it('leaves invoices in every final state, none waiting for the SRI, and no document on the queue', async () => {
    const andina = (await get('/api/facturas/estados', sesiones.andina.token)).json() as FacturasEstados;
    const tornillo = (await get('/api/facturas/estados', sesiones.tornillo.token)).json() as FacturasEstados;
    expect(andina.estados).toMatchObject({
      BORRADOR: expect.toBeOneOf([2, 3]),
      DEVUELTA: 1,
      RECHAZADA: 1,
      ANULADA: 1,
      FIRMADA: 0,
      ENVIADA: 0,
      RECIBIDA: 0,
      SIN_RESPUESTA: 0,
    });
    expect(andina.estados.AUTORIZADA).toBeGreaterThanOrEqual(10);
    expect(tornillo.estados.AUTORIZADA).toBeGreaterThanOrEqual(10);
    expect(tornillo.estados.BORRADOR).toBeGreaterThanOrEqual(1);
    expect([andina.pendientes, tornillo.pendientes]).toEqual([0, 0]);
    expect(resumen.facturas.AUTORIZADA).toBe(andina.estados.AUTORIZADA! + tornillo.estados.AUTORIZADA!);
    const [{ n }] = await t.db.select({ n: count() }).from(sriCola);
    expect(n).toBe(0);
  });

  it('every authorized invoice has its authorization number, and the authorized XML carries the signed document', async () => {
    const filas = await t.db
      .select({ id: facturas.FAC_CODIGO, empresa: facturas.EMP_CODIGO, autorizacion: facturas.FAC_AUTORIZACION })
      .from(facturas)
      .where(and(eq(facturas.FAC_TIPO, '01'), inArray(facturas.FAC_ESTADO, ['AUTORIZADA', 'ANULADA'])));
    expect(filas.length).toBeGreaterThanOrEqual(20);
    const tokenDe = (empresa: number) => (empresa === sesiones.andina.empresa ? sesiones.andina : sesiones.tornillo).token;
    for (const fila of filas) {
      expect(fila.autorizacion).toMatch(/^\d{49}$/);
      const firmado = (await get(`/api/facturas/${fila.id}/xml`, tokenDe(fila.empresa))).body;
      const autorizado = (await get(`/api/facturas/${fila.id}/autorizado`, tokenDe(fila.empresa))).body;
      expect(autorizado).toContain(`<numeroAutorizacion>${fila.autorizacion}</numeroAutorizacion>`);
      expect(autorizado).toContain(`<comprobante><![CDATA[${firmado}]]></comprobante>`);
      const documento = new DOMParser().parseFromString(firmado, 'text/xml');
      const firma = documento.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature')[0]!;
      expect(verificarFirmaXml(documento.documentElement!, firma).documentoCompleto).toBe(true);
    }
  });

  it.each([
    ['notasCredito', 'notaCredito'],
    ['notasDebito', 'notaDebito'],
  ] as const)('Ferretería El Tornillo has one %s, AUTORIZADA, of one of its authorized invoices, its XML signed', async (tipo, raiz) => {
    expect(resumen.notas[tipo]).toBe('AUTORIZADA');
    const { token, empresa } = sesiones.tornillo;
    const lista = await get(`/api/${tipo}?range=[0,9]`, token);
    expect(lista.statusCode).toBe(200);
    const notas = lista.json() as Array<{
      FAC_CODIGO: number;
      FAC_ESTADO: string;
      FAC_MODIFICA: number;
      FACTURA_NUMERO: string;
      FAC_AUTORIZACION: string;
    }>;
    expect(notas).toHaveLength(1);
    const [nota] = notas;
    expect(nota).toMatchObject({ FAC_ESTADO: 'AUTORIZADA', FAC_AUTORIZACION: expect.stringMatching(/^\d{49}$/) });
    const [modificada] = await t.db
      .select({ empresa: facturas.EMP_CODIGO, tipo: facturas.FAC_TIPO, estado: facturas.FAC_ESTADO, numero: facturas.FAC_NUMERO })
      .from(facturas)
      .where(eq(facturas.FAC_CODIGO, nota!.FAC_MODIFICA));
    expect(modificada).toEqual({ empresa, tipo: '01', estado: 'AUTORIZADA', numero: nota!.FACTURA_NUMERO });

    const firmado = (await get(`/api/${tipo}/${nota!.FAC_CODIGO}/xml`, token)).body;
    const documento = new DOMParser().parseFromString(firmado, 'text/xml');
    expect(documento.documentElement!.localName).toBe(raiz);
    const firma = documento.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature')[0]!;
    expect(verificarFirmaXml(documento.documentElement!, firma).documentoCompleto).toBe(true);
    const autorizado = (await get(`/api/${tipo}/${nota!.FAC_CODIGO}/autorizado`, token)).body;
    expect(autorizado).toContain(`<numeroAutorizacion>${nota!.FAC_AUTORIZACION}</numeroAutorizacion>`);
    expect(autorizado).toContain(`<comprobante><![CDATA[${firmado}]]></comprobante>`);
    // Comercial Andina issued none.
    expect(Number((await get(`/api/${tipo}?range=[0,0]`, sesiones.andina.token)).headers['content-range']!.split('/')[1])).toBe(0);
  });

  it.each(['andina', 'tornillo'] as const)("%s's plan card counts exactly the documents the SRI authorized", async (nombre) => {
    const { token, empresa } = sesiones[nombre];
    const { plan, aviso } = (await get(`${API}/miEmpresa/plan`, token)).json() as MiPlan;
    const autorizadas = await t.db
      .select({ n: count() })
      .from(facturas)
      .where(inArray(facturas.FAC_ESTADO, ['AUTORIZADA', 'ANULADA']));
    const propias = await t.db.select({ estado: facturas.FAC_ESTADO }).from(facturas).where(eq(facturas.EMP_CODIGO, empresa));
    const pagadas = propias.filter((f) => f.estado === 'AUTORIZADA' || f.estado === 'ANULADA').length;
    expect(pagadas).toBeGreaterThan(0);
    expect(pagadas).toBeLessThan(autorizadas[0]!.n);
    expect(plan).toMatchObject({ PLAN_NOMBRE: 'Pyme', PLANEMPRESA_USADOS: pagadas, estado: 'vigente' });
    expect(aviso.activar).toBe(false);
  });

  it('collections were registered: part of what the clients owe is collected', async () => {
    for (const { token } of Object.values(sesiones)) {
      const neto = (await get('/api/clientes/valorNeto', token)).json();
      expect(Number(neto.cobrado)).toBeGreaterThan(0);
      expect(Number(neto.saldo)).toBeGreaterThan(0);
    }
  });

  it('the back office has tickets at different stages, audit entries and the distributor’s entries into both companies', async () => {
    const soporte = (await get(`${API}/soporte/resumen`, admin)).json() as { total: number; porEstado: Record<string, number> };
    expect(soporte.total).toBe(resumen.tickets);
    expect(Object.values(soporte.porEstado).filter((n) => n > 0).length).toBeGreaterThanOrEqual(3);
    const auditoria = await get(`${API}/auditoria?range=[0,9]`, admin);
    expect(auditoria.statusCode).toBe(200);
    expect((auditoria.json() as unknown[]).length).toBeGreaterThan(0);
    const ingresos = await get(`${API}/ingresos?range=[0,99]`, admin);
    expect(ingresos.statusCode).toBe(200);
    const entradas = new Set((ingresos.json() as Ingreso[]).map((i) => `${i.ADM_USUARIO} ${i.EMP_RUC}`));
    expect(entradas).toEqual(new Set([COMPANIES.andina.ruc, COMPANIES.tornillo.ruc].map((ruc) => `${DEMO.distribuidor.usuario} ${ruc}`)));
  });

  /** The signed XML of an issued document verifies (the core's XML-DSig check), and its authorized XML carries it. */
  async function firmadoYAutorizado(url: string, token: string, raiz: string, autorizacion: string) {
    const firmado = (await get(`${url}/xml`, token)).body;
    const documento = new DOMParser().parseFromString(firmado, 'text/xml');
    expect(documento.documentElement!.localName).toBe(raiz);
    const firma = documento.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature')[0]!;
    expect(verificarFirmaXml(documento.documentElement!, firma).documentoCompleto).toBe(true);
    const autorizado = (await get(`${url}/autorizado`, token)).body;
    expect(autorizado).toContain(`<numeroAutorizacion>${autorizacion}</numeroAutorizacion>`);
    expect(autorizado).toContain(`<comprobante><![CDATA[${firmado}]]></comprobante>`);
    return documento;
  }

  it('Ferretería El Tornillo has two carriers: a transport company with its RUC and plate, a driver with a cédula', async () => {
    const lista = await get('/api/transportistas?range=[0,49]', sesiones.tornillo.token);
    expect(lista.statusCode).toBe(200);
    const transportistas = lista.json() as Transportista[];
    expect(transportistas).toHaveLength(resumen.logistica.transportistas);
    expect(transportistas.map((t) => [t.TRA_TIPO_IDENTIFICACION, t.TRA_ACTIVO]).sort()).toEqual([
      ['04', true],
      ['05', true],
    ]);
    for (const t of transportistas) {
      expect(t.TRA_IDENTIFICACION).toMatch(t.TRA_TIPO_IDENTIFICACION === '04' ? /^\d{10}001$/ : /^\d{10}$/);
      expect(t.TRA_PLACA).toMatch(/^[A-Z]{3}-\d{4}$/);
    }
    // Comercial Andina has none.
    expect((await get('/api/transportistas?range=[0,9]', sesiones.andina.token)).json()).toEqual([]);
  });

  it('the store issued a guía de remisión from an authorized invoice: AUTORIZADA, its XML signed and valid, emailed to the buyer', async () => {
    expect(resumen.logistica.guia.estado).toBe('AUTORIZADA');
    const { token } = sesiones.tornillo;
    const guias = (await get('/api/guiasRemision?range=[0,9]', token)).json() as GuiaRemision[];
    expect(guias.map((g) => [g.FAC_CODIGO, g.FAC_ESTADO, g.FAC_ENTREGA])).toEqual([[resumen.logistica.guia.id, 'AUTORIZADA', 'ENVIADA']]);
    const guia = (await get(`/api/guiasRemision/${guias[0]!.FAC_CODIGO}`, token)).json() as GuiaRemisionDetalle;
    const transportistas = (await get('/api/transportistas?range=[0,49]', token)).json() as Transportista[];
    const camion = transportistas.find((t) => t.TRA_CODIGO === guia.TRA_CODIGO)!;
    expect([camion.TRA_TIPO_IDENTIFICACION, guia.GUI_PLACA]).toEqual(['04', camion.TRA_PLACA]);
    // Its one destinatario is the buyer of the invoice it cites, with that invoice's goods.
    expect(guia.destinatarios).toHaveLength(1);
    const [destinatario] = guia.destinatarios;
    const factura = (await get(`/api/facturas/${destinatario!.GDE_SUSTENTO}`, token)).json() as FacturaDetalle;
    expect(factura).toMatchObject({
      FAC_ESTADO: 'AUTORIZADA',
      FAC_NUMERO: destinatario!.SUSTENTO_NUMERO,
      CLI_CODIGO: destinatario!.CLI_CODIGO,
    });
    expect(destinatario!.detalles.map((d) => [d.GDT_DESCRIPCION, Number(d.GDT_CANTIDAD)])).toEqual(
      factura.lineas.map((l) => [l.FDE_DESCRIPCION, Number(l.FDE_CANTIDAD)]),
    );

    const documento = await firmadoYAutorizado(`/api/guiasRemision/${guia.FAC_CODIGO}`, token, 'guiaRemision', guia.FAC_AUTORIZACION!);
    expect(documento.getElementsByTagName('placa')[0]!.textContent).toBe(guia.GUI_PLACA);
    expect(documento.getElementsByTagName('rucTransportista')[0]!.textContent).toBe(camion.TRA_IDENTIFICACION);
    expect(documento.getElementsByTagName('numDocSustento')[0]!.textContent).toBe(factura.FAC_NUMERO);
    const firmado = (await get(`/api/guiasRemision/${guia.FAC_CODIGO}/xml`, token)).body;
    const esquema = esquemaAcepta(esquemaSri('GuiaRemision_V1.1.0.xsd'), firmado);
    expect(esquema.ok, esquema.salida).toBe(true);
  });

  it('the store has quotes in every state: a draft, one emailed, one accepted and invoiced, one declined, one expired', async () => {
    expect(resumen.logistica.ofertas).toEqual(['BORRADOR', 'ENVIADA', 'ACEPTADA', 'RECHAZADA', 'VENCIDA']);
    const { token } = sesiones.tornillo;
    const ofertas = (await get('/api/ofertas?range=[0,49]', token)).json() as Oferta[];
    expect(ofertas.map((o) => o.OFE_ESTADO).sort()).toEqual(['ACEPTADA', 'BORRADOR', 'ENVIADA', 'RECHAZADA', 'VENCIDA']);
    expect(ofertas.every((o) => Number(o.OFE_TOTAL) > 0)).toBe(true);
    const hoy = hoyEcuador();
    expect(ofertas.find((o) => o.OFE_ESTADO === 'VENCIDA')!.OFE_VALIDEZ < hoy).toBe(true);
    expect(
      ofertas
        .filter((o) => o.OFE_ENVIADA !== null)
        .map((o) => o.OFE_ESTADO)
        .sort(),
    ).toEqual(['ACEPTADA', 'ENVIADA', 'RECHAZADA']);
    // The accepted one became an invoice draft with its client and total.
    const aceptada = ofertas.find((o) => o.OFE_ESTADO === 'ACEPTADA')!;
    expect(aceptada.FAC_CODIGO).toBe(resumen.logistica.facturaDeOferta);
    const detalle = (await get(`/api/ofertas/${aceptada.OFE_CODIGO}`, token)).json() as OfertaDetalle;
    expect(detalle.FAC_ESTADO).toBe('BORRADOR');
    const factura = (await get(`/api/facturas/${aceptada.FAC_CODIGO}`, token)).json() as FacturaDetalle;
    expect([factura.FAC_ESTADO, factura.CLI_CODIGO, factura.FAC_TOTAL]).toEqual(['BORRADOR', aceptada.CLI_CODIGO, aceptada.OFE_TOTAL]);
    expect(ofertas.filter((o) => o.FAC_CODIGO !== null)).toHaveLength(1);
    // Comercial Andina has none.
    expect((await get('/api/ofertas?range=[0,9]', sesiones.andina.token)).json()).toEqual([]);
  });

  it('Ferretería El Tornillo has suppliers with RUC and with cédula, one of them RIMPE, and Comercial Andina added by its import', async () => {
    const lista = await get('/api/proveedores?range=[0,49]', sesiones.tornillo.token);
    expect(lista.statusCode).toBe(200);
    const proveedores = lista.json() as Proveedor[];
    expect(proveedores).toHaveLength(resumen.compras.proveedores);
    expect(proveedores.length).toBeGreaterThanOrEqual(4);
    expect(proveedores.filter((p) => p.PRV_TIPO_IDENTIFICACION === '04').length).toBeGreaterThanOrEqual(3);
    expect(proveedores.some((p) => p.PRV_TIPO_IDENTIFICACION === '05' && /^\d{10}$/.test(p.PRV_IDENTIFICACION))).toBe(true);
    expect(proveedores.filter((p) => p.PRV_BANDERAS?.rimpe === true)).toHaveLength(1);
    expect(proveedores.find((p) => p.PRV_IDENTIFICACION === DEMO.empresa.ruc)?.PRV_RAZON_SOCIAL).toBe('COMERCIAL ANDINA S.A.');
    // The demo's flags service answered only the demo: the real services are asked afresh.
    const rimpe = (await get('/api/proveedores?filter={"bandera":"rimpe"}', sesiones.tornillo.token)).json() as Proveedor[];
    expect(rimpe).toHaveLength(1);
  });

  it('the store received Andina’s invoices (one by access key, the others as XML files) and Andina’s retención', async () => {
    const lista = await get('/api/recibidos?range=[0,49]', sesiones.tornillo.token);
    expect(lista.statusCode).toBe(200);
    const recibidos = lista.json() as Recibido[];
    expect(recibidos).toHaveLength(resumen.compras.recibidos);
    expect(recibidos.every((r) => r.REC_EMISOR_RUC === DEMO.empresa.ruc && /^\d{49}$/.test(r.REC_AUTORIZACION))).toBe(true);
    const facturasRecibidas = recibidos.filter((r) => r.REC_TIPO === '01');
    expect(facturasRecibidas.map((r) => r.REC_ORIGEN).sort()).toEqual(['clave', 'xml', 'xml']);
    // Each one is the invoice Andina issued and the SRI authorized, with its total.
    const emitidas = await t.db
      .select({ clave: facturas.FAC_CLAVE_ACCESO, total: facturas.FAC_TOTAL, estado: facturas.FAC_ESTADO })
      .from(facturas)
      .where(
        inArray(
          facturas.FAC_CLAVE_ACCESO,
          facturasRecibidas.map((r) => r.REC_CLAVE_ACCESO),
        ),
      );
    expect(emitidas).toHaveLength(3);
    for (const r of facturasRecibidas) {
      const emitida = emitidas.find((e) => e.clave === r.REC_CLAVE_ACCESO)!;
      expect([emitida.estado, Number(emitida.total)]).toEqual(['AUTORIZADA', Number(r.REC_TOTAL)]);
    }
    // Exactly one of them withheld on, by the store's retención.
    expect(facturasRecibidas.filter((r) => r.RETENCION?.FAC_ESTADO === 'AUTORIZADA')).toHaveLength(1);
  });

  it('the store issued one retención over a received invoice, AUTORIZADA, its XML signed, and the supplier’s balance fell by it', async () => {
    expect(resumen.compras.retencion).toBe('AUTORIZADA');
    const { token } = sesiones.tornillo;
    const retenciones = (await get('/api/retenciones?range=[0,9]', token)).json() as Retencion[];
    expect(retenciones).toHaveLength(1);
    const [retencion] = retenciones;
    expect(retencion).toMatchObject({ FAC_ESTADO: 'AUTORIZADA', PRV_IDENTIFICACION: DEMO.empresa.ruc });
    expect(Number(retencion!.FAC_SUBTOTAL)).toBeGreaterThan(0);
    expect(Number(retencion!.FAC_IVA)).toBeGreaterThan(0);
    const documento = await firmadoYAutorizado(
      `/api/retenciones/${retencion!.FAC_CODIGO}`,
      token,
      'comprobanteRetencion',
      retencion!.FAC_AUTORIZACION!,
    );
    expect(documento.getElementsByTagName('identificacionSujetoRetenido')[0]!.textContent).toBe(DEMO.empresa.ruc);

    const cuenta = (await get(`/api/proveedores/${retencion!.PRV_CODIGO}/cuenta`, token)).json() as CuentaProveedor;
    const recibidas = (await get('/api/recibidos?range=[0,49]&filter={"REC_TIPO":"01"}', token)).json() as Recibido[];
    const comprado = recibidas.reduce((suma, r) => suma + Math.round(Number(r.REC_TOTAL) * 100), 0);
    expect(cuenta.totales).toEqual({
      comprado: (comprado / 100).toFixed(2),
      notasCredito: '0.00',
      retenido: retencion!.FAC_TOTAL,
      saldo: ((comprado - Math.round(Number(retencion!.FAC_TOTAL) * 100)) / 100).toFixed(2),
    });
  });

  it('the store issued one liquidación de compra to a supplier with a cédula, AUTORIZADA, its XML signed', async () => {
    expect(resumen.compras.liquidacion).toBe('AUTORIZADA');
    const { token } = sesiones.tornillo;
    const liquidaciones = (await get('/api/liquidacionesCompra?range=[0,9]', token)).json() as LiquidacionCompra[];
    expect(liquidaciones).toHaveLength(1);
    const liquidacion = (await get(`/api/liquidacionesCompra/${liquidaciones[0]!.FAC_CODIGO}`, token)).json() as LiquidacionCompraDetalle;
    expect(liquidacion).toMatchObject({ FAC_ESTADO: 'AUTORIZADA', PRV_IDENTIFICACION: expect.stringMatching(/^\d{10}$/) });
    const documento = await firmadoYAutorizado(
      `/api/liquidacionesCompra/${liquidacion.FAC_CODIGO}`,
      token,
      'liquidacionCompra',
      liquidacion.FAC_AUTORIZACION!,
    );
    expect(documento.getElementsByTagName('importeTotal')[0]!.textContent).toBe(liquidacion.FAC_TOTAL);
  });

  it('Andina withheld on the store’s invoice to it: the store imported that retención and it settled part of the invoice', async () => {
    expect(resumen.compras.retencionDeCliente).toBe('AUTORIZADA');
    const { token } = sesiones.tornillo;
    const [recibida] = (await get('/api/recibidos?range=[0,9]&filter={"REC_TIPO":"07"}', token)).json() as Recibido[];
    const detalle = (await get(`/api/recibidos/${recibida!.REC_CODIGO}`, token)).json() as RecibidoDetalle;
    expect(detalle.COBRO).toMatchObject({ COB_VALOR: recibida!.REC_TOTAL });
    expect(detalle.COBRO!.facturas).toHaveLength(1);
    const [aplicada] = detalle.COBRO!.facturas;
    expect(aplicada!.CFA_VALOR).toBe(recibida!.REC_TOTAL);
    const [factura] = await t.db
      .select({ empresa: facturas.EMP_CODIGO, numero: facturas.FAC_NUMERO, total: facturas.FAC_TOTAL })
      .from(facturas)
      .where(eq(facturas.FAC_CODIGO, aplicada!.FAC_CODIGO));
    expect(factura).toMatchObject({ empresa: sesiones.tornillo.empresa, numero: aplicada!.FAC_NUMERO });
    expect(Number(recibida!.REC_TOTAL)).toBeGreaterThan(0);
    expect(Number(recibida!.REC_TOTAL)).toBeLessThan(Number(factura!.total));
  });
});
