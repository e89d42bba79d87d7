import { spawnSync } from 'node:child_process';
import { DOMParser } from '@xmldom/xmldom';
import { eq } from 'drizzle-orm';
import { SignedXml } from 'xml-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestApp } from '../helpers/server';
import { borrador, crearOk } from '../helpers/facturas-api';
import { emitirAutorizada, tornilloConSri } from '../helpers/sri';
import { carpetaTemporal, esquemaSri } from '../helpers/archivos';
import { facturas, transportistas } from '../../server/infra/db/schema';
import type { SriLocal } from '../../server/sri-local';
import { hoyEcuador, sumarDias, fechaCorta } from '../../domain/fechas';
import { enDestinatario } from '../../domain/guiasRemision';
import { GUIAS_MSG, type GuiaRemisionBorrador, type GuiaRemisionDetalle } from '../../domain/contratos/guiasRemision';

/**
 * The guía de remisión as the server issues it (POST /api/guiasRemision/:id/emitir, the seed's demo signature) and the
 * local SRI authorizes it: one destinatario with its support invoice, and a transfer between establishments with two
 * destinatarios (destination establishment, route, customs document, goods with detallesAdicionales). Debian's
 * xmllint accepts each against the SRI's GuiaRemision_V1.1.0.xsd; xmlsec1 and xml-crypto, which share no code with the
 * signer, verify its signature and refuse it once one signed character changes; its RIDE (pdftotext) shows the title,
 * the carrier, the plate, each destinatario and its goods; the destinatarios receive it by email, with no amount. A
 * support invoice annulled after the draft was saved, or a carrier made inactive, stops the issue.
 */
const ESQUEMA = esquemaSri('GuiaRemision_V1.1.0.xsd');
const carpeta = carpetaTemporal('guias-xml-');
const DS = 'http://www.w3.org/2000/09/xmldsig#';

/**
 * xmlsec1 with the key of the X509 certificate the document carries. The seed's demo certificate chains to a CA made in
 * memory for the process, which xmlsec1 cannot be given: --insecure skips the chain, not the signature.
 */
function xmlsec(xml: string) {
  const archivo = carpeta.guardar('guia-firmada.xml', xml);
  const run = spawnSync('xmlsec1', ['--verify', '--insecure', '--id-attr:id', 'guiaRemision', '--enabled-key-data', 'x509', archivo], {
    encoding: 'utf8',
  });
  return { ok: run.status === 0, salida: run.stderr };
}

/** xml-crypto with the certificate the signature carries: every reference must verify. */
function xmlCrypto(xml: string): boolean {
  const verificador = new SignedXml({ getCertFromKeyInfo: SignedXml.getCertFromKeyInfo });
  verificador.loadSignature(new DOMParser().parseFromString(xml, 'text/xml').getElementsByTagNameNS(DS, 'Signature')[0]!);
  try {
    return verificador.checkSignature(xml) && verificador.getSignedReferences().length === 3;
  } catch {
    return false;
  }
}

/** The texts of every element `nombre` of the document, in order. */
const valores = (xml: string, nombre: string) => [...xml.matchAll(new RegExp(`<${nombre}>([^<]*)</${nombre}>`, 'g'))].map((m) => m[1]);

