import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginAdmin, loginCompany } from '../helpers/accounts';
import { cedulaPerson, sriTaxpayer, startConsultasStubs } from '../helpers/consultas-stub';
import { clientes, consultasCache, usuarios } from '../../server/infra/db/schema';
import { hashPassword } from '../../server/infra/passwords';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { CLIENTE_MSG } from '../../domain/clientes';
import { MSG } from '../../domain/messages';

const NO_ENCONTRADO = { msg: 'Cliente no encontrado, Llenar los datos', titulo: 'Atencion' };
const NO_DISPONIBLE = { msg: 'Por el momento no hay disponibilidad en el SRI, ingrese los datos manualmente por favor.' };

let serial = 0;
const unique = () => `${String(++serial).padStart(3, '0')}${String(randomInt(0, 100_000)).padStart(5, '0')}`;
/** A RUC (13 digits) or cédula (10) no other test of this file asks for: the answers are cached. */
const ruc = () => `09${unique()}001`;
const cedula = () => `09${unique()}`;

describe.each(testDatabases)('consultas de clientes: apiRuc, apiCedula y banderas (%s)', (kind) => {
  let t: TestApp;
  let stubs: Awaited<ReturnType<typeof startConsultasStubs>>;
  let andina: { token: string; COM_CODIGO: number; USU_CODIGO: number };
  let tornillo: { token: string; COM_CODIGO: number };
  let vendedor: { token: string; USU_CODIGO: number };
  let admin: string;

  beforeAll(async () => {
    stubs = await startConsultasStubs({ timeoutMs: 300 });
    t = await startTestApp(kind, { consultas: stubs.config });
    andina = await loginCompany(t, COMPANIES.andina);
    tornillo = await loginCompany(t, COMPANIES.tornillo);
    admin = (await loginAdmin(t)).token;
    await t.db.insert(usuarios).values({
      COM_CODIGO: andina.COM_CODIGO,
      USU_USUARIO: 'vendedora.consultas',
      USU_NOMBRE: 'Vendedora de consultas',
      USU_CLAVE: await hashPassword(DEMO.empresa.clave),
      USU_ROL: 'vendedor',
    });
    const seller = await loginCompany(t, { ruc: COMPANIES.andina.ruc, usuario: 'vendedora.consultas', clave: DEMO.empresa.clave });
    vendedor = { token: seller.token, USU_CODIGO: seller.USU_CODIGO };
  });
  afterAll(async () => {
    await t?.close();
    await stubs?.close();
  });
  beforeEach(() => stubs.reset());

  const get = (url: string, token: string = andina.token) =>
    t.app.inject({ method: 'GET', url: `/api/clientes/${url}`, headers: token ? { 'x-token': token } : {} });
  const flags = (id: number, token: string = andina.token) =>
    t.app.inject({ method: 'POST', url: `/api/clientes/${id}/banderas`, headers: { 'x-token': token } });
  const addClient = async (values: Partial<typeof clientes.$inferInsert> & { CLI_IDENTIFICACION: string }) => {
    const [row] = await t.db
      .insert(clientes)
      .values({
        EMP_CODIGO: andina.COM_CODIGO,
        CLI_TIPO_IDENTIFICACION: values.CLI_IDENTIFICACION.length === 13 ? '04' : '05',
        CLI_RAZON_SOCIAL: 'CLIENTE REGISTRADO S.A.',
        ...values,
      })
      .returning();
    return row;
  };

  describe('GET apiRuc/:ruc', () => {
    it('responde desde los clientes de la empresa sin preguntar a ningún servicio', async () => {
      const id = ruc();
      stubs.ruc1.answer(id, [sriTaxpayer(id)]);
      const client = await addClient({
        CLI_IDENTIFICACION: id,
        CLI_RAZON_SOCIAL: 'COMERCIAL ANDES CIA. LTDA.',
        CLI_NOMBRE_COMERCIAL: 'ANDES',
        CLI_CORREOS: ['ventas@andes.ec'],
        CLI_TELEFONOS: ['022345678'],
        CLI_DIRECCION: 'Quito',
      });
      const before = stubs.total();
      const res = await get(`apiRuc/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        fuente: 'clientes',
        existente: client.CLI_CODIGO,
        cliente: {
          CLI_TIPO_IDENTIFICACION: '04',
          CLI_IDENTIFICACION: id,
          CLI_RAZON_SOCIAL: 'COMERCIAL ANDES CIA. LTDA.',
          CLI_NOMBRE_COMERCIAL: 'ANDES',
          CLI_CORREOS: ['ventas@andes.ec'],
          CLI_TELEFONOS: ['022345678'],
          CLI_DIRECCION: 'Quito',
        },
      });
      expect(stubs.total()).toBe(before);
    });

    it('un vendedor se entera de que el cliente existe, pero existente solo viene si el cliente es suyo', async () => {
      const ajeno = await addClient({ CLI_IDENTIFICACION: ruc() });
      const propio = await addClient({ CLI_IDENTIFICACION: ruc(), CLI_VENDEDOR: vendedor.USU_CODIGO });
      const before = stubs.total();
      const a = await get(`apiRuc/${ajeno.CLI_IDENTIFICACION}`, vendedor.token);
      expect(a.statusCode, a.body).toBe(200);
      expect(a.json().fuente).toBe('clientes');
      expect(a.json()).not.toHaveProperty('existente');
      const p = await get(`apiRuc/${propio.CLI_IDENTIFICACION}`, vendedor.token);
      expect(p.json()).toMatchObject({ fuente: 'clientes', existente: propio.CLI_CODIGO });
      expect(stubs.total()).toBe(before);
    });

    it('un cliente de otra empresa no cuenta: se pregunta al servicio', async () => {
      const id = ruc();
      await addClient({ CLI_IDENTIFICACION: id });
      stubs.ruc1.answer(id, [sriTaxpayer(id)]);
      const res = await get(`apiRuc/${id}`, tornillo.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ fuente: 'servicio1' });
      expect(res.json()).not.toHaveProperty('existente');
    });

    it('el primer servicio encuentra el RUC: el formulario recibe sus datos y el segundo no se consulta', async () => {
      const id = ruc();
      stubs.ruc1.answer(id, [sriTaxpayer(id)]);
      stubs.ruc2.answer(id, [sriTaxpayer(id, { razonSocial: 'OTRO NOMBRE' })]);
      const res = await get(`apiRuc/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        fuente: 'servicio1',
        cliente: {
          CLI_TIPO_IDENTIFICACION: '04',
          CLI_IDENTIFICACION: id,
          CLI_RAZON_SOCIAL: 'DISTRIBUIDORA DEL LITORAL DISLIT S.A.',
          CLI_NOMBRE_COMERCIAL: 'DISLIT',
          CLI_CORREOS: ['facturacion@dislit.ec'],
          CLI_TELEFONOS: ['042 345678'],
          CLI_DIRECCION: 'GUAYAS / GUAYAQUIL / TARQUI / AV. JUAN TANCA MARENGO KM 2',
        },
      });
      expect(stubs.ruc1.asked(id)).toBe(1);
      expect(stubs.ruc2.asked(id)).toBe(0);
    });

    it.each([
      ['caído (conexión rechazada)', 'down'],
      ['lento (no responde a tiempo)', 'slow'],
      ['con error 500', 'error'],
      ['con una página HTML', 'html'],
      ['con JSON de otra forma', 'wrongJson'],
      ['que corta la conexión', 'dropped'],
    ] as const)('primer servicio %s: responde el segundo', async (_label, mode) => {
      const id = ruc();
      stubs.ruc1.answer(id, [sriTaxpayer(id)]);
      stubs.ruc2.answer(id, { numeroRuc: id, razonSocial: 'DISTRIBUIDORA DEL LITORAL DISLIT S.A.', estadoContribuyenteRuc: 'ACTIVO' });
      await stubs.ruc1.setMode(mode);
      const started = Date.now();
      const res = await get(`apiRuc/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        fuente: 'servicio2',
        cliente: {
          CLI_TIPO_IDENTIFICACION: '04',
          CLI_IDENTIFICACION: id,
          CLI_RAZON_SOCIAL: 'DISTRIBUIDORA DEL LITORAL DISLIT S.A.',
          CLI_NOMBRE_COMERCIAL: null,
          CLI_CORREOS: [],
          CLI_TELEFONOS: [],
          CLI_DIRECCION: null,
        },
      });
      expect(stubs.ruc2.asked(id)).toBe(1);
      // The slow one is abandoned at CONSULTAS_TIMEOUT_MS (300 ms here), not waited for.
      expect(Date.now() - started).toBeLessThan(2500);
    });

    it('ningún servicio responde: 503 con el mensaje del SRI, y no se guarda nada', async () => {
      const id = ruc();
      stubs.ruc2.answer(id, [sriTaxpayer(id)]);
      await stubs.ruc1.setMode('down');
      await stubs.ruc2.setMode('slow');
      const res = await get(`apiRuc/${id}`);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual(NO_DISPONIBLE);
      expect(res.json().msg).toBe(CLIENTE_MSG.sriNoDisponible);
      expect(
        await t.db
          .select()
          .from(consultasCache)
          .where(eq(consultasCache.CCA_CLAVE, `ruc:${id}`)),
      ).toEqual([]);
      // Back up: the next question is asked again (the first service decides).
      await stubs.reset();
      stubs.ruc1.answer(id, [sriTaxpayer(id)]);
      const again = await get(`apiRuc/${id}`);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().fuente).toBe('servicio1');
    });

    it('el primer servicio dice que no existe: 404 Atencion, sin preguntar al segundo', async () => {
      const id = ruc();
      stubs.ruc2.answer(id, [sriTaxpayer(id)]);
      const res = await get(`apiRuc/${id}`);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual(NO_ENCONTRADO);
      expect(res.json()).toEqual({ msg: CLIENTE_MSG.noEncontrado, titulo: CLIENTE_MSG.noEncontradoTitulo });
      expect(stubs.ruc1.asked(id)).toBe(1);
      expect(stubs.ruc2.asked(id)).toBe(0);
    });

    it('una respuesta vacía ([] o {}) también es "no existe"; con el primero caído decide el segundo', async () => {
      const empty = ruc();
      stubs.ruc1.answer(empty, []);
      expect((await get(`apiRuc/${empty}`)).json()).toEqual(NO_ENCONTRADO);
      const other = ruc();
      stubs.ruc2.answer(other, {});
      await stubs.ruc1.setMode('error');
      const res = await get(`apiRuc/${other}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NO_ENCONTRADO);
      expect(stubs.ruc2.asked(other)).toBe(1);
    });

    it('guarda cada respuesta CONSULTAS_CACHE_SEGUNDOS: la segunda consulta no sale; vencida, se pregunta de nuevo', async () => {
      const found = ruc();
      const missing = ruc();
      stubs.ruc1.answer(found, [sriTaxpayer(found)]);
      const first = await get(`apiRuc/${found}`);
      expect(first.statusCode).toBe(200);
      expect((await get(`apiRuc/${missing}`)).statusCode).toBe(404);
      const before = stubs.total();
      const second = await get(`apiRuc/${found}`);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect((await get(`apiRuc/${missing}`)).json()).toEqual(NO_ENCONTRADO);
      expect(stubs.total()).toBe(before);
      // Even with every service down, the cached answer is served.
      await stubs.ruc1.setMode('down');
      await stubs.ruc2.setMode('down');
      expect((await get(`apiRuc/${found}`)).json()).toEqual(first.json());
      await stubs.reset();

      const [row] = await t.db
        .select()
        .from(consultasCache)
        .where(eq(consultasCache.CCA_CLAVE, `ruc:${found}`));
      const ttl = row.CCA_VENCE.getTime() - Date.now();
      expect(ttl).toBeGreaterThan(3500_000);
      expect(ttl).toBeLessThanOrEqual(3600_000);
      // Expired: ignored, asked again, and the row is overwritten with the new answer.
      await t.db
        .update(consultasCache)
        .set({ CCA_VENCE: new Date(Date.now() - 1000) })
        .where(eq(consultasCache.CCA_CLAVE, `ruc:${found}`));
      stubs.ruc1.answer(found, [sriTaxpayer(found, { razonSocial: 'DISLIT RENOVADA S.A.' })]);
      const third = await get(`apiRuc/${found}`);
      expect(third.json().cliente.CLI_RAZON_SOCIAL).toBe('DISLIT RENOVADA S.A.');
      expect(stubs.ruc1.asked(found)).toBe(2);
      const [renewed] = await t.db
        .select()
        .from(consultasCache)
        .where(eq(consultasCache.CCA_CLAVE, `ruc:${found}`));
      expect(renewed.CCA_VENCE.getTime()).toBeGreaterThan(Date.now());
    });

    it('formato inválido: 400 con el mensaje del RUC', async () => {
      for (const bad of ['123', '17900169190011', '17900169190ab', '%20']) {
        const res = await get(`apiRuc/${bad}`);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json()).toEqual({ msg: 'El RUC debe tener 13 dígitos numéricos' });
      }
    });

    it('el consumidor final no se consulta afuera', async () => {
      const before = stubs.total();
      const res = await get('apiRuc/9999999999999');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NO_ENCONTRADO);
      expect(stubs.total()).toBe(before);
    });
  });

  describe('GET apiCedula/:id', () => {
    it('responde desde los clientes de la empresa, sin salir', async () => {
      const id = cedula();
      const client = await addClient({ CLI_IDENTIFICACION: id, CLI_RAZON_SOCIAL: 'MARIA ELENA SALAZAR' });
      const before = stubs.total();
      const res = await get(`apiCedula/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        fuente: 'clientes',
        existente: client.CLI_CODIGO,
        cliente: { CLI_TIPO_IDENTIFICACION: '05', CLI_IDENTIFICACION: id, CLI_RAZON_SOCIAL: 'MARIA ELENA SALAZAR' },
      });
      expect(stubs.total()).toBe(before);
    });

    it('el servicio de cédulas la encuentra (fuente cedula, tipo 05) y la respuesta se guarda', async () => {
      const id = cedula();
      stubs.cedula.answer(id, cedulaPerson(id));
      const res = await get(`apiCedula/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        fuente: 'cedula',
        cliente: {
          CLI_TIPO_IDENTIFICACION: '05',
          CLI_IDENTIFICACION: id,
          CLI_RAZON_SOCIAL: 'PEREZ LOPEZ JUAN CARLOS',
          CLI_NOMBRE_COMERCIAL: null,
          CLI_CORREOS: ['jcperez@correo.ec'],
          CLI_TELEFONOS: ['0991234567'],
          CLI_DIRECCION: 'PICHINCHA / QUITO / IÑAQUITO / AV. AMAZONAS N35-17',
        },
      });
      expect((await get(`apiCedula/${id}`)).json()).toEqual(res.json());
      expect(stubs.cedula.asked(id)).toBe(1);
    });

    it('no existe: 404 Atencion; servicio caído, lento o con basura: 503', async () => {
      expect((await get(`apiCedula/${cedula()}`)).json()).toEqual(NO_ENCONTRADO);
      for (const mode of ['down', 'slow', 'error', 'html', 'wrongJson', 'dropped'] as const) {
        const id = cedula();
        stubs.cedula.answer(id, cedulaPerson(id));
        await stubs.cedula.setMode(mode);
        const res = await get(`apiCedula/${id}`);
        expect(res.statusCode, mode).toBe(503);
        expect(res.json()).toEqual(NO_DISPONIBLE);
      }
    });

    it('una respuesta de otra persona es basura, no un hallazgo', async () => {
      const id = cedula();
      stubs.cedula.answer(id, cedulaPerson('0912345678'));
      const res = await get(`apiCedula/${id}`);
      expect(res.statusCode).toBe(503);
    });

    it('formato inválido: 400 con el mensaje de la cédula', async () => {
      for (const bad of ['123456789', '12345678901', '09123456a8']) {
        const res = await get(`apiCedula/${bad}`);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json()).toEqual({ msg: 'La cédula debe tener 10 dígitos numéricos' });
      }
    });
  });

  describe('POST :id/banderas', () => {
    /** Each flag service answers in one of the shapes the README accepts. */
    const answerFlags = (id: string, values: { fantasma: boolean; especial: boolean; agente: boolean; rimpe: boolean }) => {
      stubs.banderas.fantasma.answer(id, { identificacion: id, fantasma: values.fantasma });
      stubs.banderas.especial.answer(id, { numeroRuc: id, contribuyenteEspecial: values.especial ? 'SI' : 'NO' });
      stubs.banderas.agenteRetencion.answer(id, [sriTaxpayer(id, { agenteRetencion: values.agente ? 'SI' : 'NO' })]);
      stubs.banderas.rimpe.answer(id, { numeroRuc: id, regimen: values.rimpe ? 'RIMPE' : 'GENERAL', categoria: 'EMPRENDEDOR' });
      stubs.banderas.catastro.answer(id, { estado: 'ACTIVO', actividad: 'VENTA AL POR MENOR DE CALZADO', inicioActividades: '2015-03-02' });
    };

    it('consulta cada servicio, guarda CLI_BANDERAS y las devuelve (empresa fantasma)', async () => {
      const id = ruc();
      answerFlags(id, { fantasma: true, especial: true, agente: false, rimpe: true });
      const client = await addClient({ CLI_IDENTIFICACION: id });
      const before = Date.now();
      const res = await flags(client.CLI_CODIGO);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        banderas: {
          fantasma: true,
          especial: true,
          agenteRetencion: false,
          rimpe: true,
          catastro: { estado: 'ACTIVO', actividad: 'VENTA AL POR MENOR DE CALZADO', inicioActividades: '2015-03-02' },
          consultado: expect.any(String),
        },
        noDisponibles: [],
      });
      expect(new Date(body.banderas.consultado).getTime()).toBeGreaterThanOrEqual(before - 1000);
      const [stored] = await t.db.select().from(clientes).where(eq(clientes.CLI_CODIGO, client.CLI_CODIGO));
      expect(stored.CLI_BANDERAS).toEqual(body.banderas);
      // Cached: asking again makes no request.
      const requests = stubs.total();
      expect((await flags(client.CLI_CODIGO)).json().banderas).toMatchObject({ fantasma: true, especial: true });
      expect(stubs.total()).toBe(requests);
    });

    it('el SRI con su registro completo, y 404 de una lista: falso; una cédula se consulta como cédula + 001', async () => {
      const id = cedula();
      const rucPersona = `${id}001`;
      stubs.banderas.fantasma.answer(rucPersona, [sriTaxpayer(rucPersona, { contribuyenteFantasma: 'NO' })]);
      stubs.banderas.catastro.answer(rucPersona, [sriTaxpayer(rucPersona, { estadoContribuyenteRuc: 'SUSPENDIDO' })]);
      const client = await addClient({ CLI_IDENTIFICACION: id, CLI_TIPO_IDENTIFICACION: '05' });
      const res = await flags(client.CLI_CODIGO);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        banderas: {
          fantasma: false,
          especial: false,
          agenteRetencion: false,
          rimpe: false,
          catastro: { estado: 'SUSPENDIDO', actividad: 'VENTA AL POR MAYOR DE PRODUCTOS ALIMENTICIOS', inicioActividades: '2012-05-14' },
        },
        noDisponibles: [],
      });
      expect(stubs.banderas.fantasma.asked(rucPersona)).toBe(1);
    });

    it('un servicio caído o con basura queda en noDisponibles y conserva el valor anterior', async () => {
      const id = ruc();
      answerFlags(id, { fantasma: false, especial: false, agente: true, rimpe: false });
      const client = await addClient({
        CLI_IDENTIFICACION: id,
        CLI_BANDERAS: { especial: true, rimpe: true, consultado: '2025-01-01T00:00:00.000Z' },
      });
      await stubs.banderas.especial.setMode('down');
      await stubs.banderas.rimpe.setMode('wrongJson');
      await stubs.banderas.catastro.setMode('slow');
      const res = await flags(client.CLI_CODIGO);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.noDisponibles).toEqual(['especial', 'rimpe', 'catastro']);
      expect(body.banderas).toEqual({
        fantasma: false,
        especial: true,
        agenteRetencion: true,
        rimpe: true,
        consultado: expect.any(String),
      });
      expect(body.banderas.consultado).not.toBe('2025-01-01T00:00:00.000Z');
      const [stored] = await t.db.select().from(clientes).where(eq(clientes.CLI_CODIGO, client.CLI_CODIGO));
      expect(stored.CLI_BANDERAS).toEqual(body.banderas);
      // What was down is not cached: back up, it is asked.
      await stubs.reset();
      const again = (await flags(client.CLI_CODIGO)).json();
      expect(again.noDisponibles).toEqual([]);
      expect(again.banderas).toMatchObject({ especial: false, rimpe: false, catastro: { estado: 'ACTIVO' } });
    });

    it('un cliente sin RUC ni cédula: 400', async () => {
      const client = await addClient({ CLI_IDENTIFICACION: 'AB123456', CLI_TIPO_IDENTIFICACION: '06' });
      const res = await flags(client.CLI_CODIGO);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: CLIENTE_MSG.banderasIdentificacion });
    });

    it('el cliente de otra empresa, el de otro vendedor o uno que no existe: 404', async () => {
      const client = await addClient({ CLI_IDENTIFICACION: ruc() });
      const before = stubs.total();
      for (const [id, token] of [
        [client.CLI_CODIGO, tornillo.token],
        [client.CLI_CODIGO, vendedor.token],
        [2147483647, andina.token],
      ] as const) {
        const res = await flags(id, token);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ msg: MSG.notFound });
      }
      expect(stubs.total()).toBe(before);
      const [stored] = await t.db.select().from(clientes).where(eq(clientes.CLI_CODIGO, client.CLI_CODIGO));
      expect(stored.CLI_BANDERAS).toBeNull();
    });
  });

  it('sin sesión de empresa: 401 sin token, 403 con un token de administración', async () => {
    const client = await addClient({ CLI_IDENTIFICACION: ruc() });
    const before = stubs.total();
    for (const url of [`apiRuc/${ruc()}`, `apiCedula/${cedula()}`]) {
      expect((await get(url, admin)).statusCode).toBe(403);
      expect((await get(url, '')).statusCode).toBe(401);
    }
    expect((await flags(client.CLI_CODIGO, admin)).statusCode).toBe(403);
    expect(stubs.total()).toBe(before);
  });
});
