import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_FILE } from '../../domain/archivos';
import { asc, eq } from 'drizzle-orm';
import { multipart, startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, loginCompany, registerCompany, registration } from '../helpers/accounts';
import { MSG } from '../../domain/messages';
import { archivos, empresas, menus, menusEmpresa, pagos, usuarios } from '../../server/infra/db/schema';

/** A small but real PDF document. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
/** The first bytes of a Windows executable. */
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512, 0)]);

describe.each(testDatabases)('registro de empresas (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const register = (payload: object) => t.app.inject({ method: 'POST', url: `${API}/registro`, payload });
  const filesDir = () => path.join(t.dataDir, 'files');
  const storedFiles = () => (fs.existsSync(filesDir()) ? fs.readdirSync(filesDir()).sort() : []);

  describe('POST /registro', () => {
    it('crea la empresa y su usuario (201) y ese RUC, usuario y clave inician sesión', async () => {
      const body = registration();
      const res = await register(body);
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({ EMP_RUC: body.EMP_RUC, msg: expect.stringContaining(body.EMP_NOMBREC) });
      expect(created.msg).toContain(body.usuario);
      expect(created.tokenPago).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

      const [company] = await t.db.select().from(empresas).where(eq(empresas.EMP_RUC, body.EMP_RUC));
      expect(company).toMatchObject({
        EMP_CODIGO: created.EMP_CODIGO,
        EMP_NOMBREC: body.EMP_NOMBREC,
        EMP_NOMBRE: body.EMP_NOMBRE,
        EMP_CORREO: body.email,
        EMP_ACTIVO: true,
      });

      const session = await loginCompany(t, { ruc: body.EMP_RUC, usuario: body.usuario, clave: body.clave });
      expect(session).toMatchObject({ COM_CODIGO: created.EMP_CODIGO, USU_USUARIO: body.usuario, EMP_RUC: body.EMP_RUC });
    });

    it('guarda la clave como hash argon2id, nunca en claro', async () => {
      const { body, EMP_CODIGO } = await registerCompany(t);
      const [user] = await t.db.select().from(usuarios).where(eq(usuarios.COM_CODIGO, EMP_CODIGO));
      expect(user.USU_CLAVE.startsWith('$argon2id$')).toBe(true);
      expect(user.USU_CLAVE).not.toContain(body.clave);
      expect(user).toMatchObject({ USU_USUARIO: body.usuario, USU_CORREO: body.email, USU_ACTIVO: true });
    });

    it('la empresa nueva recibe el menú por defecto de la aplicación', async () => {
      const company = await registerCompany(t);
      const defaults = await t.db
        .select()
        .from(menus)
        .where(eq(menus.MEN_AREA, 'empresa'))
        .orderBy(asc(menus.MEN_ORDEN), asc(menus.MEN_CODIGO));
      const rows = await t.db.select().from(menusEmpresa).where(eq(menusEmpresa.EMP_CODIGO, company.EMP_CODIGO));
      expect(rows.map((r) => r.MEN_CODIGO).sort((a, b) => a - b)).toEqual(defaults.map((m) => m.MEN_CODIGO).sort((a, b) => a - b));
      const session = await loginCompany(t, company.login);
      const menu = await t.app.inject({
        method: 'POST',
        url: `${API}/menuEmpresa`,
        headers: { 'x-token': session.token },
        payload: { ruc: company.EMP_RUC },
      });
      expect(menu.statusCode).toBe(200);
      const received = menu.json().map((m: { MEN_NOMBRE: string }) => m.MEN_NOMBRE);
      expect(received).toEqual(defaults.map((m) => m.MEN_NOMBRE));
      expect(received).toEqual(expect.arrayContaining(['Inicio', 'Mi empresa', 'Ayuda y soporte']));
    });

    it('un RUC ya registrado responde 409 con un mensaje que nombra el RUC, sin tocar la empresa existente', async () => {
      const res = await register(registration({ EMP_RUC: COMPANIES.andina.ruc, EMP_NOMBREC: 'Impostor' }));
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toContain(COMPANIES.andina.ruc);
      expect(res.json().msg).toBe(MSG.rucTaken(COMPANIES.andina.ruc));
      const rows = await t.db.select().from(empresas).where(eq(empresas.EMP_RUC, COMPANIES.andina.ruc));
      expect(rows).toHaveLength(1);
      expect(rows[0].EMP_NOMBREC).toBe('Comercial Andina');
    });

    it('registrar dos veces el mismo RUC: la segunda vez 409', async () => {
      const body = registration();
      expect((await register(body)).statusCode).toBe(201);
      const again = await register({ ...body, usuario: 'otro' });
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toBe(MSG.rucTaken(body.EMP_RUC));
    });

    it.each(['EMP_RUC', 'EMP_NOMBREC', 'EMP_NOMBRE', 'email', 'usuario', 'clave', 'terminos'])(
      'sin %s responde 400 nombrando el campo y no crea nada',
      async (field) => {
        const body: Record<string, unknown> = registration();
        delete body[field];
        const res = await register(body);
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toBe(`El campo ${field} es obligatorio`);
        if (body.EMP_RUC)
          expect(
            await t.db
              .select()
              .from(empresas)
              .where(eq(empresas.EMP_RUC, body.EMP_RUC as string)),
          ).toHaveLength(0);
      },
    );

    it('un nombre vacío responde 400 nombrando el campo', async () => {
      const res = await register(registration({ EMP_NOMBREC: '' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('El campo EMP_NOMBREC es obligatorio');
    });

    it.each(['no-es-correo', 'sin@dominio', 'con espacio@correo.ec', '@correo.ec'])(
      'el correo %s responde 400 Ingrese un correo electrónico válido',
      async (email) => {
        const body = registration({ email });
        const res = await register(body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ msg: 'Ingrese un correo electrónico válido' });
        expect(await t.db.select().from(empresas).where(eq(empresas.EMP_RUC, body.EMP_RUC))).toHaveLength(0);
      },
    );

    it.each(['179001691900', '17900169190011', '17900169190A1', '179OO16919001', ' 1790016919001'])(
      'el RUC "%s" responde 400 El RUC debe tener 13 dígitos numéricos',
      async (ruc) => {
        const res = await register(registration({ EMP_RUC: ruc }));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ msg: 'El RUC debe tener 13 dígitos numéricos' });
      },
    );

    it('sin aceptar los términos responde 400 con el mensaje de la especificación', async () => {
      const body = registration({ terminos: false });
      const res = await register(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: 'Debe aceptar los términos y condiciones para poder continuar' });
      expect(await t.db.select().from(empresas).where(eq(empresas.EMP_RUC, body.EMP_RUC))).toHaveLength(0);
    });

    it('una clave de menos de 8 caracteres responde 400', async () => {
      const res = await register(registration({ clave: 'corta1' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: 'La clave debe tener al menos 8 caracteres' });
    });

    it('un usuario con espacios responde 400', async () => {
      const res = await register(registration({ usuario: 'lucia perez' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: 'El usuario no puede tener espacios' });
    });

    it('un RUC real de 13 dígitos con dígito verificador que no cuadra se acepta (solo es advertencia)', async () => {
      const body = registration({ EMP_RUC: '1793213150001' });
      const res = await register(body);
      expect(res.statusCode).toBe(201);
      expect(res.json().EMP_RUC).toBe('1793213150001');
      await loginCompany(t, { ruc: '1793213150001', usuario: body.usuario, clave: body.clave });
    });
  });

  describe('POST /registro/pago/{EMP_CODIGO}/{ruc}/{referencia}', () => {
    const upload = (
      company: { EMP_CODIGO: number; EMP_RUC: string },
      token: string | undefined,
      file: ReturnType<typeof multipart>,
      referencia = 'DEP-2026-001',
    ) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/registro/pago/${company.EMP_CODIGO}/${company.EMP_RUC}/${referencia}`,
        payload: file.payload,
        headers: { ...file.headers, ...(token ? { 'x-token': token } : {}) },
      });

    it('un PDF real con el tokenPago se guarda (201) en DATA_DIR/files/<ARC_ID> con su fila de pago', async () => {
      const company = await registerCompany(t);
      const res = await upload(company, company.tokenPago, multipart('current', 'comprobante.pdf', PDF, 'application/pdf'));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ ARC_NOMBRE: 'comprobante.pdf', ARC_TAMANO: PDF.length, msg: 'Comprobante de pago recibido' });

      const [pago] = await t.db.select().from(pagos).where(eq(pagos.EMP_CODIGO, company.EMP_CODIGO));
      expect(pago).toMatchObject({ PAG_CODIGO: res.json().PAG_CODIGO, PAG_REFERENCIA: 'DEP-2026-001', PAG_ORIGEN: 'registro' });
      const [archivo] = await t.db.select().from(archivos).where(eq(archivos.ARC_ID, pago.ARC_ID!));
      expect(archivo).toMatchObject({
        ARC_NOMBRE: 'comprobante.pdf',
        ARC_TIPO: 'application/pdf',
        ARC_TAMANO: PDF.length,
        ARC_PROPIETARIO: `empresa:${company.EMP_CODIGO}`,
      });
      expect(archivo.ARC_ID).toMatch(/^[0-9a-f]{32}$/);
      const onDisk = path.join(t.dataDir, 'files', archivo.ARC_ID);
      expect(fs.readFileSync(onDisk).equals(PDF)).toBe(true);
    });

    it('acepta un PNG', async () => {
      const company = await registerCompany(t);
      const res = await upload(company, company.tokenPago, multipart('current', 'deposito.PNG', PNG, 'image/png'));
      expect(res.statusCode).toBe(201);
      const [archivo] = await t.db
        .select()
        .from(archivos)
        .innerJoin(pagos, eq(pagos.ARC_ID, archivos.ARC_ID))
        .where(eq(pagos.EMP_CODIGO, company.EMP_CODIGO));
      expect(archivo.archivos.ARC_TIPO).toBe('image/png');
    });

    it('acepta un comprobante de exactamente 15 MB', async () => {
      const company = await registerCompany(t);
      const big = Buffer.alloc(PAYMENT_FILE.maxBytes, 0x20);
      PDF.copy(big);
      const res = await upload(company, company.tokenPago, multipart('current', 'grande.pdf', big, 'application/pdf'));
      expect(res.statusCode).toBe(201);
      expect(res.json().ARC_TAMANO).toBe(PAYMENT_FILE.maxBytes);
      const [pago] = await t.db.select().from(pagos).where(eq(pagos.EMP_CODIGO, company.EMP_CODIGO));
      expect(fs.statSync(path.join(filesDir(), pago.ARC_ID!)).size).toBe(PAYMENT_FILE.maxBytes);
    });

    it('sin token responde 401 y no guarda nada', async () => {
      const company = await registerCompany(t);
      const before = storedFiles();
      const res = await upload(company, undefined, multipart('current', 'comprobante.pdf', PDF, 'application/pdf'));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: MSG.notAuthenticated });
      expect(storedFiles()).toEqual(before);
      expect(await t.db.select().from(pagos).where(eq(pagos.EMP_CODIGO, company.EMP_CODIGO))).toHaveLength(0);
    });

    it('con el tokenPago de otra empresa responde 403 y no guarda nada', async () => {
      const mine = await registerCompany(t);
      const other = await registerCompany(t);
      const before = storedFiles();
      const res = await upload(mine, other.tokenPago, multipart('current', 'comprobante.pdf', PDF, 'application/pdf'));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: MSG.forbidden });
      expect(storedFiles()).toEqual(before);
      expect(await t.db.select().from(pagos).where(eq(pagos.EMP_CODIGO, mine.EMP_CODIGO))).toHaveLength(0);
    });

    it('con el RUC de otra empresa en la ruta responde 403', async () => {
      const mine = await registerCompany(t);
      const res = await upload(
        { EMP_CODIGO: mine.EMP_CODIGO, EMP_RUC: COMPANIES.andina.ruc },
        mine.tokenPago,
        multipart('current', 'c.pdf', PDF),
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(MSG.forbidden);
    });

    it('un token de sesión de empresa no sirve como tokenPago (403)', async () => {
      const company = await registerCompany(t);
      const session = await loginCompany(t, company.login);
      const res = await upload(company, session.token, multipart('current', 'c.pdf', PDF));
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(MSG.forbidden);
    });

    it('un .exe renombrado a .pdf responde 400 y no deja archivo en DATA_DIR/files', async () => {
      const company = await registerCompany(t);
      const before = storedFiles();
      const res = await upload(company, company.tokenPago, multipart('current', 'factura.pdf', EXE, 'application/pdf'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: 'El comprobante de pago debe ser un PDF, JPG o PNG' });
      expect(storedFiles()).toEqual(before);
      expect(await t.db.select().from(pagos).where(eq(pagos.EMP_CODIGO, company.EMP_CODIGO))).toHaveLength(0);
      expect(
        await t.db
          .select()
          .from(archivos)
          .where(eq(archivos.ARC_PROPIETARIO, `empresa:${company.EMP_CODIGO}`)),
      ).toHaveLength(0);
    });

    it('un PDF con extensión .exe responde 400', async () => {
      const company = await registerCompany(t);
      const before = storedFiles();
      const res = await upload(company, company.tokenPago, multipart('current', 'comprobante.exe', PDF));
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(MSG.paymentFileType);
      expect(storedFiles()).toEqual(before);
    });

    it('15728641 bytes responden 413 y no queda un archivo parcial', async () => {
      const company = await registerCompany(t);
      const before = storedFiles();
      const tooBig = Buffer.alloc(PAYMENT_FILE.maxBytes + 1, 0x20);
      PDF.copy(tooBig);
      const res = await upload(company, company.tokenPago, multipart('current', 'grande.pdf', tooBig, 'application/pdf'));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ msg: 'El comprobante de pago supera el peso máximo de 15 MB' });
      expect(storedFiles()).toEqual(before);
      expect(await t.db.select().from(pagos).where(eq(pagos.EMP_CODIGO, company.EMP_CODIGO))).toHaveLength(0);
    });

    it('subidas repetidas de más de 15 MB no dejan ni un archivo vacío en DATA_DIR/files', async () => {
      // The whole body reaches the size check in one chunk, before the target file has finished opening.
      const company = await registerCompany(t);
      const before = storedFiles();
      const tooBig = Buffer.alloc(PAYMENT_FILE.maxBytes + 1, 0x20);
      PDF.copy(tooBig);
      for (let i = 0; i < 15; i++) {
        const res = await upload(company, company.tokenPago, multipart('current', `grande-${i}.pdf`, tooBig, 'application/pdf'));
        expect(res.statusCode).toBe(413);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(storedFiles()).toEqual(before);
    });

    it('un nombre con ../ se guarda bajo un id aleatorio y ARC_NOMBRE no tiene barras', async () => {
      const company = await registerCompany(t);
      const res = await upload(company, company.tokenPago, multipart('current', '../../etc/passwd.pdf', PDF, 'application/pdf'));
      expect(res.statusCode).toBe(201);
      expect(res.json().ARC_NOMBRE).toBe('passwd.pdf');
      const [pago] = await t.db.select().from(pagos).where(eq(pagos.EMP_CODIGO, company.EMP_CODIGO));
      const [archivo] = await t.db.select().from(archivos).where(eq(archivos.ARC_ID, pago.ARC_ID!));
      expect(archivo.ARC_NOMBRE).not.toMatch(/[\\/]/);
      expect(archivo.ARC_ID).toMatch(/^[0-9a-f]{32}$/);
      expect(fs.readFileSync(path.join(filesDir(), archivo.ARC_ID)).equals(PDF)).toBe(true);
      // nothing was written outside DATA_DIR/files
      expect(fs.existsSync(path.join(t.dataDir, 'etc'))).toBe(false);
      expect(fs.existsSync(path.join(filesDir(), '..', '..', 'etc', 'passwd.pdf'))).toBe(false);
    });

    it('un nombre con barras invertidas de Windows tampoco se convierte en ruta', async () => {
      const company = await registerCompany(t);
      const res = await upload(company, company.tokenPago, multipart('current', '..\\..\\Windows\\recibo.pdf', PDF, 'application/pdf'));
      expect(res.statusCode).toBe(201);
      expect(res.json().ARC_NOMBRE).toBe('recibo.pdf');
    });

    it('sin archivo responde 400 Adjunte un archivo', async () => {
      const company = await registerCompany(t);
      const boundary = '----ameliavacio';
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/registro/pago/${company.EMP_CODIGO}/${company.EMP_RUC}/REF-1`,
        payload: `--${boundary}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token': company.tokenPago },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: MSG.fileRequired });
    });

    it('una referencia con caracteres no permitidos responde 400 con mensaje', async () => {
      const company = await registerCompany(t);
      const res = await upload(company, company.tokenPago, multipart('current', 'c.pdf', PDF), 'REF%201%3B');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: 'La referencia de pago solo admite letras, números y guiones' });
    });
  });
});
