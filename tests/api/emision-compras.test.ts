import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { borrador, crearOk } from '../helpers/facturas-api';
import { emitirAutorizada, tornilloConSri } from '../helpers/sri';
import { claveApi, conClave } from '../helpers/claves';
import { cedulaValida } from '../helpers/identificaciones';
import {
  catalogo,
  codigosRetencion,
  establecimientos,
  facturas,
  proveedores,
  puntosEmision,
  recibidos,
  transportistas,
} from '../../server/infra/db/schema';
import type { SriLocal } from '../../server/sri-local';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import { EMISION_MSG, type EmisionDirecta } from '../../domain/contratos/emision';
import { LIQUIDACION_MSG } from '../../domain/liquidacionesCompra';
import { enRetencion, RETENCIONES_MSG } from '../../domain/retenciones';
import { GUIA_MSG } from '../../domain/guiasRemision';
import { GUIAS_MSG, type GuiaRemisionDetalle } from '../../domain/contratos/guiasRemision';

/**
 * One-call issuing on the purchase side and for goods on the road, against the local SRI: a liquidación de compra to a
 * new supplier and to a known one (its data updated), a retención on a supplier's received factura with the SRI's
 * codes, and a guía de remisión with a new carrier and a known one, each answered AUTORIZADA with its number, access
 * key and links; with a session and with an API key; the screens' Spanish 400s with nothing left behind; and an
 * example body for each in the OpenAPI document.
 */
