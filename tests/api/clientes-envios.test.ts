import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { FastifyInstance } from 'fastify';
import { multipart, startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginAdmin, loginCompany } from '../helpers/accounts';
import { startWhatsAppStub, WHATSAPP_STUB } from '../helpers/whatsapp-stub';
import { clientes, clientesDocumentos, clientesEnvios, empresas, intentos } from '../../server/infra/db/schema';
import { sendWhatsAppText } from '../../server/infra/whatsapp';
import { sendingsKey } from '../../server/modules/clientesEnvios/service';
import { MSG } from '../../domain/messages';
import { CLIENTE_MSG, ENVIO_CLIENTE, ENVIO_MSG, telefonoWhatsApp } from '../../domain/clientes';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 3)]);

type Envio = {
  CEN_ID: number;
  CEN_CANAL: string;
  CEN_DESTINO: string;
  CEN_ASUNTO: string | null;
  CEN_RESULTADO: string;
  CEN_DETALLE: string | null;
  usuario: string | null;
};

describe('telefonoWhatsApp: el número con el código de país', () => {
  it('convierte los números de Ecuador y respeta los internacionales', () => {
    expect(telefonoWhatsApp('0991234567')).toBe('593991234567');
    expect(telefonoWhatsApp('099 123 4567')).toBe('593991234567');
    expect(telefonoWhatsApp('(02) 234-5678')).toBe('59322345678');
    expect(telefonoWhatsApp('991234567')).toBe('593991234567');
    expect(telefonoWhatsApp('+593 99 123 4567')).toBe('593991234567');
    expect(telefonoWhatsApp('593991234567')).toBe('593991234567');
    expect(telefonoWhatsApp('+57 300 123 4567')).toBe('573001234567');
    expect(telefonoWhatsApp('0057 300 123 4567')).toBe('573001234567');
    for (const bad of ['123', 'llamar tarde', '', '+0991234567', '09912345678']) expect(telefonoWhatsApp(bad)).toBeNull();
  });
});

