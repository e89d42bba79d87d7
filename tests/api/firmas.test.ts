import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, X509Certificate } from 'node:crypto';
import { Writable } from 'node:stream';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { startTestApp, testSetups, type TestApp } from '../helpers/server';
import { API, COMPANIES, loginAdmin, loginCompany, registerCompany } from '../helpers/accounts';
import {
  buildSignature,
  postSignature,
  SIGNATURE_PASSWORD,
  signatureForm,
  signatures,
  uploadCompanySignature,
} from '../helpers/certificates';
import { borrador, crearOk, darPlan, nuevoCliente, puntoPrincipal } from '../helpers/facturas-api';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { loadConfig } from '../../server/config';
import { DEMO_SIGNATURE_PASSWORD } from '../../server/infra/db/seed';
import { archivos, empresas, empresasHistorial, firmas, planes, planesEmpresa } from '../../server/infra/db/schema';
import { createSecretBox, SEALED_HEADER, SecretBoxError, secretBoxFor } from '../../server/infra/secret-box';
import { readCertificate } from '../../server/infra/certificates';
import { currentSignatureSecret } from '../../server/modules/firmas/repo';
import { abrirCertificado, certificadoDeFirma, olvidarCertificado } from '../../server/modules/firmas/certificado';
import { diaEcuador, hoyEcuador, sumarDias } from '../../domain/fechas';
import { MSG } from '../../domain/messages';
import { FIRMA_MSG, SIGNATURE_FILE } from '../../domain/firmas';

type Firma = {
  FIR_CODIGO: number;
  FIR_ACTUAL: boolean;
  FIR_TITULAR: string;
  FIR_EMISOR: string;
  FIR_SERIE: string;
  FIR_IDENTIFICACION: string | null;
  FIR_DESDE: string;
  FIR_HASTA: string;
  ARC_NOMBRE: string | null;
  FIR_SUBIDA_POR: string | null;
};

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const MIGRACION_0025 = path.join(import.meta.dirname, '../../server/infra/db/migrations/0025_firma_caduca_ecuador.sql');