describe.each(testDatabases)('emisión en una llamada: compras y guías (%s)', (kind) => {
  let sri: SriLocal;
  let t: TestApp;
  let tornillo: string;
  let empresa: number;
  let punto: number;
  let cliente: number;
  let clave: string;
  let proveedorRuc: number;
  let numeroRecibido: string;
  let facturaNumero: string;

  const cedulaConocida = cedulaValida(811);
  const cedulaNueva = cedulaValida(812);
  const carreroNuevo = cedulaValida(813);

  const emitir = (ruta: string, body: object, headers: Record<string, string> = { 'x-token': tornillo }) =>
    t.app.inject({ method: 'POST', url: `/api/${ruta}/emision?esperar=10`, headers, payload: body });

  /** A 201 AUTORIZADA whose links answer 200. */
  async function autorizada(ruta: string, body: object, headers?: Record<string, string>) {
    const res = await emitir(ruta, body, headers);
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json() as EmisionDirecta;
    expect(r.estado).toBe('AUTORIZADA');
    expect(r.numero).toMatch(/^001-001-[0-9]{9}$/);
    expect(r.claveAcceso).toMatch(/^[0-9]{49}$/);
    expect(r.autorizacion).toBe(r.claveAcceso);
    for (const enlace of Object.values(r.enlaces)) {
      const get = await t.app.inject({ method: 'GET', url: enlace, headers: { 'x-token': tornillo } });
      expect(get.statusCode, `${enlace}: ${get.body}`).toBe(200);
    }
    return r;
  }

  /** A 400 with `msg` among its reasons, and no new document of type `tipo`. */
  async function rechazada(ruta: string, tipo: string, body: object, msg: string) {
    const antes = await documentos(tipo);
    const res = await emitir(ruta, body);
    expect(res.statusCode, res.body).toBe(400);
    const json = res.json() as { msg: string; errores?: Array<{ mensaje: string }> };
    if (json.errores) expect(json.errores.map((e) => e.mensaje)).toContain(msg);
    else expect(json.msg).toBe(msg);
    expect(await documentos(tipo)).toBe(antes);
  }

  const documentos = async (tipo: string) =>
    (
      await t.db
        .select({ id: facturas.FAC_CODIGO })
        .from(facturas)
        .where(and(eq(facturas.EMP_CODIGO, empresa), eq(facturas.FAC_TIPO, tipo)))
    ).length;
  const proveedor = async (identificacion: string) =>
    (
      await t.db
        .select()
        .from(proveedores)
        .where(and(eq(proveedores.EMP_CODIGO, empresa), eq(proveedores.PRV_IDENTIFICACION, identificacion)))
    )[0];
  const transportista = async (identificacion: string) =>
    (
      await t.db
        .select()
        .from(transportistas)
        .where(and(eq(transportistas.EMP_CODIGO, empresa), eq(transportistas.TRA_IDENTIFICACION, identificacion)))
    )[0];

  beforeAll(async () => {
    ({ sri, t, tornillo, empresa, punto, cliente } = await tornilloConSri(kind, { cliente: 810, sri: { demoraAutorizacionMs: 50 } }));
    const administrador = await loginCompany(t, COMPANIES.tornillo);
    clave = await claveApi(t, { empresa, usuario: administrador.USU_CODIGO, nombre: 'ERP compras' });
    await t.db.insert(catalogo).values([
      { EMP_CODIGO: empresa, CAT_PRINCIPAL: 'EMI-SACO', CAT_DESCRIPCION: 'Saco de yute 50 kg', CAT_PRECIO: '2.50', CAT_IVA: '4' },
      { EMP_CODIGO: empresa, CAT_PRINCIPAL: 'EMI-TOR', CAT_DESCRIPCION: 'Tornillo hexagonal 1/4"', CAT_PRECIO: '0.10', CAT_IVA: '4' },
    ]);
    const [conocido, ruc] = await t.db
      .insert(proveedores)
      .values([
        { EMP_CODIGO: empresa, PRV_TIPO_IDENTIFICACION: '05', PRV_IDENTIFICACION: cedulaConocida, PRV_RAZON_SOCIAL: 'ROSA CHALCO' },
        {
          EMP_CODIGO: empresa,
          PRV_TIPO_IDENTIFICACION: '04',
          PRV_IDENTIFICACION: '1790016919001',
          PRV_RAZON_SOCIAL: 'FERRETERÍA MAYORISTA S.A.',
        },
      ])
      .returning({ id: proveedores.PRV_CODIGO });
    expect(conocido).toBeDefined();
    proveedorRuc = ruc!.id;
    // The supplier's factura the retención withholds on: 100.00 at 15 % (IVA 15.00), as the recibidos module keeps it.
    numeroRecibido = `002-001-${String(Date.now() % 1e9).padStart(9, '0')}`;
    const claveRecibido = `${'8'.repeat(9)}${'2'.repeat(40)}`;
    await t.db.insert(recibidos).values({
      EMP_CODIGO: empresa,
      REC_TIPO: '01',
      REC_CLAVE_ACCESO: claveRecibido,
      REC_NUMERO: numeroRecibido,
      REC_FECHA: hoyEcuador(),
      REC_EMISOR_RUC: '1790016919001',
      REC_EMISOR_RAZON_SOCIAL: 'FERRETERÍA MAYORISTA S.A.',
      PRV_CODIGO: proveedorRuc,
      REC_AUTORIZACION: claveRecibido,
      REC_AMBIENTE: 1,
      REC_SUBTOTAL: '100.00',
      REC_IVA: '15.00',
      REC_TOTAL: '115.00',
      REC_DATOS: {
        receptor: { tipoIdentificacion: '04', identificacion: '1792060346001', razonSocial: 'FERRETERÍA EL TORNILLO' },
        impuestos: [{ codigo: '2', codigoPorcentaje: '4', tarifa: '15.00', baseImponible: '100.00', valor: '15.00' }],
        pagos: [{ formaPago: '20', total: '115.00' }],
      },
      REC_XML: '<factura/>',
      REC_ORIGEN: 'xml',
    });
    // Codes of their own (the seeded table is the back office's to change), in force since 2020.
    await t.db.insert(codigosRetencion).values([
      {
        RCO_IMPUESTO: '1',
        RCO_CODIGO: 'E312',
        RCO_CONCEPTO: 'Transferencia de bienes (prueba)',
        RCO_PORCENTAJE: '1.75',
        RCO_DESDE: '2020-01-01',
      },
      { RCO_IMPUESTO: '2', RCO_CODIGO: 'E725', RCO_CONCEPTO: 'IVA bienes 30 % (prueba)', RCO_PORCENTAJE: '30.00', RCO_DESDE: '2020-01-01' },
    ]);
    const f = await emitirAutorizada(t, tornillo, await crearOk(t, tornillo, borrador(punto, cliente)));
    facturaNumero = f.FAC_NUMERO!;
  });
  afterAll(async () => {
    await t?.close();
    await sri?.close();
  });

  const liquidacion = (proveedorDatos: object, extra: object = {}) => ({
    proveedor: proveedorDatos,
    items: [
      { descripcion: 'Maíz en grano (quintal)', cantidad: 10, precioUnitario: '20.00', iva: '0' },
      { codigo: 'EMI-SACO', cantidad: 4 },
    ],
    camposAdicionales: [{ nombre: 'Lugar de compra', valor: 'Cayambe' }],
    ...extra,
  });

  it('liquidación de compra: crea al proveedor nuevo, actualiza al conocido (con una clave de API) y queda AUTORIZADA', async () => {
    const r = await autorizada(
      'liquidacionesCompra',
      liquidacion({ identificacion: cedulaNueva, razonSocial: 'MARÍA QUISPE', email: 'maria.quispe@correo.ec', direccion: 'Cayambe' }),
    );
    // 200.00 at 0 % and 4 × 2.50 = 10.00 at 15 % (the product's price and IVA): 210.00 + 1.50.
    expect(r).toMatchObject({
      tipo: '03',
      importeTotal: '211.50',
      receptor: { identificacion: cedulaNueva, razonSocial: 'MARÍA QUISPE', creado: true },
    });
    expect(await proveedor(cedulaNueva)).toMatchObject({ PRV_TIPO_IDENTIFICACION: '05', PRV_CORREOS: ['maria.quispe@correo.ec'] });
    const detalle = (await t.app.inject({ method: 'GET', url: r.enlaces.comprobante, headers: { 'x-token': tornillo } })).json();
    expect(detalle.lineas.map((l: { FDE_DESCRIPCION: string }) => l.FDE_DESCRIPCION)).toEqual([
      'Maíz en grano (quintal)',
      'Saco de yute 50 kg',
    ]);
    expect(detalle.pagos).toMatchObject([{ FPA_FORMA: '01', FPA_TOTAL: '211.50' }]);

    const conocida = await autorizada(
      'liquidacionesCompra',
      liquidacion(
        { identificacion: cedulaConocida, email: 'rosa.chalco@correo.ec', telefono: '0991234567' },
        { pagos: [{ formaPago: '20', total: 211.5 }] },
      ),
      conClave(clave),
    );
    expect(conocida.receptor).toMatchObject({ identificacion: cedulaConocida, razonSocial: 'ROSA CHALCO', creado: false });
    expect(await proveedor(cedulaConocida)).toMatchObject({ PRV_CORREOS: ['rosa.chalco@correo.ec'], PRV_TELEFONOS: ['0991234567'] });
  });

  it('liquidación de compra: los 400 del formulario y nada guardado', async () => {
    await rechazada(
      'liquidacionesCompra',
      '03',
      liquidacion({ identificacion: '1792146739001', razonSocial: 'DISTRIBUIDORA S.A.' }),
      LIQUIDACION_MSG.proveedorConRuc,
    );
    expect(await proveedor('1792146739001')).toBeUndefined();
    const sinNombre = cedulaValida(814);
    await rechazada('liquidacionesCompra', '03', liquidacion({ identificacion: sinNombre }), EMISION_MSG.receptorSinNombre('proveedor'));
    await rechazada(
      'liquidacionesCompra',
      '03',
      { ...liquidacion({ identificacion: sinNombre, razonSocial: 'PEDRO TOAPANTA' }), items: [{ codigo: 'NO-EXISTE', cantidad: 1 }] },
      EMISION_MSG.productoDesconocido('NO-EXISTE', 1),
    );
    await rechazada(
      'liquidacionesCompra',
      '03',
      liquidacion({ identificacion: sinNombre, razonSocial: 'PEDRO TOAPANTA' }, { pagos: [{ formaPago: '01', total: '1.00' }] }),
      LIQUIDACION_MSG.pagosNoCoinciden('1.00', '211.50'),
    );
    expect(await proveedor(sinNombre)).toBeUndefined();
  });

  const retencion = (extra: object = {}) => ({
    proveedor: { identificacion: '1790016919001', telefono: '022345678' },
    documentoSustento: { codDocSustento: '01', numero: numeroRecibido, codSustento: '01' },
    impuestos: [
      { codigo: 'E312', baseImponible: '100.00' },
      { codigo: 'E725', baseImponible: 15 },
    ],
    ...extra,
  });

  it('retención: sobre la factura recibida del proveedor, con los porcentajes de los códigos vigentes, con una clave de API', async () => {
    const r = await autorizada('retenciones', retencion(), conClave(clave));
    // 1.75 % of 100.00 = 1.75 renta; 30 % of 15.00 = 4.50 IVA.
    expect(r).toMatchObject({ tipo: '07', importeTotal: '6.25', receptor: { identificacion: '1790016919001', creado: false } });
    expect(await proveedor('1790016919001')).toMatchObject({ PRV_TELEFONOS: ['022345678'] });
    const detalle = (await t.app.inject({ method: 'GET', url: r.enlaces.comprobante, headers: { 'x-token': tornillo } })).json();
    expect(detalle.PERIODO_FISCAL).toBe(`${hoyEcuador().slice(5, 7)}/${hoyEcuador().slice(0, 4)}`);
  });

  it('retención: un código que no existe, un documento que no es del proveedor o un proveedor desconocido → 400 y nada guardado', async () => {
    await rechazada(
      'retenciones',
      '07',
      retencion({ impuestos: [{ codigo: 'X999', baseImponible: '10.00' }] }),
      enRetencion(1, 1, RETENCIONES_MSG.codigoInexistente),
    );
    await rechazada(
      'retenciones',
      '07',
      retencion({ documentoSustento: { numero: '009-009-000000001' } }),
      EMISION_MSG.sustentoNoExiste('el número 009-009-000000001'),
    );
    await rechazada(
      'retenciones',
      '07',
      retencion({ proveedor: { identificacion: cedulaValida(815), razonSocial: 'NADIE' } }),
      EMISION_MSG.sustentoNoExiste(`el número ${numeroRecibido}`),
    );
    expect(await proveedor(cedulaValida(815))).toBeUndefined();
  });

  const guia = (carrier: object, extra: object = {}) => ({
    transportista: carrier,
    fechaInicioTransporte: hoyEcuador(),
    fechaFinTransporte: sumarDias(hoyEcuador(), 1),
    destinatarios: [
      {
        identificacion: '1790012345001',
        razonSocial: 'COMERCIAL ANDINA S.A.',
        direccion: 'Av. 9 de Octubre 1204, Guayaquil',
        email: 'bodega@andina.ec',
        motivo: 'Venta',
        factura: { numero: facturaNumero },
        ruta: 'Quito - Guayaquil',
        items: [
          { codigo: 'emi-tor', cantidad: 500 },
          { descripcion: 'Pallets de madera', cantidad: 2 },
        ],
      },
    ],
    ...extra,
  });

  it('guía de remisión: crea al transportista nuevo, cita la factura, parte del establecimiento; con un conocido cambia su placa', async () => {
    const r = await autorizada('guiasRemision', guia({ identificacion: carreroNuevo, razonSocial: 'CARLOS ANDRADE', placa: 'pba-1234' }));
    expect(r).toMatchObject({
      tipo: '06',
      importeTotal: null,
      receptor: { identificacion: carreroNuevo, razonSocial: 'CARLOS ANDRADE', creado: true },
    });
    expect(await transportista(carreroNuevo)).toMatchObject({ TRA_PLACA: 'PBA-1234', TRA_TIPO_IDENTIFICACION: '05' });
    const detalle = (
      await t.app.inject({ method: 'GET', url: r.enlaces.comprobante, headers: { 'x-token': tornillo } })
    ).json() as GuiaRemisionDetalle;
    const [est] = await t.db
      .select({ direccion: establecimientos.EST_DIRECCION })
      .from(puntosEmision)
      .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
      .where(eq(puntosEmision.PEM_CODIGO, punto));
    expect(detalle.GUI_DIR_PARTIDA).toBe(est!.direccion);
    expect(detalle.destinatarios[0]).toMatchObject({ SUSTENTO_NUMERO: facturaNumero });
    expect(detalle.destinatarios[0]!.detalles.map((b) => [b.GDT_CODIGO_INTERNO, b.GDT_DESCRIPCION])).toEqual([
      ['EMI-TOR', 'Tornillo hexagonal 1/4"'],
      [null, 'Pallets de madera'],
    ]);

    const otra = await autorizada('guiasRemision', guia({ identificacion: carreroNuevo, placa: 'GYE-0987' }), conClave(clave));
    expect(otra.receptor).toMatchObject({ creado: false, razonSocial: 'CARLOS ANDRADE' });
    expect(await transportista(carreroNuevo)).toMatchObject({ TRA_PLACA: 'GYE-0987' });
  });

  it('guía de remisión: sin destinatarios, una factura citada que no existe, un transportista nuevo sin placa → 400 y nada guardado', async () => {
    const nuevo = cedulaValida(816);
    const carrier = { identificacion: nuevo, razonSocial: 'LUIS PILLAJO', placa: 'PCD-4455' };
    await rechazada('guiasRemision', '06', guia(carrier, { destinatarios: [] }), GUIAS_MSG.sinDestinatarios);
    const sinFactura = guia(carrier);
    sinFactura.destinatarios[0]!.factura = { numero: '001-001-999999999' };
    await rechazada('guiasRemision', '06', sinFactura, EMISION_MSG.citadoNoExiste('el número 001-001-999999999'));
    await rechazada(
      'guiasRemision',
      '06',
      guia({ identificacion: nuevo, razonSocial: 'LUIS PILLAJO' }),
      GUIA_MSG.requerido('la placa del vehículo'),
    );
    await rechazada(
      'guiasRemision',
      '06',
      guia({ identificacion: nuevo, placa: 'PCD-4455' }),
      EMISION_MSG.receptorSinNombre('transportista'),
    );
    expect(await transportista(nuevo)).toBeUndefined();
  });

  it('el documento OpenAPI trae un cuerpo de ejemplo completo para cada una de las tres rutas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { post?: { requestBody?: { content: Record<string, { example?: Record<string, unknown> }> } } }>;
    };
    const ejemplo = (ruta: string) => doc.paths[`/api/${ruta}/emision`]?.post?.requestBody?.content['application/json']?.example;
    expect(Object.keys(ejemplo('liquidacionesCompra') ?? {})).toEqual(expect.arrayContaining(['proveedor', 'items', 'pagos']));
    expect(Object.keys(ejemplo('retenciones') ?? {})).toEqual(expect.arrayContaining(['proveedor', 'documentoSustento', 'impuestos']));
    expect(Object.keys(ejemplo('guiasRemision') ?? {})).toEqual(
      expect.arrayContaining(['transportista', 'fechaInicioTransporte', 'fechaFinTransporte', 'destinatarios']),
    );
  });
});
