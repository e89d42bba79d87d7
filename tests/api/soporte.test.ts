import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_FILE } from '../../domain/archivos';
import { count, eq } from 'drizzle-orm';
import { multipart, startTestApp, testDatabases, testSetups, type TestApp } from '../helpers/server';
import { MSG } from '../../domain/messages';
import { TICKET_MSG, TICKET_SUBJECTS } from '../../domain/tickets';
import { archivos, configuraciones, soporte, soporteHistorial } from '../../server/infra/db/schema';
import { adminToken, API, companyToken, createTicket, fileOf, RAR_SIGNATURE, storedFiles, validTicket } from '../helpers/soporte-api';

/** Stored-XSS payloads posted as SPT_MENSAJE; the visible word after each must survive. */
const XSS_PAYLOADS: Array<[payload: string, visible: string]> = [
  ['<p>uno</p><script>alert(document.cookie)</script>', 'uno'],
  ['<p>dos</p><img src=x onerror="alert(1)">', 'dos'],
  ['<svg onload="alert(1)"><circle r="1"/></svg><p>tres</p>', 'tres'],
  ['<a href="javascript:alert(1)">cuatro</a>', 'cuatro'],
  ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">cinco</a>', 'cinco'],
  ['<p style="display:none">seis</p><div style="position:fixed;top:0">seis-b</div>', 'seis'],
  ['<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe><p>siete</p>', 'siete'],
  ['<p onclick="&#97;&#108;&#101;&#114;&#116;(1)" onmouseover="alert&#40;1&#41;">ocho</p>', 'ocho'],
  ['<a href="jav&#x09;ascript:alert(1)">nueve</a>', 'nueve'],
  ['<scr<script>ipt>alert(1)</scr</script>ipt><p>diez</p>', 'diez'],
  ['<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">once</a>', 'once'],
  ['<object data="x.swf"></object><embed src="x.swf"><p class="evil" id="x">doce</p>', 'doce'],
  ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math><p>trece</p>', 'trece'],
  ['<a href=" JaVaScRiPt:alert(1)">catorce</a><a href="vbscript:msgbox(1)">catorce-b</a>', 'catorce'],
  ['<details open ontoggle="alert(1)"><summary>quince</summary></details>', 'quince'],
  ['<p><b onmouseenter=alert(1)>dieciséis</b></p><form action="javascript:alert(1)"><button>x</button></form>', 'dieciséis'],
];
const FORBIDDEN = [
  '<script',
  'onerror',
  'onload',
  'javascript:',
  'style=',
  '<iframe',
  'data:',
  'onclick',
  'onmouseover',
  'vbscript:',
  'ontoggle',
  'class=',
];