describe.each(testDatabases)('envíos a un cliente: /api/clientes/enviar, enviarWS, {id}/envios (%s)', (kind) => {
  let t: TestApp;
  let stub: Awaited<ReturnType<typeof startWhatsAppStub>>;
  let withWhatsApp: FastifyInstance;
  let andina: string;
  let tornillo: string;
  let andinaId: number;
  let client: number;
  let noContact: number;
  let otherClient: number;
  let otherClientsDocument: number;
  let documents: Array<{ CDO_ID: number; CDO_NOMBRE: string }>;

  const as = (token: string) => ({ 'x-token': token });
  const enviar = (payload: object, token = andina, app: FastifyInstance = t.app) =>
    app.inject({ method: 'POST', url: '/api/clientes/enviar', headers: as(token), payload });
  const enviarWS = (payload: object, token = andina, app: FastifyInstance = t.app) =>
    app.inject({ method: 'POST', url: '/api/clientes/enviarWS', headers: as(token), payload });
  const historial = (id: number, token = andina) => t.app.inject({ method: 'GET', url: `/api/clientes/${id}/envios`, headers: as(token) });
  const outbox = () => path.join(t.dataDir, 'outbox');
  /** The .eml files written since `before`, parsed with their attachments. */
  async function mailsSince(before: number) {
    if (!fs.existsSync(outbox())) return [];
    const files = fs.readdirSync(outbox()).sort().slice(before);
    return Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(outbox(), f)))));
  }
  const outboxSize = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).length : 0);

  async function insertClient(empresa: number, identificacion: string, extra: Partial<typeof clientes.$inferInsert> = {}) {
    const [row] = await t.db
      .insert(clientes)
      .values({
        EMP_CODIGO: empresa,
        CLI_TIPO_IDENTIFICACION: '05',
        CLI_IDENTIFICACION: identificacion,
        CLI_RAZON_SOCIAL: 'Cliente',
        ...extra,
      })
      .returning();
    return row.CLI_CODIGO;
  }
  async function upload(cliente: number, name: string, content: Buffer, token = andina) {
    const body = multipart('current', name, content);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/clientes/documentos?cliente=${cliente}`,
      payload: body.payload,
      headers: { ...body.headers, ...as(token) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { CDO_ID: number; CDO_NOMBRE: string };
  }

  beforeAll(async () => {
    [t, stub] = await Promise.all([startTestApp(kind), startWhatsAppStub()]);
    withWhatsApp = await t.otherInstance({
      whatsapp: { apiUrl: stub.url, token: WHATSAPP_STUB.token, phoneNumberId: WHATSAPP_STUB.phoneNumberId },
    });
    const ids = await t.db.select({ id: empresas.EMP_CODIGO, ruc: empresas.EMP_RUC }).from(empresas);
    andinaId = ids.find((e) => e.ruc === COMPANIES.andina.ruc)!.id;
    const tornilloId = ids.find((e) => e.ruc === COMPANIES.tornillo.ruc)!.id;
    andina = (await loginCompany(t)).token;
    tornillo = (await loginCompany(t, COMPANIES.tornillo)).token;
    client = await insertClient(andinaId, '1710034065', {
      CLI_RAZON_SOCIAL: 'Importadora del Pacífico',
      CLI_CORREOS: ['compras@impac.ec', 'Gerencia@Impac.ec'],
      CLI_TELEFONOS: ['099 123 4567', '(02) 234-5678'],
    });
    noContact = await insertClient(andinaId, '0102030405');
    otherClient = await insertClient(tornilloId, '0926687856', { CLI_CORREOS: ['otro@cliente.ec'], CLI_TELEFONOS: ['0987654321'] });
    documents = [await upload(client, 'proforma 12.pdf', PDF), await upload(client, 'catálogo.png', PNG)];
    otherClientsDocument = (await upload(otherClient, 'ajeno.pdf', PDF, tornillo)).CDO_ID;
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  it('enviar: el correo llega a todos los correos del cliente, firmado por la empresa, con los documentos adjuntos', async () => {
    const before = outboxSize();
    const res = await enviar({
      CLI_CODIGO: client,
      asunto: 'Proforma de marzo',
      mensaje: 'Estimados:\nAdjuntamos la proforma <b>12</b> & el catálogo.',
      documentos: documents.map((d) => d.CDO_ID),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      msg: 'Correo enviado a compras@impac.ec, Gerencia@Impac.ec',
      envio: {
        CEN_ID: expect.any(Number),
        CEN_CANAL: 'correo',
        CEN_DESTINO: 'compras@impac.ec, Gerencia@Impac.ec',
        CEN_ASUNTO: 'Proforma de marzo',
        CEN_RESULTADO: 'enviado',
        CEN_DETALLE: 'Adjuntos: proforma 12.pdf, catálogo.png',
        CEN_FECHA: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        usuario: expect.any(String),
      },
    });
    const [mail] = await mailsSince(before);
    expect(mail.subject).toBe('Proforma de marzo');
    // The mail library writes domains in lower case.
    expect((Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((a) => a!.value.map((v) => v.address?.toLowerCase()))).toEqual([
      'compras@impac.ec',
      'gerencia@impac.ec',
    ]);
    expect(mail.replyTo?.value[0].address).toBe('facturacion@comercialandina.ec');
    expect(mail.text).toContain('Adjuntamos la proforma <b>12</b> & el catálogo.');
    expect(mail.text).toContain('Comercial Andina');
    expect(mail.html).toContain('Adjuntamos la proforma &lt;b&gt;12&lt;/b&gt; &amp; el catálogo.');
    expect(mail.html).not.toContain('<b>12</b>');
    expect(mail.html).toContain('Comercial Andina');
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.content.equals(a.filename === 'catálogo.png' ? PNG : PDF)])).toEqual([
      ['proforma 12.pdf', 'application/pdf', true],
      ['catálogo.png', 'image/png', true],
    ]);
  });

  it('enviar: solo a los correos elegidos (sin importar mayúsculas); uno que no es del cliente responde 400', async () => {
    const before = outboxSize();
    const res = await enviar({
      CLI_CODIGO: client,
      asunto: 'Recordatorio',
      mensaje: 'Su factura vence mañana',
      correos: ['gerencia@impac.ec'],
    });
    expect([res.statusCode, res.json().msg]).toEqual([200, 'Correo enviado a Gerencia@Impac.ec']);
    const [mail] = await mailsSince(before);
    expect([mail.to && !Array.isArray(mail.to) && mail.to.text.toLowerCase(), mail.attachments]).toEqual(['gerencia@impac.ec', []]);

    const foreign = await enviar({ CLI_CODIGO: client, asunto: 'x', mensaje: 'x', correos: ['alguien@otro.ec'] });
    expect([foreign.statusCode, foreign.json()]).toEqual([400, { msg: ENVIO_MSG.correoAjeno('alguien@otro.ec') }]);
    const invalid = await enviar({ CLI_CODIGO: client, asunto: 'x', mensaje: 'x', correos: ['no es correo'] });
    expect([invalid.statusCode, invalid.json()]).toEqual([400, { msg: 'Ingrese un correo electrónico válido' }]);
    expect(outboxSize()).toBe(before + 1);
  });

  it('enviar: sin correos registrados, un documento ajeno o adjuntos de más de 25 MB responden 400 sin enviar nada', async () => {
    const before = outboxSize();
    const none = await enviar({ CLI_CODIGO: noContact, asunto: 'Hola', mensaje: 'Hola' });
    expect([none.statusCode, none.json()]).toEqual([400, { msg: CLIENTE_MSG.sinCorreo }]);
    const foreign = await enviar({ CLI_CODIGO: client, asunto: 'Hola', mensaje: 'Hola', documentos: [otherClientsDocument] });
    expect([foreign.statusCode, foreign.json()]).toEqual([400, { msg: ENVIO_MSG.documentoAjeno }]);
    // Two 15 MB documents (rows only: the size is checked before any file is read).
    const big = await t.db
      .insert(clientesDocumentos)
      .values(
        [1, 2].map((n) => ({
          CLI_CODIGO: client,
          EMP_CODIGO: andinaId,
          CDO_NOMBRE: `escaneo ${n}.pdf`,
          CDO_RUTA: `no-existe-${n}`,
          CDO_TIPO: 'application/pdf',
          CDO_BYTES: 14_000_000,
        })),
      )
      .returning();
    const tooBig = await enviar({ CLI_CODIGO: client, asunto: 'Hola', mensaje: 'Hola', documentos: big.map((d) => d.CDO_ID) });
    expect([tooBig.statusCode, tooBig.json()]).toEqual([400, { msg: ENVIO_MSG.adjuntosGrandes }]);
    expect(ENVIO_CLIENTE.maxAdjuntosBytes).toBe(25 * 1024 * 1024);
    await t.db.delete(clientesDocumentos).where(eq(clientesDocumentos.CDO_RUTA, 'no-existe-1'));
    await t.db.delete(clientesDocumentos).where(eq(clientesDocumentos.CDO_RUTA, 'no-existe-2'));
    expect(outboxSize()).toBe(before);
  });

  it('enviar: si el servidor de correo no responde, 502 en español y el envío queda registrado como error', async () => {
    const noSmtp = await t.otherInstance({ smtpUrl: 'smtp://127.0.0.1:9/?connectionTimeout=2000' });
    const res = await enviar(
      { CLI_CODIGO: client, asunto: 'Estado de cuenta', mensaje: 'Adjunto', documentos: [documents[0].CDO_ID] },
      andina,
      noSmtp,
    );
    expect([res.statusCode, res.json()]).toEqual([502, { msg: ENVIO_MSG.correoFallido }]);
    const [last] = (await historial(client)).json() as Envio[];
    expect(last).toMatchObject({
      CEN_CANAL: 'correo',
      CEN_ASUNTO: 'Estado de cuenta',
      CEN_RESULTADO: 'error',
      CEN_DESTINO: 'compras@impac.ec, Gerencia@Impac.ec',
    });
    expect(last.CEN_DETALLE).toBeTruthy();
  });

  it('enviarWS sin la API configurada: responde el enlace wa.me con el texto y lo registra como enlace', async () => {
    const mensaje = 'Hola, su pedido #45 está listo & puede retirarlo.';
    const res = await enviarWS({ CLI_CODIGO: client, mensaje });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      msg: ENVIO_MSG.whatsappEnlace,
      enlace: `https://wa.me/593991234567?text=${encodeURIComponent(mensaje)}`,
      envio: expect.objectContaining({ CEN_CANAL: 'whatsapp', CEN_DESTINO: '593991234567', CEN_RESULTADO: 'enlace', CEN_ASUNTO: null }),
    });
    expect(new URL(res.json().enlace).searchParams.get('text')).toBe(mensaje);
    const second = await enviarWS({ CLI_CODIGO: client, mensaje: 'Hola', telefono: '022345678' });
    expect([second.statusCode, second.json().enlace]).toEqual([200, 'https://wa.me/59322345678?text=Hola']);
    expect(stub.requests).toHaveLength(0);
  });

  it('enviarWS: sin teléfonos, un teléfono ajeno o un número inválido responden 400', async () => {
    const none = await enviarWS({ CLI_CODIGO: noContact, mensaje: 'Hola' });
    expect([none.statusCode, none.json()]).toEqual([400, { msg: CLIENTE_MSG.sinTelefono }]);
    const foreign = await enviarWS({ CLI_CODIGO: client, mensaje: 'Hola', telefono: '0987654321' });
    expect([foreign.statusCode, foreign.json()]).toEqual([400, { msg: ENVIO_MSG.telefonoAjeno }]);
    const odd = await insertClient(andinaId, '0603040506', { CLI_TELEFONOS: ['ext. 12'] });
    const invalid = await enviarWS({ CLI_CODIGO: odd, mensaje: 'Hola' });
    expect([invalid.statusCode, invalid.json()]).toEqual([400, { msg: ENVIO_MSG.telefonoInvalido('ext. 12') }]);
  });

  it('enviarWS con la API configurada: la solicitud llega con el token y el cuerpo de la Cloud API, y se registra el id del mensaje', async () => {
    stub.setMode('ok');
    stub.requests.length = 0;
    const res = await enviarWS({ CLI_CODIGO: client, mensaje: 'Su factura 001-001-000000123 ya fue emitida.' }, andina, withWhatsApp);
    expect(res.statusCode, res.body).toBe(200);
    expect(stub.requests).toEqual([
      {
        method: 'POST',
        path: `/v21.0/${WHATSAPP_STUB.phoneNumberId}/messages`,
        authorization: `Bearer ${WHATSAPP_STUB.token}`,
        body: {
          messaging_product: 'whatsapp',
          to: '593991234567',
          type: 'text',
          text: { body: 'Su factura 001-001-000000123 ya fue emitida.\n\n— Comercial Andina' },
        },
      },
    ]);
    expect(res.json()).toEqual({
      msg: 'Mensaje de WhatsApp enviado a +593991234567',
      envio: expect.objectContaining({ CEN_CANAL: 'whatsapp', CEN_DESTINO: '593991234567', CEN_RESULTADO: 'enviado' }),
    });
    expect(res.json().envio.CEN_DETALLE).toMatch(/^wamid\./);
    expect(res.json().enlace).toBeUndefined();
  });

  it('enviarWS: si la API rechaza el mensaje o el token, 502 en español y el motivo de Meta queda en el historial', async () => {
    stub.setMode('badRequest');
    const refused = await enviarWS({ CLI_CODIGO: client, mensaje: 'Hola' }, andina, withWhatsApp);
    expect([refused.statusCode, refused.json()]).toEqual([502, { msg: ENVIO_MSG.whatsappFallido }]);
    let [last] = (await historial(client)).json() as Envio[];
    expect(last).toMatchObject({
      CEN_CANAL: 'whatsapp',
      CEN_RESULTADO: 'error',
      CEN_DETALLE: '(#131030) Recipient phone number not in allowed list (código 131030)',
    });

    stub.setMode('ok');
    const wrongToken = await t.otherInstance({
      whatsapp: { apiUrl: stub.url, token: 'token-vencido', phoneNumberId: WHATSAPP_STUB.phoneNumberId },
    });
    const unauthorized = await enviarWS({ CLI_CODIGO: client, mensaje: 'Hola' }, andina, wrongToken);
    expect([unauthorized.statusCode, unauthorized.json()]).toEqual([502, { msg: ENVIO_MSG.whatsappFallido }]);
    [last] = (await historial(client)).json() as Envio[];
    expect(last.CEN_DETALLE).toBe('Error validating access token: Session has expired. (código 190)');
    expect(JSON.stringify((await historial(client)).json())).not.toContain('token-vencido');
  });

  it('la API de WhatsApp que no responde a tiempo cuenta como fallida (sin esperar más que el límite)', async () => {
    stub.setMode('slow');
    const started = Date.now();
    const result = await sendWhatsAppText(
      { apiUrl: stub.url, token: WHATSAPP_STUB.token, phoneNumberId: WHATSAPP_STUB.phoneNumberId },
      '593991234567',
      'Hola',
      {
        timeoutMs: 300,
      },
    );
    expect(result).toEqual({ ok: false, detalle: 'WhatsApp no respondió en 0.3 s' });
    expect(Date.now() - started).toBeLessThan(3000);
    const down = await sendWhatsAppText({ apiUrl: 'http://127.0.0.1:9', token: 't', phoneNumberId: '1' }, '593991234567', 'Hola');
    expect(down).toEqual({ ok: false, detalle: 'No se pudo conectar con WhatsApp' });
    stub.setMode('ok');
  });

  it('GET {id}/envios: el historial con correo y WhatsApp (enviado, enlace, error), el más reciente primero y con quién lo envió', async () => {
    const res = await historial(client);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Envio[];
    const ids = rows.map((r) => r.CEN_ID);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const seen = new Set(rows.map((r) => `${r.CEN_CANAL}:${r.CEN_RESULTADO}`));
    for (const k of ['correo:enviado', 'correo:error', 'whatsapp:enlace', 'whatsapp:enviado', 'whatsapp:error']) expect(seen).toContain(k);
    expect(rows.every((r) => r.usuario === rows[0].usuario && r.usuario)).toBe(true);
    const stored = await t.db.select().from(clientesEnvios).where(eq(clientesEnvios.CLI_CODIGO, client));
    expect(stored).toHaveLength(rows.length);
    expect((await historial(noContact)).json()).toEqual([]);
  });

  it('otra empresa: su cliente responde 404 al enviar, por WhatsApp y en el historial; sin sesión 401; un administrador 403', async () => {
    const before = outboxSize();
    const requests = stub.requests.length;
    const notFound = [404, { msg: MSG.notFound }];
    for (const res of [
      await enviar({ CLI_CODIGO: otherClient, asunto: 'Hola', mensaje: 'Hola' }),
      await enviarWS({ CLI_CODIGO: otherClient, mensaje: 'Hola' }, andina, withWhatsApp),
      await historial(otherClient),
      await historial(999_999),
    ]) {
      expect([res.statusCode, res.json()]).toEqual(notFound);
    }
    expect([outboxSize(), stub.requests.length]).toEqual([before, requests]);
    expect((await t.db.select().from(clientesEnvios).where(eq(clientesEnvios.CLI_CODIGO, otherClient))).length).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/clientes/${client}/envios` })).statusCode).toBe(401);
    const admin = (await loginAdmin(t)).token;
    expect((await enviar({ CLI_CODIGO: client, asunto: 'x', mensaje: 'x' }, admin)).statusCode).toBe(403);
    expect((await historial(client, admin)).statusCode).toBe(403);
  });

  it('más envíos seguidos de los que admite una empresa responden 429 sin enviar nada', async () => {
    const key = sendingsKey(andinaId);
    await t.db
      .insert(intentos)
      .values({ INT_CLAVE: key, INT_CUENTA: ENVIO_CLIENTE.maxSeguidos, INT_ULTIMO: new Date(), INT_VENCE: new Date(Date.now() + 60_000) })
      .onConflictDoUpdate({
        target: intentos.INT_CLAVE,
        set: { INT_CUENTA: ENVIO_CLIENTE.maxSeguidos, INT_VENCE: new Date(Date.now() + 60_000) },
      });
    const before = outboxSize();
    const mail = await enviar({ CLI_CODIGO: client, asunto: 'Hola', mensaje: 'Hola' });
    const ws = await enviarWS({ CLI_CODIGO: client, mensaje: 'Hola' });
    for (const res of [mail, ws]) expect([res.statusCode, res.json().msg]).toEqual([429, expect.stringMatching(/^Demasiados intentos/)]);
    expect(outboxSize()).toBe(before);
    await t.db.delete(intentos).where(eq(intentos.INT_CLAVE, key));
    expect((await enviarWS({ CLI_CODIGO: client, mensaje: 'Hola' })).statusCode).toBe(200);
  });
});
