import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { multipart, startTestApp, testSetups, type TestApp } from '../helpers/server';
import { API, loginAdmin, loginCompany } from '../helpers/accounts';
import { storedFiles } from '../helpers/soporte-api';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';
import { archivos, auditoria, configuraciones } from '../../server/infra/db/schema';
import { readSettings, SETTING_POSITION, type SettingRow } from '../../domain/configuraciones';
import { IMAGE_MSG } from '../../domain/configuraciones-valores';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('\x00\x00\x00\x0dIHDR', 'latin1'),
  Buffer.alloc(300, 3),
]);
const ICO = Buffer.concat([Buffer.from([0x00, 0x00, 0x01, 0x00, 0x01, 0x00]), Buffer.alloc(200, 7)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EVIL_SVG = Buffer.from(
  `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "boom">]>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <style>@import url(https://evil.example/x.css); .a { fill: url(#g); background: url(https://evil.example/i.png) }</style>
  <defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>
  <a href="javascript:alert(3)"><rect class="a" width="5" height="5" onclick="alert(4)"/></a>
  <image href="https://evil.example/tracker.png" width="1" height="1"/>
  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hola</div></foreignObject>
  <text x="1" y="9">Andina</text>
</svg>`,
);

describe.each(testSetups)('configuraciones como formularios (%s, archivos en %s)', (kind, storage) => {
  let t: TestApp;
  let admin: string;
  let distributor: string;
  let company: string;
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { storage });
    admin = (await loginAdmin(t)).token;
    distributor = (await loginAdmin(t, DEMO.distribuidor)).token;
    company = (await loginCompany(t)).token;
  });
  afterAll(() => t.close());

  const as = (token?: string) => (token ? { 'x-token': token } : {});
  const list = async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/configuraciones` });
    expect(res.statusCode).toBe(200);
    return res.json() as SettingRow[];
  };
  const put = (payload: object, token: string | undefined = admin) =>
    t.app.inject({ method: 'PUT', url: `${API}/configuraciones/actualizar`, headers: as(token), payload });
  const upload = (id: number, valor: number, name: string, content: Buffer, token: string | undefined = admin) => {
    const body = multipart('current', name, content, 'image/png');
    return t.app.inject({
      method: 'POST',
      url: `${API}/configuraciones/${id}/imagen/${valor}`,
      payload: body.payload,
      headers: { ...body.headers, ...as(token) },
    });
  };
  const image = (url: string) => t.app.inject({ method: 'GET', url });
  const lastAudit = async (registro: number) => {
    const [row] = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.AUD_RECURSO, 'configuraciones'), eq(auditoria.AUD_REGISTRO, String(registro))))
      .orderBy(desc(auditoria.AUD_ID))
      .limit(1);
    return row;
  };
  const auditCount = async () => (await t.db.select().from(auditoria).where(eq(auditoria.AUD_RECURSO, 'configuraciones'))).length;

  describe('lectura', () => {
    it('GET /configuraciones es pública, por posición, y pide revalidar en cada carga (no-cache)', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${API}/configuraciones` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const rows = res.json() as SettingRow[];
      rows.slice(0, 10).forEach((row, index) => expect(row.CON_CODIGO).toBe(index));
    });

    it('GET /configuraciones/{id}: 200 al administrador, 403 con token de empresa, 401 sin token, 404 si no existe', async () => {
      const ok = await t.app.inject({ method: 'GET', url: `${API}/configuraciones/6`, headers: as(admin) });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ CON_CODIGO: 6, CON_VALOR1: '1' });
      const companyCall = await t.app.inject({ method: 'GET', url: `${API}/configuraciones/6`, headers: as(company) });
      expect(companyCall.statusCode).toBe(403);
      expect(companyCall.json()).toEqual({ msg: MSG.adminOnly });
      const anonymous = await t.app.inject({ method: 'GET', url: `${API}/configuraciones/6` });
      expect(anonymous.statusCode).toBe(401);
      const missing = await t.app.inject({ method: 'GET', url: `${API}/configuraciones/77`, headers: as(admin) });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ msg: MSG.settingNotFound });
    });
  });

  describe('PUT /configuraciones/actualizar', () => {
    it('activar la marca blanca se ve en la lectura pública al instante y queda en la auditoría (solo lo que cambió)', async () => {
      expect(readSettings(await list()).whiteLabel).toBe(false);
      const before = await auditCount();
      const res = await put({
        CON_CODIGO: SETTING_POSITION.whiteLabelSwitch,
        CON_NOMBRE: 'Marca blanca activa (si / no)',
        CON_VALOR1: 'si',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ CON_CODIGO: 9, CON_VALOR1: 'si' });
      const settings = readSettings(await list());
      expect(settings.whiteLabel).toBe(true);
      expect(settings.title).toBe('Facturación Andina');
      expect(await auditCount()).toBe(before + 1);
      expect(await lastAudit(9)).toMatchObject({
        AUD_USUARIO: DEMO.admin.usuario,
        AUD_ACCION: 'edicion',
        AUD_ANTES: { CON_VALOR1: 'no' },
        AUD_DESPUES: { CON_VALOR1: 'si' },
      });

      const off = await put({ CON_CODIGO: 9, CON_VALOR1: 'NO' });
      expect(off.json().CON_VALOR1).toBe('no');
      expect(readSettings(await list()).whiteLabel).toBe(false);
    });

    it('guardar sin cambios no escribe en la auditoría', async () => {
      const before = await auditCount();
      const same = await put({ CON_CODIGO: 3, CON_VALOR1: 'soporte@amelia.ec', CON_VALOR2: null });
      expect(same.statusCode).toBe(200);
      expect(await auditCount()).toBe(before);
    });

    it.each([
      [2, 'CON_VALOR1', 'wa.me/593999999999', 'El campo «Enlace del chat» debe ser una dirección web que empiece con https://'],
      [2, 'CON_VALOR3', 'javascript:alert(1)', 'El campo «Sitio web» debe ser una dirección web que empiece con https://'],
      [2, 'CON_VALOR2', 'llamar ya', 'El campo «Teléfono de soporte» debe ser un número de teléfono, p. ej. +593 2 600 1234'],
      [0, 'CON_VALOR2', 'soporte@', 'El campo «Correo de contacto» debe ser un correo electrónico válido'],
      [3, 'CON_VALOR1', 'no es un correo', 'El campo «Correo de soporte» debe ser un correo electrónico válido'],
      [6, 'CON_VALOR1', '3', 'El campo «Ambiente del SRI» admite solo 1 (Pruebas), 2 (Producción)'],
      [6, 'CON_VALOR1', null, 'El campo «Ambiente del SRI» es obligatorio'],
      [9, 'CON_VALOR1', 'quizás', 'El campo «Marca blanca activa» admite solo si o no'],
      [5, 'CON_VALOR6', 'javascript:alert(1)', 'El campo «Logo» debe ser una imagen subida, una ruta del sitio (/…) o una dirección web'],
      [7, 'CON_VALOR1', '15 MB', 'El campo «Límite de carga (bytes)» debe ser un número de bytes entre 1024 y 1073741824'],
    ])('configuración %i, %s = %j responde 400 con el nombre del valor y no cambia nada', async (codigo, key, value, msg) => {
      const [before] = await t.db.select().from(configuraciones).where(eq(configuraciones.CON_CODIGO, codigo));
      const res = await put({ CON_CODIGO: codigo, [key]: value });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg });
      expect(await t.db.select().from(configuraciones).where(eq(configuraciones.CON_CODIGO, codigo))).toEqual([before]);
    });

    it('guarda enlaces, teléfonos y el ambiente válidos; el teléfono de soporte queda como enlace tel:', async () => {
      const links = await put({
        CON_CODIGO: 2,
        CON_VALOR1: 'https://wa.me/593988887777',
        CON_VALOR2: '+593 2 222-3333',
        CON_VALOR3: 'https://andina.example.ec/ayuda',
      });
      expect(links.statusCode, links.body).toBe(200);
      expect(links.json()).toMatchObject({ CON_VALOR2: 'tel:+59322223333' });
      expect(readSettings(await list()).support).toEqual({
        chat: 'https://wa.me/593988887777',
        phone: 'tel:+59322223333',
        website: 'https://andina.example.ec/ayuda',
      });
      expect((await lastAudit(2))?.AUD_ANTES).toEqual({
        CON_VALOR1: 'https://wa.me/593999999999',
        CON_VALOR2: 'tel:+59326001234',
        CON_VALOR3: 'https://www.amelia.ec',
      });
      const sri = await put({ CON_CODIGO: 6, CON_VALOR1: '2' });
      expect(sri.statusCode).toBe(200);
      expect(sri.json().CON_VALOR1).toBe('2');
      // a link left empty hides its button
      expect((await put({ CON_CODIGO: 2, CON_VALOR1: '' })).statusCode).toBe(200);
      expect(readSettings(await list()).support.chat).toBe('');
    });

    it('un valor antiguo que no cambia no se revisa: no impide guardar los demás', async () => {
      await t.db.update(configuraciones).set({ CON_VALOR2: 'correo viejo' }).where(eq(configuraciones.CON_CODIGO, 0));
      const res = await put({ CON_CODIGO: 0, CON_VALOR2: 'correo viejo', CON_VALOR4: 'Lunes a sábado, 08:00 a 13:00' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ CON_VALOR2: 'correo viejo', CON_VALOR4: 'Lunes a sábado, 08:00 a 13:00' });
    });

    it('solo administradores: el distribuidor y la empresa reciben 403, sin token 401', async () => {
      const dist = await put({ CON_CODIGO: 9, CON_VALOR1: 'si' }, distributor);
      expect(dist.statusCode).toBe(403);
      expect((await put({ CON_CODIGO: 9, CON_VALOR1: 'si' }, company)).statusCode).toBe(403);
      expect((await put({ CON_CODIGO: 9, CON_VALOR1: 'si' }, '')).statusCode).toBe(401);
      expect(readSettings(await list()).whiteLabel).toBe(false);
    });
  });

  describe('POST /configuraciones/{id}/imagen/{valor} y GET /configuraciones/imagen/{archivo}', () => {
    it('un PNG se guarda, se sirve público con su tipo, y reemplazarlo elimina el anterior', async () => {
      const res = await upload(5, 6, 'logo-andina.png', PNG);
      expect(res.statusCode, res.body).toBe(200);
      const first = res.json() as SettingRow & { msg: string };
      expect(first.msg).toBe(IMAGE_MSG.saved);
      expect(first.CON_VALOR6).toMatch(/^\/api\/EmpresasAmelia\/configuraciones\/imagen\/[0-9a-f]{32}$/);
      expect((await list())[5].CON_VALOR6).toBe(first.CON_VALOR6);

      const served = await image(first.CON_VALOR6!);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.rawPayload.equals(PNG)).toBe(true);
      expect(await lastAudit(5)).toMatchObject({
        AUD_ACCION: 'imagen',
        AUD_ANTES: { CON_VALOR6: '/marca-blanca/logo.svg' },
        AUD_DESPUES: { CON_VALOR6: first.CON_VALOR6 },
      });

      const second = (await upload(5, 6, 'logo-2.png', PNG)).json() as SettingRow;
      expect(second.CON_VALOR6).not.toBe(first.CON_VALOR6);
      const firstId = first.CON_VALOR6!.split('/').pop()!;
      expect((await image(first.CON_VALOR6!)).statusCode).toBe(404);
      expect(await storedFiles(t)).not.toContain(firstId);
      expect(await t.db.select().from(archivos).where(eq(archivos.ARC_ID, firstId))).toEqual([]);

      // Emptying the value from the form removes the file too; the sign-in pages fall back to Amelia's logo.
      const secondId = second.CON_VALOR6!.split('/').pop()!;
      expect((await put({ CON_CODIGO: 5, CON_VALOR6: null })).statusCode).toBe(200);
      expect(await storedFiles(t)).not.toContain(secondId);
      expect((await image(second.CON_VALOR6!)).statusCode).toBe(404);
    });

    it('un SVG con script, manejadores y referencias externas se guarda saneado', async () => {
      const res = await upload(5, 7, 'portada.svg', EVIL_SVG);
      expect(res.statusCode, res.body).toBe(200);
      const served = await image(res.json().CON_VALOR7);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/svg+xml');
      expect(served.headers['content-security-policy']).toContain("default-src 'none'");
      const svg = served.body;
      expect(svg.startsWith('<svg')).toBe(true);
      for (const bad of ['<script', 'alert', 'onload', 'onclick', 'javascript:', 'evil.example', '@import', 'foreignObject', 'ENTITY']) {
        expect(svg).not.toContain(bad);
      }
      // the drawing itself stays
      expect(svg).toContain('<linearGradient id="g">');
      expect(svg).toContain('fill: url(#g)');
      expect(svg).toContain('>Andina</text>');
    });

    it('un ICO sirve de favicon', async () => {
      const res = await upload(5, 8, 'favicon.ico', ICO);
      expect(res.statusCode, res.body).toBe(200);
      const served = await image(res.json().CON_VALOR8);
      expect(served.headers['content-type']).toBe('image/x-icon');
    });

    it('una imagen de 20 MB responde 413 y no guarda nada', async () => {
      const before = await storedFiles(t);
      const [row] = await t.db.select().from(configuraciones).where(eq(configuraciones.CON_CODIGO, 5));
      const big = Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024, 1)]);
      const res = await upload(5, 6, 'enorme.png', big);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ msg: IMAGE_MSG.fileSize });
      const svg = await upload(5, 6, 'enorme.svg', Buffer.concat([Buffer.from('<svg>'), Buffer.alloc(3 * 1024 * 1024, 0x20)]));
      expect(svg.statusCode).toBe(413);
      expect(await storedFiles(t)).toEqual(before);
      expect(await t.db.select().from(configuraciones).where(eq(configuraciones.CON_CODIGO, 5))).toEqual([row]);
    });

    it.each([
      ['notas.txt', Buffer.from('hola'), IMAGE_MSG.fileType],
      ['animacion.gif', Buffer.from('GIF89a....'), IMAGE_MSG.fileType],
      ['logo.png', PDF, IMAGE_MSG.fileType],
      ['logo.svg', PNG, IMAGE_MSG.badSvg],
      ['logo.svg', Buffer.from('<html><body>no</body></html>'), IMAGE_MSG.badSvg],
    ])('%s que no es una imagen aceptada responde 400', async (name, content, msg) => {
      const before = await storedFiles(t);
      const res = await upload(5, 6, name, content);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg });
      expect(await storedFiles(t)).toEqual(before);
    });

    it('solo el logo, la portada y el favicon son imágenes; solo administradores suben', async () => {
      const notImage = await upload(9, 1, 'logo.png', PNG);
      expect(notImage.statusCode).toBe(404);
      expect(notImage.json()).toEqual({ msg: IMAGE_MSG.notImage });
      const missing = await upload(99, 6, 'logo.png', PNG);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ msg: MSG.settingNotFound });
      const badValue = await upload(5, 9, 'logo.png', PNG);
      expect(badValue.statusCode).toBe(400);
      expect((await upload(5, 6, 'logo.png', PNG, distributor)).statusCode).toBe(403);
      expect((await upload(5, 6, 'logo.png', PNG, company)).statusCode).toBe(403);
      expect((await upload(5, 6, 'logo.png', PNG, '')).statusCode).toBe(401);
    });

    it('la ruta pública sirve solo imágenes de configuraciones: otro archivo responde 404', async () => {
      const logo = multipart('current', 'ride.png', PNG, 'image/png');
      const ride = await t.app.inject({
        method: 'POST',
        url: `${API}/empresas/logo/1`,
        payload: logo.payload,
        headers: { ...logo.headers, ...as(admin) },
      });
      expect(ride.statusCode, ride.body).toBe(200);
      const res = await image(`${API}/configuraciones/imagen/${ride.json().EMP_LOGO}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: IMAGE_MSG.noImage });
      expect((await image(`${API}/configuraciones/imagen/no-es-un-id`)).statusCode).toBe(400);
      expect((await image(`${API}/configuraciones/imagen/${'0'.repeat(32)}`)).statusCode).toBe(404);
    });
  });
});