describe.each(testSetups)('soporte: formulario público (%s, archivos en %s)', (kind, storage) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { storage });
    admin = await adminToken(t);
  });
  afterAll(() => t.close());

  const post = (payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url: `${API}/soporte`, payload, headers: token ? { 'x-token': token } : {} });
  const detail = (id: number) => t.app.inject({ method: 'GET', url: `${API}/soporte/${id}`, headers: { 'x-token': admin } });
  const upload = (id: number, name: string, content: Buffer, token?: string, field = 'current') => {
    const form = multipart(field, name, content);
    return t.app.inject({
      method: 'POST',
      url: `${API}/soporte/docCli/${id}`,
      payload: form.payload,
      headers: { ...form.headers, ...(token ? { 'x-token': token } : {}) },
    });
  };
  const sendMail = (id: number, token?: string) =>
    t.app.inject({ method: 'POST', url: `${API}/soporte/correo`, payload: { SPT_ID: id }, headers: token ? { 'x-token': token } : {} });

  it('el catálogo público de productos no requiere sesión y solo trae PROD_ID y PROD_NOMBRE', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/productos` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { PROD_ID: 1, PROD_NOMBRE: 'Amelia Facturación Electrónica' },
      { PROD_ID: 2, PROD_NOMBRE: 'Amelia Contabilidad' },
      { PROD_ID: 3, PROD_NOMBRE: 'Firma Electrónica' },
      { PROD_ID: 4, PROD_NOMBRE: 'Amelia Punto de Venta' },
    ]);
  });

  it('crea un ticket ABIERTO con fecha, sin sesión, y devuelve SPT_ID y un token para adjuntar', async () => {
    const before = Date.now();
    const res = await post(validTicket());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ SPT_ID: expect.any(Number), SPT_ESTADO: 'ABIERTO', msg: MSG.ticketOk, tokenArchivo: expect.any(String) });
    const [row] = await t.db.select().from(soporte).where(eq(soporte.SPT_ID, body.SPT_ID));
    expect(row).toMatchObject({
      SPT_PRODUCTOS: 1,
      SPT_RUC: '1790016919001',
      SPT_CLIENTENOMBRE: 'Lucía Pérez',
      SPT_CLIENTECORREO: 'lucia.perez@comercialandina.ec',
      SPT_CLIENTETELEFONO: '0991234567',
      SPT_ASUNTO: 'stec',
      SPT_ESTADO: 'ABIERTO',
      SPT_NOMBREARCHIVO: null,
      SPT_MENSAJE: '<p>No puedo <strong>autorizar</strong> mis facturas en el SRI.</p>',
    });
    expect(row.SPT_FECHA.getTime()).toBeGreaterThanOrEqual(before - 2000);
    const history = await t.db.select().from(soporteHistorial).where(eq(soporteHistorial.SPT_ID, body.SPT_ID));
    expect(history).toMatchObject([{ HIS_ACCION: 'creacion', HIS_USUARIO: 'cliente', ADM_CODIGO: null, HIS_ESTADO_NUEVO: 'ABIERTO' }]);
  });

  it('acepta los cinco asuntos de soporte, cédula de 10 dígitos y teléfono vacío u omitido', async () => {
    for (const SPT_ASUNTO of TICKET_SUBJECTS) expect((await post(validTicket({ SPT_ASUNTO }))).statusCode).toBe(201);
    expect((await post(validTicket({ SPT_RUC: '1714307103', SPT_CLIENTETELEFONO: '' }))).statusCode).toBe(201);
    const { SPT_CLIENTETELEFONO: _omit, ...withoutPhone } = validTicket();
    const res = await post(withoutPhone);
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(soporte).where(eq(soporte.SPT_ID, res.json().SPT_ID));
    expect(row.SPT_CLIENTETELEFONO).toBeNull();
    expect((await post(validTicket({ SPT_CLIENTETELEFONO: '2600123' }))).statusCode).toBe(201);
  });

  it.each([
    ['sin producto', { SPT_PRODUCTOS: undefined }, MSG.required('SPT_PRODUCTOS')],
    ['producto inexistente', { SPT_PRODUCTOS: 999 }, TICKET_MSG.productNotFound],
    ['sin RUC', { SPT_RUC: undefined }, MSG.required('SPT_RUC')],
    ['RUC de 9 dígitos', { SPT_RUC: '179001691' }, TICKET_MSG.rucLength],
    ['RUC de 14 dígitos', { SPT_RUC: '17900169190011' }, TICKET_MSG.rucLength],
    ['RUC con letras', { SPT_RUC: '17900169AB001' }, TICKET_MSG.rucLength],
    ['sin nombre', { SPT_CLIENTENOMBRE: undefined }, MSG.required('SPT_CLIENTENOMBRE')],
    ['nombre en blanco', { SPT_CLIENTENOMBRE: '   ' }, 'Ingrese el nombre del cliente (hasta 200 caracteres)'],
    ['sin correo', { SPT_CLIENTECORREO: undefined }, MSG.required('SPT_CLIENTECORREO')],
    ['correo inválido', { SPT_CLIENTECORREO: 'lucia@' }, 'Ingrese un correo electrónico válido'],
    ['teléfono de 6 caracteres', { SPT_CLIENTETELEFONO: '260012' }, TICKET_MSG.phoneLength],
    ['teléfono de 11 caracteres', { SPT_CLIENTETELEFONO: '09912345678' }, TICKET_MSG.phoneLength],
    ['teléfono con letras', { SPT_CLIENTETELEFONO: 'llamar-me' }, TICKET_MSG.phoneLength],
    ['sin asunto', { SPT_ASUNTO: undefined }, MSG.required('SPT_ASUNTO')],
    ['asunto desconocido', { SPT_ASUNTO: 'otro' }, TICKET_MSG.subjectInvalid],
    ['sin mensaje', { SPT_MENSAJE: undefined }, MSG.required('SPT_MENSAJE')],
    ['mensaje vacío', { SPT_MENSAJE: '' }, MSG.ticketEmptyText],
    ['mensaje de espacios', { SPT_MENSAJE: '   \n\t ' }, MSG.ticketEmptyText],
    ['mensaje de etiquetas vacías', { SPT_MENSAJE: '<p> </p><p><br></p><p>&nbsp;</p><ul><li></li></ul>' }, MSG.ticketEmptyText],
    ['mensaje que solo era un script', { SPT_MENSAJE: '<script>alert("hola")</script><style>p{}</style>' }, MSG.ticketEmptyText],
  ])('rechaza un ticket %s con 400 y su mensaje', async (_case, overrides, msg) => {
    const [{ n: before }] = await t.db.select({ n: count() }).from(soporte);
    const res = await post(JSON.parse(JSON.stringify(validTicket(overrides))));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg });
    const [{ n: after }] = await t.db.select({ n: count() }).from(soporte);
    expect(after).toBe(before);
  });

  it('un producto inactivo no admite tickets nuevos', async () => {
    const token = admin;
    const created = await t.app.inject({
      method: 'POST',
      url: `${API}/productos`,
      headers: { 'x-token': token },
      payload: { PROD_NOMBRE: 'Producto retirado', PROD_ACTIVO: false },
    });
    expect(created.statusCode).toBe(201);
    const res = await post(validTicket({ SPT_PRODUCTOS: created.json().PROD_ID }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(TICKET_MSG.productNotFound);
  });

  it(`limpia ${XSS_PAYLOADS.length} cargas XSS almacenadas: nada ejecutable vuelve en GET soporte/{id}`, async () => {
    for (const [i, [payload, visible]] of XSS_PAYLOADS.entries()) {
      const res = await post(validTicket({ SPT_MENSAJE: payload, SPT_CLIENTENOMBRE: `Atacante ${i}` }));
      expect(res.statusCode, payload).toBe(201);
      const read = await detail(res.json().SPT_ID);
      expect(read.statusCode).toBe(200);
      const stored: string = read.json().SPT_MENSAJE;
      for (const bad of FORBIDDEN) expect(stored.toLowerCase(), `${payload} -> ${stored}`).not.toContain(bad);
      expect(stored).not.toMatch(/<(img|svg|object|embed|math|form|details|div)\b/i);
      expect(stored, payload).toContain(visible);
      // And the raw row holds the same sanitized text (nothing is cleaned only on the way out).
      const [row] = await t.db.select({ m: soporte.SPT_MENSAJE }).from(soporte).where(eq(soporte.SPT_ID, res.json().SPT_ID));
      expect(row.m).toBe(stored);
    }
  });

  it('conserva el formato permitido y fuerza rel="noopener noreferrer" y target="_blank" en los enlaces', async () => {
    const html =
      '<h2>Error</h2><p><strong>a</strong> <em>b</em> <u>c</u> <s>d</s></p><ol><li>uno</li></ol><blockquote>cita</blockquote>' +
      '<pre><code>x &lt; y</code></pre><p><a href="https://amelia.ec/ayuda" target="_self" rel="opener">ayuda</a> <a href="mailto:soporte@amelia.ec">correo</a> <a href="/interno">rel</a></p>';
    const { SPT_ID } = await createTicket(t, { SPT_MENSAJE: html });
    const stored: string = (await detail(SPT_ID)).json().SPT_MENSAJE;
    expect(stored).toContain('<h2>Error</h2>');
    expect(stored).toContain('<strong>a</strong> <em>b</em> <u>c</u> <s>d</s>');
    expect(stored).toContain('<ol><li>uno</li></ol><blockquote>cita</blockquote><pre><code>x &lt; y</code></pre>');
    expect(stored).toContain('<a href="https://amelia.ec/ayuda" rel="noopener noreferrer" target="_blank">ayuda</a>');
    expect(stored).toContain('<a href="mailto:soporte@amelia.ec" rel="noopener noreferrer" target="_blank">correo</a>');
    expect(stored).toContain('<a rel="noopener noreferrer" target="_blank">rel</a>');
  });

  describe('adjunto del cliente (docCli)', () => {
    it('sin token responde 401; con el token de otro ticket, de administrador o de empresa, 403', async () => {
      const mine = await createTicket(t);
      const other = await createTicket(t);
      const zip = fileOf(64);
      const none = await upload(mine.SPT_ID, 'a.zip', zip);
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ msg: MSG.notAuthenticated });
      for (const token of [other.tokenArchivo, admin, await companyToken(t)]) {
        const res = await upload(mine.SPT_ID, 'a.zip', zip, token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ msg: MSG.forbidden });
      }
      const bad = await upload(mine.SPT_ID, 'a.zip', zip, 'no-es-un-token');
      expect(bad.statusCode).toBe(401);
      const [row] = await t.db.select().from(soporte).where(eq(soporte.SPT_ID, mine.SPT_ID));
      expect(row.SPT_NOMBREARCHIVO).toBeNull();
    });

    it(`acepta un zip de exactamente ${TICKET_FILE.maxBytes} bytes`, async () => {
      const { SPT_ID, tokenArchivo } = await createTicket(t);
      const before = (await storedFiles(t)).length;
      const res = await upload(SPT_ID, 'respaldo.zip', fileOf(TICKET_FILE.maxBytes), tokenArchivo);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ SPT_ID, SPT_NOMBREARCHIVO: 'respaldo.zip', ARC_TAMANO: TICKET_FILE.maxBytes });
      expect((await storedFiles(t)).length).toBe(before + 1);
      const read = (await detail(SPT_ID)).json();
      expect(read.SPT_NOMBREARCHIVO).toBe('respaldo.zip');
      expect(read.archivoCliente).toMatchObject({
        ARC_NOMBRE: 'respaldo.zip',
        ARC_TAMANO: TICKET_FILE.maxBytes,
        ARC_TIPO: 'application/zip',
      });
      expect(read.historial.map((h: { HIS_ACCION: string }) => h.HIS_ACCION)).toEqual(['creacion', 'archivo_cliente']);
    });

    it(`rechaza ${TICKET_FILE.maxBytes + 1} bytes con 413 mientras llega y no deja nada guardado`, async () => {
      const { SPT_ID, tokenArchivo } = await createTicket(t);
      const filesBefore = await storedFiles(t);
      const [{ n: rowsBefore }] = await t.db.select({ n: count() }).from(archivos);
      const res = await upload(SPT_ID, 'grande.zip', fileOf(TICKET_FILE.maxBytes + 1), tokenArchivo);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ msg: MSG.ticketFileSize });
      expect(await storedFiles(t)).toEqual(filesBefore);
      const [{ n: rowsAfter }] = await t.db.select({ n: count() }).from(archivos);
      expect(rowsAfter).toBe(rowsBefore);
      const [row] = await t.db.select().from(soporte).where(eq(soporte.SPT_ID, SPT_ID));
      expect(row.SPT_NOMBREARCHIVO).toBeNull();
    });

    it.each([
      ['un ejecutable renombrado a .zip', 'x.zip', fileOf(2048, 'MZ')],
      ['un .7z', 'respaldo.7z', fileOf(512, "7z\xbc\xaf'\x1c")],
      ['un .exe', 'setup.exe', fileOf(512, 'MZ')],
      ['un zip con nombre .exe', 'setup.exe', fileOf(512)],
      ['un archivo sin extensión', 'respaldo', fileOf(512)],
      ['un .rar que es un zip disfrazado de texto', 'notas.rar', Buffer.from('hola, esto es texto')],
    ])('rechaza %s con 400 y el mensaje de formato', async (_case, name, content) => {
      const { SPT_ID, tokenArchivo } = await createTicket(t);
      const before = await storedFiles(t);
      const res = await upload(SPT_ID, name, content, tokenArchivo);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: MSG.ticketFileType });
      expect(await storedFiles(t)).toEqual(before);
    });

    it('guarda un nombre con ../ de forma segura: sin barras, dentro de DATA_DIR/files', async () => {
      const { SPT_ID, tokenArchivo } = await createTicket(t);
      const res = await upload(SPT_ID, '../../../etc/x.zip', fileOf(100), tokenArchivo);
      expect(res.statusCode).toBe(201);
      const [row] = await t.db.select().from(soporte).where(eq(soporte.SPT_ID, SPT_ID));
      expect(row.SPT_NOMBREARCHIVO).toBe('x.zip');
      expect(row.SPT_NOMBREARCHIVO).not.toMatch(/[\\/]/);
      expect(await storedFiles(t)).toContain(row.SPT_ARCHIVOCLIENTE);
      const windows = await upload(SPT_ID, '..\\..\\Windows\\win.zip', fileOf(100), tokenArchivo);
      expect(windows.json().SPT_NOMBREARCHIVO).toBe('win.zip');
    });

    it('acepta un rar real; un archivo nuevo reemplaza al anterior y borra el viejo del disco', async () => {
      const { SPT_ID, tokenArchivo } = await createTicket(t);
      expect((await upload(SPT_ID, 'primero.zip', fileOf(300), tokenArchivo)).statusCode).toBe(201);
      const [first] = await t.db.select().from(soporte).where(eq(soporte.SPT_ID, SPT_ID));
      const res = await upload(SPT_ID, 'segundo.RAR', fileOf(400, RAR_SIGNATURE), tokenArchivo);
      expect(res.statusCode).toBe(201);
      const [second] = await t.db.select().from(soporte).where(eq(soporte.SPT_ID, SPT_ID));
      expect(second.SPT_NOMBREARCHIVO).toBe('segundo.RAR');
      expect(await storedFiles(t)).not.toContain(first.SPT_ARCHIVOCLIENTE);
      expect(await storedFiles(t)).toContain(second.SPT_ARCHIVOCLIENTE);
      expect((await detail(SPT_ID)).json().archivoCliente).toMatchObject({ ARC_TIPO: 'application/vnd.rar', ARC_TAMANO: 400 });
    });

    it('pide el archivo en el campo current', async () => {
      const { SPT_ID, tokenArchivo } = await createTicket(t);
      const res = await upload(SPT_ID, 'a.zip', fileOf(100), tokenArchivo, 'otro');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: MSG.fileRequired });
    });
  });

  describe('correo de confirmación (soporte/correo)', () => {
    it('requiere el token de ese ticket', async () => {
      const mine = await createTicket(t);
      const other = await createTicket(t);
      expect((await sendMail(mine.SPT_ID)).statusCode).toBe(401);
      for (const token of [other.tokenArchivo, admin]) {
        const res = await sendMail(mine.SPT_ID, token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ msg: MSG.forbidden });
      }
    });

    it('envía al cliente el número, producto, asunto y copia del mensaje, y avisa al correo de soporte; una sola vez', async () => {
      const { SPT_ID, tokenArchivo } = await createTicket(t, {
        SPT_PRODUCTOS: 3,
        SPT_ASUNTO: 'trmt',
        SPT_CLIENTECORREO: 'cliente.correo@ejemplo.ec',
        SPT_MENSAJE:
          '<p>Necesito <strong>renovar</strong> mi firma &amp; saber el costo.</p><ul><li>Persona natural</li></ul><script>x()</script>',
      });
      expect((await upload(SPT_ID, 'cedula.zip', fileOf(50), tokenArchivo)).statusCode).toBe(201);
      const before = (await t.mails()).length;
      const res = await sendMail(SPT_ID, tokenArchivo);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ msg: TICKET_MSG.mailSent, enviado: true });
      const mails = (await t.mails()).slice(before);
      expect(mails).toHaveLength(2);
      const customer = mails.find((m) => m.to.includes('cliente.correo@ejemplo.ec'))!;
      expect(customer.subject).toContain(`#${SPT_ID}`);
      expect(customer.text).toContain(`#${SPT_ID}`);
      expect(customer.text).toContain('Producto: Firma Electrónica');
      expect(customer.text).toContain('Asunto: Trámites');
      expect(customer.text).toContain('Necesito renovar mi firma & saber el costo.');
      expect(customer.text).toContain('- Persona natural');
      expect(customer.text).toContain('cedula.zip');
      expect(customer.text).not.toMatch(/<strong>|<script|x\(\)/);
      const team = mails.find((m) => m.to.includes('soporte@amelia.ec'))!;
      expect(team.subject).toContain(`#${SPT_ID}`);
      expect(team.text).toContain('cliente.correo@ejemplo.ec');
      expect(team.text).toContain('1790016919001');
      expect(team.text).toContain('Necesito renovar mi firma');

      const again = await sendMail(SPT_ID, tokenArchivo);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ msg: TICKET_MSG.mailAlreadySent, enviado: false });
      expect((await t.mails()).length).toBe(before + 2);
      const [row] = await t.db.select().from(soporte).where(eq(soporte.SPT_ID, SPT_ID));
      expect(row.SPT_CORREO_ENVIADO).toBe(true);
    });

    it('el aviso va a la dirección de la configuración 3 (CON_VALOR1)', async () => {
      await t.db.update(configuraciones).set({ CON_VALOR1: 'mesa.ayuda@amelia.ec' }).where(eq(configuraciones.CON_CODIGO, 3));
      try {
        const { SPT_ID, tokenArchivo } = await createTicket(t);
        const before = (await t.mails()).length;
        expect((await sendMail(SPT_ID, tokenArchivo)).statusCode).toBe(200);
        const mails = (await t.mails()).slice(before);
        expect(mails.map((m) => m.to).sort()).toEqual(['lucia.perez@comercialandina.ec', 'mesa.ayuda@amelia.ec']);
      } finally {
        await t.db.update(configuraciones).set({ CON_VALOR1: 'soporte@amelia.ec' }).where(eq(configuraciones.CON_CODIGO, 3));
      }
    });
  });
});

describe.each(testDatabases)('soporte: límite de tickets por IP (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { rateLimit: { windowMs: 60_000, maxPerIp: 3, maxPerAccount: 100, freePerPair: 5 } });
  });
  afterAll(() => t.close());

  it('el cuarto ticket desde la misma IP recibe 429 con un mensaje en español; otra IP sigue pudiendo', async () => {
    for (let i = 0; i < 3; i++) await createTicket(t, {}, '203.0.113.7');
    const res = await t.app.inject({ method: 'POST', url: `${API}/soporte`, payload: validTicket(), remoteAddress: '203.0.113.7' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ msg: MSG.tooManyAttempts(1) });
    const [{ n }] = await t.db.select({ n: count() }).from(soporte);
    expect(n).toBe(3);
    await createTicket(t, {}, '198.51.100.20');
  });
});