describe.each(testSetups)('firma electrónica (%s, archivos en %s)', (kind, storage) => {
  let t: TestApp;
  let admin: string;
  let distributor: string;
  const ids: Record<keyof typeof COMPANIES, number> = { andina: 0, tornillo: 0, costa: 0 };
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { storage });
    admin = (await loginAdmin(t)).token;
    distributor = (await loginAdmin(t, DEMO.distribuidor)).token;
    for (const name of Object.keys(ids) as Array<keyof typeof COMPANIES>) {
      const [row] = await t.db.select().from(empresas).where(eq(empresas.EMP_RUC, COMPANIES[name].ruc));
      ids[name] = row.EMP_CODIGO;
    }
  });
  afterAll(() => t.close());

  const get = (path: string, token: string) => t.app.inject({ method: 'GET', url: `${API}${path}`, headers: { 'x-token': token } });
  /** A new company (its own RUC, nobody else's signature) that only the administrator sees. */
  const newCompany = async () => {
    const company = await registerCompany(t);
    return { ...company, token: (await loginCompany(t, company.login)).token };
  };
  const currentRows = (empresa: number) =>
    t.db
      .select()
      .from(firmas)
      .where(and(eq(firmas.EMP_CODIGO, empresa), eq(firmas.FIR_ACTUAL, true)));

  describe('subida por el administrador: POST /empresas/firma/{id}', () => {
    it('guarda una firma antigua (3DES/RC2) con el RUC de la empresa: metadatos, sin advertencias, caducidad en la empresa', async () => {
      const company = await newCompany();
      const res = await postSignature(t, `/empresas/firma/${company.EMP_CODIGO}`, admin, signatures.legacy(company.EMP_RUC), {
        filename: 'Firma Juan.p12',
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        FIR_ACTUAL: true,
        FIR_TITULAR: 'JUAN CARLOS PEREZ LOPEZ',
        FIR_EMISOR: 'AUTORIDAD DE CERTIFICACION DE DEMOSTRACION AMELIA',
        FIR_IDENTIFICACION: company.EMP_RUC,
        FIR_DESDE: diaEcuador(new Date(Date.now() - 86_400_000)),
        ARC_NOMBRE: 'Firma Juan.p12',
        FIR_SUBIDA_POR: 'María Fernanda Andrade',
        FIR_USOS: ['digitalSignature', 'nonRepudiation'],
        advertencias: [],
        msg: FIRMA_MSG.saved,
      });
      expect(body.FIR_SERIE).toMatch(/^[0-9A-F]+$/);
      expect(res.body).not.toContain(SIGNATURE_PASSWORD);
      const [row] = await t.db.select().from(empresas).where(eq(empresas.EMP_CODIGO, company.EMP_CODIGO));
      expect(row.EMP_FIRMA_CADUCA).toBe(body.FIR_HASTA);

      const listed = await get(`/empresas/firma/${company.EMP_CODIGO}`, admin);
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual({
        actual: expect.objectContaining({ FIR_CODIGO: body.FIR_CODIGO, FIR_HASTA: body.FIR_HASTA }),
        anteriores: [],
      });
      const mine = await get('/miEmpresa', company.token);
      expect(mine.json().firma).toBe(true);
    });

    it('acepta una firma moderna (PBES2 con AES-256) subida por la propia empresa: POST /firma', async () => {
      const company = await newCompany();
      const res = await postSignature(t, '/firma', company.token, signatures.modern(company.EMP_RUC), { filename: 'firma.pfx' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ FIR_IDENTIFICACION: company.EMP_RUC, advertencias: [], FIR_SUBIDA_POR: expect.any(String) });
      const own = await get('/firma', company.token);
      expect(own.json().actual.FIR_CODIGO).toBe(res.json().FIR_CODIGO);
    });

    it('el archivo se guarda cifrado: en el almacenamiento no está el .p12, y se descifra con su contraseña', async () => {
      const company = await newCompany();
      const p12 = signatures.legacy(company.EMP_RUC);
      expect((await postSignature(t, `/empresas/firma/${company.EMP_CODIGO}`, admin, p12)).statusCode).toBe(200);
      const [row] = await currentRows(company.EMP_CODIGO);
      const onDisk = await readAll((await t.storage.get(row.ARC_ID!))!);
      expect(onDisk.subarray(0, SEALED_HEADER.length)).toEqual(Buffer.from(SEALED_HEADER));
      expect(onDisk.includes(p12.subarray(0, 64))).toBe(false);
      expect(row.FIR_CLAVE).not.toContain(SIGNATURE_PASSWORD);
      expect(row.FIR_CLAVE).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      const box = secretBoxFor(t.config);
      expect(box.open(onDisk).equals(p12)).toBe(true);
      expect(box.decryptText(row.FIR_CLAVE!)).toBe(SIGNATURE_PASSWORD);
      // with another key nothing opens
      expect(() => createSecretBox(Buffer.alloc(32, 7)).open(onDisk)).toThrow(SecretBoxError);

      const secret = await currentSignatureSecret(t.db, t.ctx.files, box, company.EMP_CODIGO);
      expect(secret!.p12.equals(p12)).toBe(true);
      expect(secret!.password).toBe(SIGNATURE_PASSWORD);
      expect(readCertificate(secret!.p12, secret!.password).identificacion).toBe(company.EMP_RUC);
    });

    it('la firma sembrada de Ferretería El Tornillo se abre igual, y sin firma no hay nada que descifrar', async () => {
      const box = secretBoxFor(t.config);
      const secret = await currentSignatureSecret(t.db, t.ctx.files, box, ids.tornillo);
      expect(secret!.password).toBe(DEMO_SIGNATURE_PASSWORD);
      const info = readCertificate(secret!.p12, secret!.password);
      expect(info.identificacion).toBe(COMPANIES.tornillo.ruc);
      expect(info.hasta.getTime()).toBeGreaterThan(Date.now() + 700 * 86_400_000);
      expect(await currentSignatureSecret(t.db, t.ctx.files, box, ids.costa)).toBeNull();
    });

    it('advierte cuando el RUC/cédula del certificado no es el de la empresa, y cuando no trae ninguno', async () => {
      const company = await newCompany();
      const other = '1790016919001';
      const res = await postSignature(t, `/empresas/firma/${company.EMP_CODIGO}`, admin, signatures.legacy(other));
      expect(res.statusCode).toBe(200);
      expect(res.json().advertencias).toEqual([FIRMA_MSG.idMismatch(other, company.EMP_RUC)]);
      expect(res.json().advertencias[0]).toBe(
        `El RUC/cédula del certificado (${other}) no coincide con el de la empresa (${company.EMP_RUC}).`,
      );
      const none = await postSignature(t, `/empresas/firma/${company.EMP_CODIGO}`, admin, signatures.legacy());
      expect(none.json()).toMatchObject({ FIR_IDENTIFICACION: null, advertencias: [FIRMA_MSG.noId] });
    });

    it('la cédula de una persona natural coincide con su RUC (cédula + 001), también en el serialNumber del sujeto', async () => {
      const company = await registerCompany(t, { EMP_RUC: '1710034065001' });
      const bySubject = buildSignature({ serialNumber: 'IDCEC-1710034065' });
      const res = await postSignature(t, `/empresas/firma/${company.EMP_CODIGO}`, admin, bySubject);
      expect(res.json()).toMatchObject({ FIR_IDENTIFICACION: '1710034065', advertencias: [] });
      const byExtension = await postSignature(t, `/empresas/firma/${company.EMP_CODIGO}`, admin, buildSignature({ cedula: '1710034065' }));
      expect(byExtension.json()).toMatchObject({ FIR_IDENTIFICACION: '1710034065', advertencias: [] });
    });

    it('reemplazar la firma deja la anterior como historial, sin archivo ni contraseña, y lo registra en el historial', async () => {
      const company = await newCompany();
      const first = (await postSignature(t, `/empresas/firma/${company.EMP_CODIGO}`, admin, signatures.legacy(company.EMP_RUC))).json();
      const [firstRow] = await currentRows(company.EMP_CODIGO);
      const second = await postSignature(t, `/empresas/firma/${company.EMP_CODIGO}`, admin, signatures.modern(company.EMP_RUC));
      expect(second.statusCode).toBe(200);

      const { actual, anteriores } = (await get(`/empresas/firma/${company.EMP_CODIGO}`, admin)).json() as {
        actual: Firma;
        anteriores: Firma[];
      };
      expect(actual.FIR_CODIGO).toBe(second.json().FIR_CODIGO);
      expect(anteriores).toEqual([
        expect.objectContaining({ FIR_CODIGO: first.FIR_CODIGO, FIR_ACTUAL: false, FIR_SERIE: first.FIR_SERIE, ARC_NOMBRE: null }),
      ]);
      const [old] = await t.db.select().from(firmas).where(eq(firmas.FIR_CODIGO, first.FIR_CODIGO));
      expect(old).toMatchObject({ ARC_ID: null, FIR_CLAVE: null, FIR_TITULAR: 'JUAN CARLOS PEREZ LOPEZ' });
      expect(await t.db.select().from(archivos).where(eq(archivos.ARC_ID, firstRow.ARC_ID!))).toEqual([]);
      expect(await t.storage.get(firstRow.ARC_ID!)).toBeUndefined();

      const history = await t.db
        .select()
        .from(empresasHistorial)
        .where(and(eq(empresasHistorial.EMP_CODIGO, company.EMP_CODIGO), eq(empresasHistorial.HIS_ACCION, 'firma')));
      expect(history).toHaveLength(2);
      const replaced = history.find((h) => h.HIS_ANTES !== null)!;
      expect(replaced.HIS_ANTES).toMatchObject({ FIR_SERIE: first.FIR_SERIE, FIR_HASTA: first.FIR_HASTA });
      expect(replaced.HIS_DESPUES).toMatchObject({ FIR_SERIE: second.json().FIR_SERIE });
      expect(replaced.HIS_DESCRIPCION).toContain(first.FIR_SERIE);
      expect(JSON.stringify(history)).not.toContain(SIGNATURE_PASSWORD);
    });

    it('después de reemplazar la firma, la factura se firma con la nueva y la clave anterior ya no está en memoria', async () => {
      const empresa = ids.tornillo;
      const { token } = await loginCompany(t, COMPANIES.tornillo);
      await darPlan(t, empresa, 10);
      const factura = borrador(await puntoPrincipal(t, empresa), await nuevoCliente(t, empresa, 301));
      /** Issues a new invoice and answers its signed XML. */
      const emitir = async () => {
        const id = await crearOk(t, token, factura);
        const issued = await t.app.inject({ method: 'POST', url: `/api/facturas/${id}/emitir`, headers: { 'x-token': token } });
        expect(issued.statusCode, issued.body).toBe(200);
        return (await t.app.inject({ method: 'GET', url: `/api/facturas/${id}/xml`, headers: { 'x-token': token } })).body;
      };
      /** The signature verifies with this certificate's key and no other (xml-crypto, the certificate pinned). */
      const firmadaCon = (xml: string, certBase64: string) => {
        const verifier = new SignedXml({ publicCert: new X509Certificate(Buffer.from(certBase64, 'base64')).toString() });
        const doc = new DOMParser().parseFromString(xml, 'text/xml');
        verifier.loadSignature(doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature')[0]);
        try {
          return verifier.checkSignature(xml);
        } catch {
          return false;
        }
      };
      const fueraDeMemoria = async () => {
        throw new Error('no estaba en memoria');
      };
      const p12s = [signatures.legacy(COMPANIES.tornillo.ruc), signatures.modern(COMPANIES.tornillo.ruc)];
      const [antes, despues] = p12s.map((p12) => abrirCertificado(p12, SIGNATURE_PASSWORD).certBase64);

      const first = await postSignature(t, `/empresas/firma/${empresa}`, admin, p12s[0]);
      expect(first.statusCode, first.body).toBe(200);
      const xmlAntes = await emitir();
      expect(xmlAntes).toContain(`<ds:X509Certificate>${antes}</ds:X509Certificate>`);
      expect(firmadaCon(xmlAntes, antes)).toBe(true);
      // Issuing kept the certificate open: it is served without reading the .p12 again.
      await expect(certificadoDeFirma(first.json().FIR_CODIGO, fueraDeMemoria)).resolves.toMatchObject({ certBase64: antes });

      const second = await postSignature(t, `/empresas/firma/${empresa}`, admin, p12s[1]);
      expect(second.statusCode, second.body).toBe(200);
      await expect(certificadoDeFirma(first.json().FIR_CODIGO, fueraDeMemoria)).rejects.toThrow('no estaba en memoria');
      const xmlDespues = await emitir();
      expect(xmlDespues).toContain(`<ds:X509Certificate>${despues}</ds:X509Certificate>`);
      expect(xmlDespues).not.toContain(antes);
      expect(firmadaCon(xmlDespues, despues)).toBe(true);
      expect(firmadaCon(xmlDespues, antes)).toBe(false);
      // The next setup of this file is another database in this same process, whose signatures get the same ids: it
      // must not find this one's certificate under its own signature's id.
      olvidarCertificado(second.json().FIR_CODIGO);
    });
  });

  describe('rechazos con mensaje en español (400) y nada guardado', () => {
    const refusals: Array<[string, () => Buffer, string, { password?: string; filename?: string }?]> = [
      ['contraseña incorrecta (antigua)', () => signatures.legacy(), FIRMA_MSG.wrongPassword, { password: 'otra-clave' }],
      ['contraseña incorrecta (moderna)', () => signatures.modern(), FIRMA_MSG.wrongPassword, { password: 'otra-clave' }],
      ['un archivo que no es PKCS#12', () => Buffer.from('esto no es una firma electrónica'), FIRMA_MSG.notPkcs12],
      ['un PDF renombrado a .p12', () => Buffer.from('%PDF-1.4\n%%EOF\n'), FIRMA_MSG.notPkcs12],
      ['un archivo sin clave privada', () => signatures.withoutKey(), FIRMA_MSG.noPrivateKey],
      ['un certificado que no sirve para firmar (solo keyEncipherment)', () => signatures.encipherOnly(), FIRMA_MSG.notForSigning],
      ['un archivo con otra extensión', () => signatures.legacy(), FIRMA_MSG.fileType, { filename: 'firma.pdf' }],
      ['una contraseña vacía', () => signatures.legacy(), FIRMA_MSG.passwordRequired, { password: '' }],
      ['una contraseña de más de 200 caracteres', () => signatures.legacy(), FIRMA_MSG.passwordTooLong, { password: 'x'.repeat(201) }],
    ];
    it.each(refusals)('%s', async (_what, build, msg, options) => {
      const company = await newCompany();
      const res = await postSignature(t, `/empresas/firma/${company.EMP_CODIGO}`, admin, build(), options);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg });
      expect(await currentRows(company.EMP_CODIGO)).toEqual([]);
    });

    it('una firma caducada o todavía no válida se rechaza con sus fechas', async () => {
      const company = await newCompany();
      const expired = await postSignature(t, `/empresas/firma/${company.EMP_CODIGO}`, admin, signatures.expired());
      expect(expired.statusCode).toBe(400);
      const from = diaEcuador(new Date(Date.now() - 730 * 86_400_000));
      const to = diaEcuador(new Date(Date.now() - 2 * 86_400_000));
      expect(expired.json()).toEqual({ msg: FIRMA_MSG.expired(from, to) });
      expect(expired.json().msg).toBe(`La firma electrónica está caducada: fue válida del ${from} al ${to}.`);
      const future = await postSignature(t, '/firma', company.token, signatures.notYetValid());
      expect(future.statusCode).toBe(400);
      expect(future.json()).toEqual({
        msg: FIRMA_MSG.notYetValid(diaEcuador(new Date(Date.now() + 10 * 86_400_000)), diaEcuador(new Date(Date.now() + 400 * 86_400_000))),
      });
      expect(await currentRows(company.EMP_CODIGO)).toEqual([]);
    });

    it('sin archivo, con el archivo en otro campo o sin multipart responde 400; más de 100 KB, 413', async () => {
      const company = await newCompany();
      const url = `${API}/empresas/firma/${company.EMP_CODIGO}`;
      const send = (form: { payload: Buffer; headers: Record<string, string> }) =>
        t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, 'x-token': admin } });
      const noFile = await send(signatureForm({ password: SIGNATURE_PASSWORD }));
      expect([noFile.statusCode, noFile.json()]).toEqual([400, { msg: FIRMA_MSG.fileRequired }]);
      const otherField = await send(signatureForm({ password: SIGNATURE_PASSWORD }, { content: signatures.legacy(), field: 'current' }));
      expect([otherField.statusCode, otherField.json()]).toEqual([400, { msg: FIRMA_MSG.fileRequired }]);
      const json = await t.app.inject({ method: 'POST', url, payload: { password: 'x' }, headers: { 'x-token': admin } });
      expect([json.statusCode, json.json()]).toEqual([400, { msg: FIRMA_MSG.malformed }]);
      const big = await send(
        signatureForm({ password: SIGNATURE_PASSWORD }, { content: Buffer.alloc(SIGNATURE_FILE.maxBytes + 10, 0x30) }),
      );
      expect([big.statusCode, big.json()]).toEqual([413, { msg: FIRMA_MSG.fileSize }]);
      expect(await currentRows(company.EMP_CODIGO)).toEqual([]);
    });
  });

  describe('comprobación sin guardar: POST /empresas/firmaComprobar y POST /firmaComprobar', () => {
    it('el administrador comprueba una firma, con o sin RUC para comparar, y no se guarda nada', async () => {
      const before = await t.db.select().from(firmas);
      const p12 = signatures.modern('1790016919001');
      const plain = await postSignature(t, '/empresas/firmaComprobar', admin, p12);
      expect(plain.statusCode, plain.body).toBe(200);
      expect(plain.json()).toMatchObject({
        FIR_TITULAR: 'JUAN CARLOS PEREZ LOPEZ',
        FIR_IDENTIFICACION: '1790016919001',
        FIR_USOS: ['digitalSignature', 'nonRepudiation'],
        advertencias: [],
        msg: FIRMA_MSG.valid,
      });
      expect(plain.json()).not.toHaveProperty('FIR_CODIGO');
      const compared = await postSignature(t, '/empresas/firmaComprobar', admin, p12, { ruc: COMPANIES.costa.ruc });
      expect(compared.json().advertencias).toEqual([FIRMA_MSG.idMismatch('1790016919001', COMPANIES.costa.ruc)]);
      const badRuc = await postSignature(t, '/empresas/firmaComprobar', admin, p12, { ruc: '12345' });
      expect([badRuc.statusCode, badRuc.json()]).toEqual([400, { msg: FIRMA_MSG.rucInvalid }]);
      const wrong = await postSignature(t, '/empresas/firmaComprobar', distributor, p12, { password: 'mala' });
      expect([wrong.statusCode, wrong.json()]).toEqual([400, { msg: FIRMA_MSG.wrongPassword }]);
      expect(await t.db.select().from(firmas)).toEqual(before);
    });

    it('la empresa comprueba contra su propio RUC', async () => {
      const company = await newCompany();
      const own = await postSignature(t, '/firmaComprobar', company.token, signatures.legacy(company.EMP_RUC));
      expect(own.json()).toMatchObject({ advertencias: [], msg: FIRMA_MSG.valid });
      const other = await postSignature(t, '/firmaComprobar', company.token, signatures.legacy('1790016919001'));
      expect(other.json().advertencias).toEqual([FIRMA_MSG.idMismatch('1790016919001', company.EMP_RUC)]);
      expect(await currentRows(company.EMP_CODIGO)).toEqual([]);
    });
  });

  describe('acceso', () => {
    it('un distribuidor trabaja con sus empresas y recibe 404 en la de otro al leer y al subir (comprobar no nombra empresa)', async () => {
      const own = await postSignature(t, `/empresas/firma/${ids.andina}`, distributor, signatures.legacy(COMPANIES.andina.ruc));
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().FIR_SUBIDA_POR).toBe('Carlos Quishpe — Distribuciones Sierra');
      expect((await get(`/empresas/firma/${ids.andina}`, distributor)).json().actual.FIR_CODIGO).toBe(own.json().FIR_CODIGO);

      const read = await get(`/empresas/firma/${ids.costa}`, distributor);
      expect([read.statusCode, read.json()]).toEqual([404, { msg: MSG.notFound }]);
      const upload = await postSignature(t, `/empresas/firma/${ids.costa}`, distributor, signatures.legacy(COMPANIES.costa.ruc));
      expect([upload.statusCode, upload.json()]).toEqual([404, { msg: MSG.notFound }]);
      expect(await currentRows(ids.costa)).toEqual([]);
      const missing = await get('/empresas/firma/2147483647', admin);
      expect(missing.statusCode).toBe(404);
    });

    it('un token de empresa en las rutas de administración responde 403; sin token, 401', async () => {
      const company = await loginCompany(t);
      const p12 = signatures.legacy();
      for (const res of [
        await get(`/empresas/firma/${ids.andina}`, company.token),
        await postSignature(t, `/empresas/firma/${ids.andina}`, company.token, p12),
        await postSignature(t, '/empresas/firmaComprobar', company.token, p12),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().msg).toEqual(expect.any(String));
      }
      expect((await t.app.inject({ method: 'GET', url: `${API}/firma` })).statusCode).toBe(401);
      expect((await get('/firma', admin)).statusCode).toBe(403);
    });
  });

  describe('avisos al iniciar sesión: GET /comprobarfirmaPlan', () => {
    /** A company with a plan valid for a year, so that only the signature decides the notice. */
    const companyWithPlan = async () => {
      const company = await newCompany();
      const [plan] = await t.db.select().from(planes).limit(1);
      await t.db.insert(planesEmpresa).values({
        EMP_CODIGO: company.EMP_CODIGO,
        PLAN_ID: plan.PLAN_ID,
        PLANEMPRESA_NOMBRE: plan.PLAN_NOMBRE,
        // Plans start at midnight in Ecuador, not UTC.
        PLANEMPRESA_INICIO: hoyEcuador(),
        PLANEMPRESA_CADUCA: sumarDias(hoyEcuador(), 365),
        PLANEMPRESA_COMPROBANTES: plan.PLAN_COMPROBANTES,
        PLANEMPRESA_PRECIO: plan.PLAN_PRECIO,
      });
      const session = await loginCompany(t, company.login);
      const notice = async () => (await get(`/comprobarfirmaPlan/${session.COM_CODIGO}/${session.eid}`, session.token)).json();
      return { ...company, notice };
    };

    it('sin firma avisa que no hay; con una vigente por más de 30 días, nada', async () => {
      const company = await companyWithPlan();
      expect(await company.notice()).toEqual({ activar: true, mensaje: FIRMA_MSG.noticeMissing });
      await uploadCompanySignature(t, company.token, signatures.legacy(company.EMP_RUC));
      expect(await company.notice()).toEqual({ activar: false, mensaje: '' });
    });

    it('avisa desde 30 días antes de que caduque, con la fecha', async () => {
      const company = await companyWithPlan();
      const stored = await uploadCompanySignature(t, company.token, signatures.expiringIn(10, company.EMP_RUC));
      expect(await company.notice()).toEqual({ activar: true, mensaje: FIRMA_MSG.noticeExpiring(stored.FIR_HASTA, 10) });
      expect((await company.notice()).mensaje).toContain('en 10 días');
    });

    it('avisa cuando la firma en uso ya caducó', async () => {
      const company = await companyWithPlan();
      await uploadCompanySignature(t, company.token, signatures.legacy(company.EMP_RUC));
      // The certificate was valid when uploaded; time passes until after its expiry.
      const yesterday = new Date(Date.now() - 86_400_000);
      await t.db.update(firmas).set({ FIR_HASTA: yesterday }).where(eq(firmas.EMP_CODIGO, company.EMP_CODIGO));
      expect(await company.notice()).toEqual({ activar: true, mensaje: FIRMA_MSG.noticeExpired(diaEcuador(yesterday)) });
    });

    it('la migración 0025 pasa a día de Ecuador la caducidad que se guardó como día UTC', async () => {
      const company = await newCompany();
      await uploadCompanySignature(t, company.token, signatures.legacy(company.EMP_RUC));
      // As stored before: the certificate ends at 00:40 UTC on the 3rd, kept as the 3rd; in Ecuador it ends on the 2nd.
      await t.db
        .update(firmas)
        .set({ FIR_HASTA: new Date('2027-12-03T00:40:00Z') })
        .where(eq(firmas.EMP_CODIGO, company.EMP_CODIGO));
      await t.db.update(empresas).set({ EMP_FIRMA_CADUCA: '2027-12-03' }).where(eq(empresas.EMP_CODIGO, company.EMP_CODIGO));
      await t.db.execute(sql.raw(fs.readFileSync(MIGRACION_0025, 'utf8')));
      const [row] = await t.db
        .select({ caduca: empresas.EMP_FIRMA_CADUCA })
        .from(empresas)
        .where(eq(empresas.EMP_CODIGO, company.EMP_CODIGO));
      expect(row!.caduca).toBe('2027-12-02');
    });
  });
});

