import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { startTestApp, testSetups, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { borrador, crearOk, darPlan, LINEAS, nuevoCliente, puntoPrincipal, usadosDelPlan } from '../helpers/facturas-api';
import { carpetaTemporal, esquemaSri } from '../helpers/archivos';
import { empresas, facturas, facturasDetalles, facturasPagos, planesEmpresa, secuenciales } from '../../server/infra/db/schema';
import { ESTADOS_EN_CAMINO, FACTURAS_MSG, type FacturaDetalle } from '../../server/modules/facturas/contract';
import { validarClaveAcceso } from '../../domain/facturas';
import { PLAN_MSG } from '../../domain/planes';
import { hoyEcuador } from '../../domain/fechas';

/**
 * Issuing: the number (never skipped, never twice, also under 200 concurrent issuers), the access key, an XML that
 * Debian's xmllint validates against the SRI's schema and xmlsec1 verifies, the RIDE, and every refusal (no signature,
 * no plan, a document that cannot be built) leaving nothing behind.
 */
const ESQUEMA = esquemaSri('factura_V1.1.0.xsd');
const carpeta = carpetaTemporal('facturas-emision-');
const { guardar, pdfTexto } = carpeta;
const esquemaAcepta = (xml: string) => carpeta.esquemaAcepta(ESQUEMA, xml);

/**
 * xmlsec1 with the key of the X509 certificate the document carries. The seed's demo certificate chains to a CA made in
 * memory for the process, which xmlsec1 cannot be given: --insecure skips the chain, not the signature.
 */
function xmlsec(xml: string) {
  const run = spawnSync(
    'xmlsec1',
    ['--verify', '--insecure', '--id-attr:id', 'factura', '--enabled-key-data', 'x509', guardar('firmada.xml', xml)],
    { encoding: 'utf8' },
  );
  return { ok: run.status === 0, salida: run.stderr };
}

describe.each(testSetups)('facturas: emisión, XML firmado y RIDE (%s, %s)', (kind, storage) => {
  let t: TestApp;
  let andina: string;
  let tornillo: string;
  let empresaAndina: number;
  let empresaTornillo: number;
  let puntoAndina: number;
  let punto: number;
  let clienteAndina: number;
  let cliente: number;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/facturas${url}`, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
  const emitir = (token: string, id: number) => call(token, 'POST', `/${id}/emitir`);
  const siguiente = async (token: string) => (await call(token, 'GET', '/puntos')).json()[0].siguiente as number;

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { storage });
    const a = await loginCompany(t, COMPANIES.andina);
    const b = await loginCompany(t, COMPANIES.tornillo);
    [andina, tornillo, empresaAndina, empresaTornillo] = [a.token, b.token, a.COM_CODIGO, b.COM_CODIGO];
    puntoAndina = await puntoPrincipal(t, empresaAndina);
    punto = await puntoPrincipal(t, empresaTornillo);
    clienteAndina = await nuevoCliente(t, empresaAndina, 201);
    cliente = await nuevoCliente(t, empresaTornillo, 202, { CLI_TELEFONOS: ['0991234567'] });
  });
  afterAll(() => t?.close());

  it('refuses to issue without a signature (Andina has none), says what to do, and leaves the draft as it was', async () => {
    const id = await crearOk(t, andina, borrador(puntoAndina, clienteAndina));
    const res = await emitir(andina, id);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(FACTURAS_MSG.sinFirma);
    expect(res.json().msg).toContain('Suba su firma electrónica en Firma electrónica');
    expect((await call(andina, 'GET', `/${id}`)).json()).toMatchObject({ FAC_ESTADO: 'BORRADOR', FAC_NUMERO: null });
    expect(await siguiente(andina)).toBe(1);
  });

  it('refuses to issue while the plan has expired (Tornillo), with the reason', async () => {
    const id = await crearOk(t, tornillo, borrador(punto, cliente));
    const res = await emitir(tornillo, id);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^Su plan caducó el \d{4}-\d{2}-\d{2}\. Renuévelo/);
    expect(await siguiente(tornillo)).toBe(1);
  });

  it('issues 001-001-000000001 then 000000002: access key, signed XML, state FIRMADA, queued for the SRI, no plan document yet', async () => {
    await darPlan(t, empresaTornillo, 500);
    const ids = [await crearOk(t, tornillo, borrador(punto, cliente)), await crearOk(t, tornillo, borrador(punto, cliente))];
    const numeros: string[] = [];
    for (const id of ids) {
      const res = await emitir(tornillo, id);
      expect(res.statusCode, res.body).toBe(200);
      const f = res.json() as FacturaDetalle;
      expect(f.FAC_ESTADO).toBe('FIRMADA');
      expect(f.cola).toMatchObject({ paso: 'ENVIAR', intentos: 0, error: null });
      expect(f.FAC_AMBIENTE).toBe(1);
      expect(validarClaveAcceso(f.FAC_CLAVE_ACCESO!).valida).toBe(true);
      const [dd, mm, aaaa] = [hoyEcuador().slice(8, 10), hoyEcuador().slice(5, 7), hoyEcuador().slice(0, 4)];
      // ddmmaaaa, 01 factura, the RUC, ambiente 1, serie 001001, the sequential.
      expect(f.FAC_CLAVE_ACCESO!.slice(0, 39)).toBe(`${dd}${mm}${aaaa}01${COMPANIES.tornillo.ruc}1001001${f.FAC_NUMERO!.slice(8)}`);
      numeros.push(f.FAC_NUMERO!);
    }
    expect(numeros).toEqual(['001-001-000000001', '001-001-000000002']);
    expect(await siguiente(tornillo)).toBe(3);
    // The plan pays for authorized documents (tests/api/facturas-sri.test.ts), not for one the SRI may send back.
    expect(await usadosDelPlan(t, empresaTornillo)).toBe(0);
  });

  it('serves the signed XML: the schema (Debian xmllint) and xmlsec1 accept it, and one changed byte is refused', async () => {
    const id = await crearOk(t, tornillo, borrador(punto, cliente));
    const f = (await emitir(tornillo, id)).json() as FacturaDetalle;
    const res = await call(tornillo, 'GET', `/${id}/xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="factura-${f.FAC_NUMERO}.xml"; filename*=UTF-8''factura-${f.FAC_NUMERO}.xml`,
    );
    const xml = res.body;
    expect(xml).toContain(`<claveAcceso>${f.FAC_CLAVE_ACCESO}</claveAcceso>`);
    expect(xml).toContain('<contribuyenteRimpe>CONTRIBUYENTE RÉGIMEN RIMPE</contribuyenteRimpe>');
    expect(xml).toContain('<obligadoContabilidad>SI</obligadoContabilidad>');
    expect(xml).toContain('<importeTotal>37.78</importeTotal>');
    expect(xml).toContain('<campoAdicional nombre="Vendedor">Ana Morales</campoAdicional>');

    const esquema = esquemaAcepta(xml);
    expect(esquema.ok, esquema.salida).toBe(true);
    const firma = xmlsec(xml);
    expect(firma.ok, firma.salida).toBe(true);
    expect(firma.salida).toContain('SignedInfo References (ok/all): 3/3');
    expect(xmlsec(xml.replace('<importeTotal>37.78</importeTotal>', '<importeTotal>37.79</importeTotal>')).ok).toBe(false);
  });

  it('prints the RIDE from the signed XML: number, access key and total in its text', async () => {
    const id = await crearOk(t, tornillo, borrador(punto, cliente));
    const f = (await emitir(tornillo, id)).json() as FacturaDetalle;
    const res = await call(tornillo, 'GET', `/${id}/ride`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="factura-${f.FAC_NUMERO}.pdf"; filename*=UTF-8''factura-${f.FAC_NUMERO}.pdf`,
    );
    const texto = pdfTexto(res.rawPayload);
    expect(texto).toContain(`No. ${f.FAC_NUMERO}`);
    expect(texto).toContain(f.FAC_CLAVE_ACCESO!);
    expect(texto).toMatch(/VALOR TOTAL\s+37\.78/);
    expect(texto).toContain('MARÍA JOSÉ ÑUÑEZ 202');
  });

  it('an issued invoice waiting for the SRI cannot be edited, deleted or issued again', async () => {
    const id = await crearOk(t, tornillo, borrador(punto, cliente));
    expect((await emitir(tornillo, id)).statusCode).toBe(200);
    const put = await call(tornillo, 'PUT', `/${id}`, borrador(punto, cliente, [LINEAS[0]!]));
    expect(put.statusCode).toBe(409);
    expect(put.json().msg).toBe('La factura está en manos del SRI: espere su respuesta antes de modificarla.');
    const del = await call(tornillo, 'DELETE', `/${id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toBe(FACTURAS_MSG.enProceso);
    const again = await emitir(tornillo, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(FACTURAS_MSG.enProceso);
    expect((await call(tornillo, 'GET', `/${id}`)).json().FAC_TOTAL).toBe('37.78');
  });

  it('a document that cannot be built is refused in Spanish and its number is not used', async () => {
    const antes = await siguiente(tornillo);
    const id = await crearOk(t, tornillo, borrador(punto, cliente));
    const [empresa] = await t.db.select({ d: empresas.EMP_DIRECCION }).from(empresas).where(eq(empresas.EMP_CODIGO, empresaTornillo));
    await t.db.update(empresas).set({ EMP_DIRECCION: null }).where(eq(empresas.EMP_CODIGO, empresaTornillo));
    try {
      const res = await emitir(tornillo, id);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('Ingrese la dirección matriz del emisor.');
    } finally {
      await t.db.update(empresas).set({ EMP_DIRECCION: empresa!.d }).where(eq(empresas.EMP_CODIGO, empresaTornillo));
    }
    expect(await siguiente(tornillo)).toBe(antes);
    expect((await call(tornillo, 'GET', `/${id}`)).json()).toMatchObject({ FAC_ESTADO: 'BORRADOR', FAC_NUMERO: null });
    const ok = await emitir(tornillo, id);
    expect(ok.json().FAC_SECUENCIAL).toBe(antes);
  });

  it('refuses when the plan is used up, without using a number', async () => {
    const antes = await siguiente(tornillo);
    await t.db
      .update(planesEmpresa)
      .set({ PLANEMPRESA_USADOS: sql`${planesEmpresa.PLANEMPRESA_COMPROBANTES}` })
      .where(eq(planesEmpresa.EMP_CODIGO, empresaTornillo));
    const id = await crearOk(t, tornillo, borrador(punto, cliente));
    const res = await emitir(tornillo, id);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(PLAN_MSG.exhausted(500));
    expect(await siguiente(tornillo)).toBe(antes);
    await t.db.update(planesEmpresa).set({ PLANEMPRESA_USADOS: 0 }).where(eq(planesEmpresa.EMP_CODIGO, empresaTornillo));
  });

  /** `n` drafts of Tornillo straight into the tables: the API's draft route has its own tests, and hundreds would be slow. */
  async function borradoresDirectos(n: number) {
    const ids = (
      await t.db
        .insert(facturas)
        .values(
          Array.from({ length: n }, () => ({
            EMP_CODIGO: empresaTornillo,
            PEM_CODIGO: punto,
            CLI_CODIGO: cliente,
            FAC_FECHA: hoyEcuador(),
            FAC_SUBTOTAL: '10.00',
            FAC_IVA: '1.50',
            FAC_TOTAL: '11.50',
          })),
        )
        .returning({ id: facturas.FAC_CODIGO })
    ).map((r) => r.id);
    await t.db.insert(facturasDetalles).values(
      ids.map((id) => ({
        FAC_CODIGO: id,
        FDE_LINEA: 1,
        FDE_DESCRIPCION: 'Cemento 50 kg',
        FDE_CANTIDAD: '1',
        FDE_PRECIO: '10',
        FDE_IVA: '4',
        FDE_SUBTOTAL: '10.00',
      })),
    );
    await t.db.insert(facturasPagos).values(ids.map((id) => ({ FAC_CODIGO: id, FPA_LINEA: 1, FPA_FORMA: '01', FPA_TOTAL: '11.50' })));
    return ids;
  }

  // The numbering is the database's work: once per database (the S3 run repeats the suite for the files only).
  it.runIf(storage === 'disk')('200 drafts issued at once on one point take the next 200 numbers, each exactly once', async () => {
    const desde = await siguiente(tornillo);
    const ids = await borradoresDirectos(200);

    const respuestas = await Promise.all(ids.map((id) => emitir(tornillo, id)));
    expect(respuestas.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const numeros = respuestas.map((r) => (r.json() as FacturaDetalle).FAC_SECUENCIAL!).sort((a, b) => a - b);
    expect(numeros).toEqual(Array.from({ length: 200 }, (_, i) => desde + i));
    const [sec] = await t.db.select().from(secuenciales).where(eq(secuenciales.PEM_CODIGO, punto));
    expect(sec!.SEC_SIGUIENTE).toBe(desde + 200);
  });

  it.runIf(storage === 'disk')(
    'with 5 documents left, 20 drafts issued at once issue exactly 5; the others are refused with the reason and use no number',
    async () => {
      const desde = await siguiente(tornillo);
      const [{ n: enCamino }] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(facturas)
        .where(and(eq(facturas.EMP_CODIGO, empresaTornillo), inArray(facturas.FAC_ESTADO, [...ESTADOS_EN_CAMINO])));
      const hoy = hoyEcuador();
      const vigente = and(
        eq(planesEmpresa.EMP_CODIGO, empresaTornillo),
        sql`${planesEmpresa.PLANEMPRESA_INICIO} <= ${hoy} and ${planesEmpresa.PLANEMPRESA_CADUCA} >= ${hoy}`,
      );
      if ((await t.db.select().from(planesEmpresa).where(vigente)).length === 0) await darPlan(t, empresaTornillo, 500);
      const [plan] = await t.db.select().from(planesEmpresa).where(vigente);
      await t.db
        .update(planesEmpresa)
        .set({ PLANEMPRESA_USADOS: plan.PLANEMPRESA_COMPROBANTES - Number(enCamino) - 5 })
        .where(eq(planesEmpresa.PLANEMPRESA_ID, plan.PLANEMPRESA_ID));
      try {
        const ids = await borradoresDirectos(20);
        const respuestas = await Promise.all(ids.map((id) => emitir(tornillo, id)));
        const emitidas = respuestas.filter((r) => r.statusCode === 200);
        const rechazadas = respuestas.filter((r) => r.statusCode !== 200);
        expect(emitidas).toHaveLength(5);
        expect(new Set(rechazadas.map((r) => `${r.statusCode} ${r.json().msg}`))).toEqual(
          new Set([`400 ${PLAN_MSG.enCamino(plan.PLANEMPRESA_COMPROBANTES, Number(enCamino) + 5)}`]),
        );
        const numeros = emitidas.map((r) => (r.json() as FacturaDetalle).FAC_SECUENCIAL!).sort((a, b) => a - b);
        expect(numeros).toEqual([0, 1, 2, 3, 4].map((i) => desde + i));
        expect(await siguiente(tornillo)).toBe(desde + 5);
      } finally {
        await t.db.update(planesEmpresa).set({ PLANEMPRESA_USADOS: 0 }).where(eq(planesEmpresa.PLANEMPRESA_ID, plan.PLANEMPRESA_ID));
      }
    },
  );
});