describe.each(testDatabases)('la guía de remisión firmada y autorizada (%s)', (kind) => {
  let sri: SriLocal;
  let t: TestApp;
  let tornillo: string;
  let empresa: number;
  let punto: number;
  let cliente: number;
  let transportista: number;
  let factura: GuiaRemisionDetalle['destinatarios'][number]['GDE_SUSTENTO'];
  let facturaNumero: string;
  let facturaClave: string;
  const firmadas = new Map<'venta' | 'traslado', { id: number; xml: string }>();

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/guiasRemision${url}`, headers: { 'x-token': tornillo }, ...(payload ? { payload } : {}) });
  const esperar = async (id: number, estados: string[]) => {
    const limite = Date.now() + 30_000;
    for (;;) {
      const g = (await call('GET', `/${id}`)).json() as GuiaRemisionDetalle;
      if (estados.includes(g.FAC_ESTADO) && g.cola === null && g.FAC_ENTREGA !== 'PENDIENTE') return g;
      if (Date.now() > limite) throw new Error(`La guía ${id} no llegó a ${estados.join('/')}: ${g.FAC_ESTADO}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const crear = async (body: GuiaRemisionBorrador) => {
    const res = await call('POST', '', body);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as GuiaRemisionDetalle).FAC_CODIGO;
  };
  const base = (destinatarios: GuiaRemisionBorrador['destinatarios']): GuiaRemisionBorrador => ({
    PEM_CODIGO: punto,
    TRA_CODIGO: transportista,
    FAC_FECHA: hoyEcuador(),
    GUI_DIR_PARTIDA: 'Av. 6 de Diciembre N33-12 & Eloy Alfaro, Quito',
    GUI_FECHA_INICIO: hoyEcuador(),
    GUI_FECHA_FIN: sumarDias(hoyEcuador(), 2),
    GUI_PLACA: 'PBC-1234',
    destinatarios,
    FAC_ADICIONAL: [{ nombre: 'Observación', valor: 'Carga <frágil>' }],
  });
  const venta = (): GuiaRemisionBorrador =>
    base([
      {
        CLI_CODIGO: cliente,
        GDE_IDENTIFICACION: '1790016919001',
        GDE_RAZON_SOCIAL: 'CONSTRUCTORA LOS ANDES S.A.',
        GDE_DIRECCION: 'Calle Bolívar 8-45, Cuenca',
        GDE_CORREOS: ['bodega@losandes.ec'],
        GDE_MOTIVO: 'Venta',
        GDE_SUSTENTO: factura,
        detalles: [
          { GDT_CODIGO_INTERNO: 'CEM-50', GDT_CODIGO_ADICIONAL: '7861234500012', GDT_DESCRIPCION: 'Cemento 50 kg', GDT_CANTIDAD: '40' },
        ],
      },
    ]);
  const traslado = (): GuiaRemisionBorrador =>
    base([
      {
        GDE_IDENTIFICACION: '1792146739001',
        GDE_RAZON_SOCIAL: 'FERRETERÍA EL TORNILLO, BODEGA SUR',
        GDE_DIRECCION: 'Av. Maldonado S12-40, Quito',
        GDE_CORREOS: ['bodega.sur@tornillo.ec'],
        GDE_MOTIVO: 'Traslado entre establecimientos',
        GDE_ESTAB_DESTINO: '002',
        GDE_RUTA: 'Quito norte - Quito sur',
        detalles: [
          { GDT_CODIGO_INTERNO: 'TOR-001', GDT_DESCRIPCION: 'Tornillo hexagonal 1/4"', GDT_CANTIDAD: '500' },
          {
            GDT_DESCRIPCION: 'Martillo de uña 16 oz',
            GDT_CANTIDAD: '12.125',
            GDT_ADICIONALES: [
              { nombre: 'Lote', valor: 'M-22' },
              { nombre: 'Color', valor: 'Rojo & negro' },
            ],
          },
        ],
      },
      {
        GDE_IDENTIFICACION: '0990012345001',
        GDE_RAZON_SOCIAL: 'IMPORTADORA DEL PACÍFICO',
        GDE_DIRECCION: 'Km 4.5 vía a Daule, Guayaquil',
        GDE_CORREOS: ['recepcion@pacifico.ec'],
        GDE_MOTIVO: 'Exportación',
        GDE_DOC_ADUANERO: '028-2026-10-000123',
        GDE_RUTA: 'Quito - Santo Domingo - Guayaquil',
        detalles: [{ GDT_CODIGO_INTERNO: 'BRO-3', GDT_DESCRIPCION: 'Broca de tungsteno 3 mm', GDT_CANTIDAD: 3 }],
      },
    ]);

  beforeAll(async () => {
    ({ sri, t, tornillo, empresa, punto, cliente } = await tornilloConSri(kind, { cliente: 731, sri: { demoraAutorizacionMs: 50 } }));
    const [tra] = await t.db
      .insert(transportistas)
      .values({
        EMP_CODIGO: empresa,
        TRA_TIPO_IDENTIFICACION: '05',
        TRA_IDENTIFICACION: '1710034065',
        TRA_RAZON_SOCIAL: 'TRANSPORTES ÑAUPARI',
        TRA_PLACA: 'PBC-1234',
        TRA_CORREOS: ['chofer@naupari.ec'],
        TRA_DIRECCION: 'Quevedo',
      })
      .returning({ id: transportistas.TRA_CODIGO });
    transportista = tra!.id;
    const f = await emitirAutorizada(t, tornillo, await crearOk(t, tornillo, borrador(punto, cliente)));
    [factura, facturaNumero, facturaClave] = [f.FAC_CODIGO, f.FAC_NUMERO!, f.FAC_CLAVE_ACCESO!];
    for (const [nombre, body] of [
      ['venta', venta()],
      ['traslado', traslado()],
    ] as const) {
      const id = await crear(body);
      const emitida = await call('POST', `/${id}/emitir`);
      expect(emitida.statusCode, `${nombre}: ${emitida.body}`).toBe(200);
      firmadas.set(nombre, { id, xml: (await call('GET', `/${id}/xml`)).body });
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sri?.close();
  });

  it.each(['venta', 'traslado'] as const)('%s: valid against the SRI’s GuiaRemision_V1.1.0.xsd', (nombre) => {
    const { xml } = firmadas.get(nombre)!;
    const esquema = carpeta.esquemaAcepta(ESQUEMA, xml, `${nombre}.xml`);
    expect(esquema.ok, esquema.salida).toBe(true);
    expect(valores(xml, 'codDoc')).toEqual(['06']);
    expect(valores(xml, 'razonSocialTransportista')).toEqual(['TRANSPORTES ÑAUPARI']);
    expect(valores(xml, 'tipoIdentificacionTransportista')).toEqual(['05']);
    expect(valores(xml, 'rucTransportista')).toEqual(['1710034065']);
    expect(valores(xml, 'placa')).toEqual(['PBC-1234']);
    expect(valores(xml, 'fechaIniTransporte')).toEqual([fechaCorta(hoyEcuador())]);
    expect(valores(xml, 'fechaFinTransporte')).toEqual([fechaCorta(sumarDias(hoyEcuador(), 2))]);
    expect(valores(xml, 'dirPartida')).toEqual(['Av. 6 de Diciembre N33-12 &amp; Eloy Alfaro, Quito']);
    // The carrier's address stays out; the destinatarios' addresses are the Email field.
    expect(xml).not.toContain('Quevedo');
    expect(xml).not.toContain('chofer@naupari.ec');
  });

  it('la venta nombra su factura de sustento (01, número, autorización, fecha) y a su destinatario', () => {
    const { xml } = firmadas.get('venta')!;
    expect(valores(xml, 'codDocSustento')).toEqual(['01']);
    expect(valores(xml, 'numDocSustento')).toEqual([facturaNumero]);
    expect(valores(xml, 'numAutDocSustento')).toEqual([facturaClave]);
    expect(valores(xml, 'fechaEmisionDocSustento')).toEqual([fechaCorta(hoyEcuador())]);
    expect(valores(xml, 'cantidad')).toEqual(['40.000000']);
    expect(xml).toContain('<campoAdicional nombre="Email">bodega@losandes.ec</campoAdicional>');
    expect(xml).toContain('<campoAdicional nombre="Observación">Carga &lt;frágil&gt;</campoAdicional>');
  });

  it('el traslado lleva dos destinatarios: establecimiento, ruta, documento aduanero y los detalles de los bienes', () => {
    const { xml } = firmadas.get('traslado')!;
    expect(valores(xml, 'identificacionDestinatario')).toEqual(['1792146739001', '0990012345001']);
    expect(valores(xml, 'codEstabDestino')).toEqual(['002']);
    expect(valores(xml, 'ruta')).toEqual(['Quito norte - Quito sur', 'Quito - Santo Domingo - Guayaquil']);
    expect(valores(xml, 'docAduaneroUnico')).toEqual(['028-2026-10-000123']);
    expect(valores(xml, 'cantidad')).toEqual(['500.000000', '12.125000', '3.000000']);
    expect(xml).not.toContain('codDocSustento');
    expect(xml).toContain(
      '<detallesAdicionales><detAdicional nombre="Lote" valor="M-22"></detAdicional><detAdicional nombre="Color" valor="Rojo &amp; negro"></detAdicional></detallesAdicionales>',
    );
    expect(xml).toContain('<campoAdicional nombre="Email">bodega.sur@tornillo.ec, recepcion@pacifico.ec</campoAdicional>');
  });

  it('el esquema la rechaza si un elemento sale del orden que da el SRI', () => {
    const { xml } = firmadas.get('traslado')!;
    const cambiado = xml.replace(/(<codEstabDestino>002<\/codEstabDestino>)(<ruta>[^<]*<\/ruta>)/, '$2$1');
    expect(cambiado).not.toBe(xml);
    expect(carpeta.esquemaAcepta(ESQUEMA, cambiado).ok).toBe(false);
  });

  it.each(['venta', 'traslado'] as const)('%s: its signature is verified by xmlsec1 and xml-crypto, all three references', (nombre) => {
    const { xml } = firmadas.get(nombre)!;
    const r = xmlsec(xml);
    expect(r.ok, r.salida).toBe(true);
    expect(r.salida).toContain('SignedInfo References (ok/all): 3/3');
    expect(xmlCrypto(xml)).toBe(true);
    expect(xml).toMatch(/<\/ds:Signature><\/guiaRemision>$/);
  });

  it('xmlsec1 y xml-crypto la rechazan si cambia un carácter firmado: la placa o una cantidad', () => {
    const { xml } = firmadas.get('traslado')!;
    for (const cambiado of [
      xml.replace('<placa>PBC-1234<', '<placa>PBC-1235<'),
      xml.replace('<cantidad>3.000000<', '<cantidad>4.000000<'),
    ]) {
      expect(cambiado).not.toBe(xml);
      expect(xmlsec(cambiado).ok).toBe(false);
      expect(xmlCrypto(cambiado)).toBe(false);
    }
  });

  it('el SRI local autoriza ambas y los destinatarios las reciben por correo, sin monto', async () => {
    for (const nombre of ['venta', 'traslado'] as const) {
      const { id, xml } = firmadas.get(nombre)!;
      const g = await esperar(id, ['AUTORIZADA']);
      expect(g.FAC_AUTORIZACION).toBe(valores(xml, 'claveAcceso')[0]);
      expect(g.FAC_ENTREGA).toBe('ENVIADA');
    }
    const correos = await t.mails();
    const traslado = correos.find((m) => m.to.includes('recepcion@pacifico.ec'))!;
    expect(traslado.to).toContain('bodega.sur@tornillo.ec');
    expect(traslado.subject).toMatch(/^Guía de remisión electrónica 001-001-\d{9} de /);
    expect(traslado.text).toContain('Estimado(a) FERRETERÍA EL TORNILLO, BODEGA SUR y otros:');
    expect(traslado.text).not.toContain('USD');
    expect(traslado.attachments.map((a) => a.filename)).toEqual([
      expect.stringMatching(/^guia-remision-001-001-\d{9}\.xml$/),
      expect.stringMatching(/^guia-remision-001-001-\d{9}\.pdf$/),
    ]);
    expect(correos.some((m) => m.to.includes('chofer@naupari.ec'))).toBe(false);
  });

  it('su RIDE muestra el título, el transportista, la placa, el trayecto, cada destinatario con sus bienes, y ningún total', async () => {
    const { id } = firmadas.get('traslado')!;
    const ride = await call('GET', `/${id}/ride`);
    expect(ride.statusCode).toBe(200);
    expect(ride.headers['content-type']).toBe('application/pdf');
    const texto = carpeta.pdfTexto(ride.rawPayload).replace(/[ \t]+/g, ' ');
    for (const esperado of [
      'GUÍA DE REMISIÓN',
      'Razón Social / Nombres y Apellidos Transportista: TRANSPORTES ÑAUPARI',
      'Identificación (Transportista): 1710034065',
      'Placa: PBC-1234',
      'Punto de Partida: Av. 6 de Diciembre N33-12 & Eloy Alfaro, Quito',
      `Fecha inicio Transporte: ${fechaCorta(hoyEcuador())}`,
      `Fecha fin Transporte: ${fechaCorta(sumarDias(hoyEcuador(), 2))}`,
      'Motivo traslado: Traslado entre establecimientos',
      'Destino (Punto de llegada): Av. Maldonado S12-40, Quito',
      'Identificación (Destinatario): 1792146739001',
      'Razón Social / Nombres y Apellidos (Destinatario): FERRETERÍA EL',
      'Código establecimiento destino: 002',
      'Ruta: Quito norte - Quito sur',
      'Identificación (Destinatario): 0990012345001',
      'Motivo traslado: Exportación',
      'Documento aduanero: 028-2026-10-000123',
      'Cantidad Descripción Código Principal Código Auxiliar',
      '500.00 Tornillo hexagonal 1/4" TOR-001',
      '12.125 Martillo de uña 16 oz',
      'Lote: M-22',
      '3.00 Broca de tungsteno 3 mm BRO-3',
      'Email bodega.sur@tornillo.ec, recepcion@pacifico.ec',
    ])
      expect(texto).toContain(esperado);
    expect(texto).not.toContain('VALOR TOTAL');

    const venta = carpeta.pdfTexto((await call('GET', `/${firmadas.get('venta')!.id}/ride`)).rawPayload).replace(/[ \t]+/g, ' ');
    expect(venta).toContain(`Comprobante de venta: FACTURA ${facturaNumero}`);
    expect(venta).toContain(facturaClave);
    expect(venta).toContain('40.00 Cemento 50 kg CEM-50 7861234500012');
  });

  it('no se emite si su factura de sustento se anuló o su transportista se desactivó después de guardar el borrador', async () => {
    const id = await crear(venta());
    await t.db.update(facturas).set({ FAC_ESTADO: 'ANULADA' }).where(eq(facturas.FAC_CODIGO, factura!));
    await t.db.update(transportistas).set({ TRA_ACTIVO: false }).where(eq(transportistas.TRA_CODIGO, transportista));
    try {
      const res = await call('POST', `/${id}/emitir`);
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { errores: Array<{ mensaje: string }> }).errores.map((e) => e.mensaje)).toEqual([
        GUIAS_MSG.transportistaInactivo,
        enDestinatario(1, GUIAS_MSG.sustentoNoAutorizado),
      ]);
      // Nothing issued: still a draft, no number.
      expect((await call('GET', `/${id}`)).json()).toMatchObject({ FAC_ESTADO: 'BORRADOR', FAC_NUMERO: null });
    } finally {
      await t.db.update(facturas).set({ FAC_ESTADO: 'AUTORIZADA' }).where(eq(facturas.FAC_CODIGO, factura!));
      await t.db.update(transportistas).set({ TRA_ACTIVO: true }).where(eq(transportistas.TRA_CODIGO, transportista));
    }
  });
});