describe('los registros no contienen la contraseña ni el archivo de la firma', () => {
  class LogCapture extends Writable {
    text = '';
    override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
      this.text += chunk.toString('utf8');
      done();
    }
  }
  let t: TestApp;
  const logs = new LogCapture();
  beforeAll(async () => {
    t = await startTestApp('pglite', { logLevel: 'debug' }, { logStream: logs });
  });
  afterAll(() => t.close());

  it('ni al guardar, ni al comprobar, ni al rechazar una contraseña incorrecta', async () => {
    const password = 'Secreto-De-Firma-8841';
    const admin = (await loginAdmin(t)).token;
    const [andina] = await t.db.select().from(empresas).where(eq(empresas.EMP_RUC, COMPANIES.andina.ruc));
    const p12 = buildSignature({ password, ruc: COMPANIES.andina.ruc });
    expect((await postSignature(t, `/empresas/firma/${andina.EMP_CODIGO}`, admin, p12, { password })).statusCode).toBe(200);
    expect((await postSignature(t, '/empresas/firmaComprobar', admin, p12, { password })).statusCode).toBe(200);
    expect((await postSignature(t, '/empresas/firmaComprobar', admin, p12, { password: `${password}-mala` })).statusCode).toBe(400);
    expect(logs.text).toContain('firma electrónica guardada');
    expect(logs.text).toContain('/empresas/firmaComprobar');
    expect(logs.text).not.toContain(password);
    expect(logs.text).not.toContain(p12.subarray(0, 48).toString('base64'));
  });
});

describe('la clave de cifrado de las firmas', () => {
  it('sin SECRETS_KEY se genera una vez en DATA_DIR/secrets.key (0600) y se reutiliza; con SECRETS_KEY se usa esa', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-clave-'));
    try {
      const sealed = secretBoxFor({ dataDir }).seal(Buffer.from('firma'));
      const file = path.join(dataDir, 'secrets.key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(Buffer.from(fs.readFileSync(file, 'utf8'), 'base64')).toHaveLength(32);
      expect(secretBoxFor({ dataDir }).open(sealed).toString()).toBe('firma');

      const configured = randomBytes(32).toString('base64');
      const { secretsKey } = loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: configured });
      expect(() => secretBoxFor({ dataDir, secretsKey }).open(sealed)).toThrow(SecretBoxError);
      expect(
        secretBoxFor({ dataDir, secretsKey })
          .open(createSecretBox(Buffer.from(configured, 'base64')).seal(Buffer.from('x')))
          .toString(),
      ).toBe('x');
      expect(() => loadConfig({ SECRETS_KEY: 'corta' })).toThrow(/SECRETS_KEY/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
