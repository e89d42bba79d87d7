import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { multipart, startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { cedulaPerson, sriTaxpayer, startConsultasStubs } from '../helpers/consultas-stub';
import { cedulaValida } from '../helpers/identificaciones';
import { proveedores, recibidos, usuarios } from '../../server/infra/db/schema';
import { hashPassword } from '../../server/infra/passwords';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { PROVEEDOR_MSG } from '../../domain/proveedores';
import { MSG } from '../../domain/messages';
import type { Proveedor } from '../../domain/contratos/proveedores';

const URL = '/api/proveedores';

let serial = 0;
/** A RUC of a company (third digit 9, módulo 11) no other test of this file uses: the lookups' answers are cached. */
function rucSociedad(): string {
  for (;;) {
    const base = `179${String(++serial).padStart(3, '0')}${String(randomInt(0, 1000)).padStart(3, '0')}`;
    const weights = [4, 3, 2, 7, 6, 5, 4, 3, 2];
    const r = [...base].reduce((sum, d, i) => sum + Number(d) * weights[i]!, 0) % 11;
    const check = r === 0 ? 0 : 11 - r;
    if (check < 10) return `${base}${check}001`;
  }
}
const cedula = () => cedulaValida(++serial * 97 + randomInt(0, 90), '090');

describe.each(testDatabases)('proveedores: el libro de proveedores de la empresa (%s)', (kind) => {
  let t: TestApp;
  let stubs: Awaited<ReturnType<typeof startConsultasStubs>>;
  let andina: { token: string; COM_CODIGO: number };
  let tornillo: { token: string; COM_CODIGO: number };
  let vendedor: string;

  beforeAll(async () => {
    stubs = await startConsultasStubs({ timeoutMs: 300 });
    t = await startTestApp(kind, { consultas: stubs.config });
    andina = await loginCompany(t, COMPANIES.andina);
    tornillo = await loginCompany(t, COMPANIES.tornillo);
    await t.db.insert(usuarios).values({
      COM_CODIGO: andina.COM_CODIGO,
      USU_USUARIO: 'vendedor.proveedores',
      USU_NOMBRE: 'Vendedor sin proveedores',
      USU_CLAVE: await hashPassword(DEMO.empresa.clave),
      USU_ROL: 'vendedor',
    });
    vendedor = (await loginCompany(t, { ruc: COMPANIES.andina.ruc, usuario: 'vendedor.proveedores', clave: DEMO.empresa.clave })).token;
  });
  afterAll(async () => {
    await t?.close();
    await stubs?.close();
  });
  beforeEach(() => stubs.reset());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = andina.token, payload?: object) =>
    t.app.inject({ method, url: `${URL}${url}`, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
  const valid = (overrides: object = {}) => ({
    PRV_TIPO_IDENTIFICACION: '04',
    PRV_IDENTIFICACION: rucSociedad(),
    PRV_RAZON_SOCIAL: 'IMPORTADORA DEL PACÍFICO S.A.',
    ...overrides,
  });
  const create = async (overrides: object = {}, token = andina.token) => {
    const res = await call('POST', '', token, valid(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Proveedor;
  };
  const list = async (filter: object, sort?: [string, string], token = andina.token) => {
    const params = new URLSearchParams({
      filter: JSON.stringify(filter),
      range: '[0,99]',
      ...(sort ? { sort: JSON.stringify(sort) } : {}),
    });
    const res = await call('GET', `?${params}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json() as Proveedor[], range: res.headers['content-range'] };
  };

  describe('alta, edición, lectura y baja', () => {
    it('crea un proveedor con sus datos de contacto, lo lee y lo edita (un campo que no se envía se conserva)', async () => {
      const created = await create({
        PRV_NOMBRE_COMERCIAL: 'PACÍFICO',
        PRV_CORREOS: [' Compras@Pacifico.ec ', 'compras@pacifico.ec'],
        PRV_TELEFONOS: ['02 234 5678'],
        PRV_DIRECCION: 'Av. Amazonas N35-17, Quito',
        PRV_CONTACTO: 'María Pérez',
        PRV_DIAS_CREDITO: 30,
        PRV_OBSERVACION: 'Entrega los martes',
      });
      expect(created).toMatchObject({
        PRV_TIPO_IDENTIFICACION: '04',
        PRV_RAZON_SOCIAL: 'IMPORTADORA DEL PACÍFICO S.A.',
        PRV_CORREOS: ['compras@pacifico.ec'],
        PRV_TELEFONOS: ['02 234 5678'],
        PRV_CONTACTO: 'María Pérez',
        PRV_DIAS_CREDITO: 30,
        PRV_ACTIVO: true,
        PRV_BANDERAS: null,
      });
      const one = await call('GET', `/${created.PRV_CODIGO}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(created);

      const edited = await call('PUT', `/${created.PRV_CODIGO}`, andina.token, {
        PRV_TIPO_IDENTIFICACION: '04',
        PRV_IDENTIFICACION: created.PRV_IDENTIFICACION,
        PRV_RAZON_SOCIAL: 'IMPORTADORA DEL PACÍFICO S.A.',
        PRV_DIAS_CREDITO: 45,
        PRV_ACTIVO: false,
        PRV_CONTACTO: null,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({
        PRV_DIAS_CREDITO: 45,
        PRV_ACTIVO: false,
        PRV_CONTACTO: null,
        PRV_CORREOS: ['compras@pacifico.ec'],
      });
    });

    it('valida la identificación según su tipo, con mensajes en español; el dígito verificador pide confirmación (422)', async () => {
      const bad = async (body: object, status: number, msg: string) => {
        const res = await call('POST', '', andina.token, valid(body));
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().msg).toBe(msg);
        return res;
      };
      await bad({ PRV_IDENTIFICACION: '17923' }, 400, 'El RUC debe tener 13 dígitos numéricos');
      await bad({ PRV_TIPO_IDENTIFICACION: '05', PRV_IDENTIFICACION: '17A0000001' }, 400, 'La cédula debe tener 10 dígitos numéricos');
      await bad(
        { PRV_TIPO_IDENTIFICACION: '06', PRV_IDENTIFICACION: 'a#' },
        400,
        'El pasaporte o la identificación del exterior debe tener de 3 a 20 letras o números',
      );
      await bad({ PRV_TIPO_IDENTIFICACION: '07', PRV_IDENTIFICACION: '9999999999999' }, 400, PROVEEDOR_MSG.tipoIdentificacion);
      await bad({ PRV_IDENTIFICACION: '9999999999999' }, 400, PROVEEDOR_MSG.consumidorFinal);
      await bad({ PRV_RAZON_SOCIAL: '   ' }, 400, PROVEEDOR_MSG.razonSocialRequerida);
      await bad({ PRV_CORREOS: ['no-es-correo'] }, 400, PROVEEDOR_MSG.correoInvalido);
      await bad({ PRV_TELEFONOS: ['abc'] }, 400, PROVEEDOR_MSG.telefonoInvalido);
      await bad({ PRV_DIAS_CREDITO: 400 }, 400, PROVEEDOR_MSG.diasCredito);
      const warned = await bad(
        { PRV_IDENTIFICACION: '1790000000001' },
        422,
        'El dígito verificador del RUC no es válido; verifique el número antes de continuar',
      );
      expect(warned.json().code).toBe('ADVERTENCIA_IDENTIFICACION');
      const accepted = await call('POST', '', andina.token, valid({ PRV_IDENTIFICACION: '1790000000001', aceptarAdvertencia: true }));
      expect(accepted.statusCode, accepted.body).toBe(201);
      // A passport is kept in capitals: the same one typed otherwise is a duplicate.
      const passport = await create({ PRV_TIPO_IDENTIFICACION: '06', PRV_IDENTIFICACION: 'ab12345' });
      expect(passport.PRV_IDENTIFICACION).toBe('AB12345');
      await bad({ PRV_TIPO_IDENTIFICACION: '06', PRV_IDENTIFICACION: 'AB12345' }, 409, PROVEEDOR_MSG.identificacionRepetida);
    });

    it('no repite una identificación en la empresa (409), pero otra empresa puede tenerla', async () => {
      const first = await create();
      const again = await call('POST', '', andina.token, valid({ PRV_IDENTIFICACION: first.PRV_IDENTIFICACION }));
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toBe('Ya existe un proveedor con esa identificación en su empresa');
      const other = await create({}, andina.token);
      const toFirst = await call('PUT', `/${other.PRV_CODIGO}`, andina.token, valid({ PRV_IDENTIFICACION: first.PRV_IDENTIFICACION }));
      expect(toFirst.statusCode).toBe(409);
      await create({ PRV_IDENTIFICACION: first.PRV_IDENTIFICACION }, tornillo.token);
    });

    it('el proveedor de otra empresa, o uno que no existe, responde 404', async () => {
      const ajeno = await create({}, tornillo.token);
      for (const [method, url] of [
        ['GET', `/${ajeno.PRV_CODIGO}`],
        ['PUT', `/${ajeno.PRV_CODIGO}`],
        ['DELETE', `/${ajeno.PRV_CODIGO}`],
        ['POST', `/${ajeno.PRV_CODIGO}/banderas`],
        ['GET', '/99999999'],
      ] as const) {
        const res = await call(method, url, andina.token, method === 'PUT' ? valid() : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().msg).toBe(MSG.notFound);
      }
      const stored = await t.db.select().from(proveedores).where(eq(proveedores.PRV_CODIGO, ajeno.PRV_CODIGO));
      expect(stored[0]?.PRV_RAZON_SOCIAL).toBe(ajeno.PRV_RAZON_SOCIAL);
    });

    it('elimina un proveedor sin documentos; con un documento recibido responde 409 y se puede desactivar', async () => {
      const libre = await create();
      const del = await call('DELETE', `/${libre.PRV_CODIGO}`);
      expect(del.statusCode, del.body).toBe(200);
      expect(del.json()).toEqual({ msg: PROVEEDOR_MSG.eliminado });
      expect((await call('GET', `/${libre.PRV_CODIGO}`)).statusCode).toBe(404);

      const conFactura = await create();
      const clave = `2901202601${conFactura.PRV_IDENTIFICACION}1001001000000123123456781`.slice(0, 49);
      await t.db.insert(recibidos).values({
        EMP_CODIGO: andina.COM_CODIGO,
        REC_TIPO: '01',
        REC_CLAVE_ACCESO: clave,
        REC_NUMERO: '001-001-000000123',
        REC_FECHA: '2026-01-29',
        REC_EMISOR_RUC: conFactura.PRV_IDENTIFICACION,
        REC_EMISOR_RAZON_SOCIAL: conFactura.PRV_RAZON_SOCIAL,
        PRV_CODIGO: conFactura.PRV_CODIGO,
        REC_AUTORIZACION: clave,
        REC_AMBIENTE: 1,
        REC_XML: '<factura/>',
        REC_ORIGEN: 'xml',
      });
      const refused = await call('DELETE', `/${conFactura.PRV_CODIGO}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().msg).toBe(PROVEEDOR_MSG.conDocumentos);
      const off = await call('PUT', `/${conFactura.PRV_CODIGO}`, andina.token, {
        PRV_TIPO_IDENTIFICACION: '04',
        PRV_IDENTIFICACION: conFactura.PRV_IDENTIFICACION,
        PRV_RAZON_SOCIAL: conFactura.PRV_RAZON_SOCIAL,
        PRV_ACTIVO: false,
      });
      expect(off.statusCode).toBe(200);
      expect(off.json().PRV_ACTIVO).toBe(false);
    });

    it('un vendedor no abre el libro de proveedores (403), ni lee ni escribe', async () => {
      for (const [method, url] of [
        ['GET', ''],
        ['POST', ''],
        ['GET', '/exportar?formato=csv'],
      ] as const) {
        const res = await call(method, url, vendedor, method === 'POST' ? valid() : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(typeof res.json().msg).toBe('string');
      }
    });
  });

  describe('lista, filtros y exportación', () => {
    it('busca por nombre sin tildes ni mayúsculas y por identificación, filtra por activo, tipo y bandera, y ordena', async () => {
      const marca = `ZQX${randomInt(1000, 9999)}`;
      const a = await create({ PRV_RAZON_SOCIAL: `FERRETERÍA ${marca} ÁLAMO` });
      const b = await create({ PRV_RAZON_SOCIAL: `BODEGA ${marca} BETA`, PRV_ACTIVO: false });
      const c = await create({ PRV_TIPO_IDENTIFICACION: '05', PRV_IDENTIFICACION: cedula(), PRV_RAZON_SOCIAL: `CARLOS ${marca}` });
      await t.db
        .update(proveedores)
        .set({ PRV_BANDERAS: { fantasma: true } })
        .where(eq(proveedores.PRV_CODIGO, b.PRV_CODIGO));

      const all = await list({ q: `ferreteria ${marca.toLowerCase()} alamo` });
      expect(all.rows.map((r) => r.PRV_CODIGO)).toEqual([a.PRV_CODIGO]);
      expect((await list({ q: a.PRV_IDENTIFICACION })).rows.map((r) => r.PRV_CODIGO)).toEqual([a.PRV_CODIGO]);
      const byName = await list({ q: marca }, ['PRV_RAZON_SOCIAL', 'ASC']);
      expect(byName.rows.map((r) => r.PRV_CODIGO)).toEqual([b.PRV_CODIGO, c.PRV_CODIGO, a.PRV_CODIGO]);
      expect(byName.range).toMatch(/^proveedores 0-2\/3$/);
      expect((await list({ q: marca, PRV_ACTIVO: false })).rows.map((r) => r.PRV_CODIGO)).toEqual([b.PRV_CODIGO]);
      expect((await list({ q: marca, PRV_TIPO_IDENTIFICACION: '05' })).rows.map((r) => r.PRV_CODIGO)).toEqual([c.PRV_CODIGO]);
      expect((await list({ q: marca, bandera: 'fantasma' })).rows.map((r) => r.PRV_CODIGO)).toEqual([b.PRV_CODIGO]);
      // Another company's list never shows them.
      expect((await list({ q: marca }, undefined, tornillo.token)).rows).toEqual([]);

      const wrong = await call('GET', `?filter=${encodeURIComponent(JSON.stringify({ bandera: 'otra' }))}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().msg).toBe('El filtro bandera debe ser fantasma, especial, agenteRetencion, rimpe');
    });

    it('exporta la lista filtrada en CSV y en Excel, con la bandera de empresa fantasma', async () => {
      const marca = `EXP${randomInt(1000, 9999)}`;
      const a = await create({ PRV_RAZON_SOCIAL: `ACEROS ${marca}`, PRV_CORREOS: ['a@aceros.ec', 'b@aceros.ec'], PRV_DIAS_CREDITO: 15 });
      await create({ PRV_RAZON_SOCIAL: `OTRO ${marca}`, PRV_ACTIVO: false });
      await t.db
        .update(proveedores)
        .set({ PRV_BANDERAS: { fantasma: true, rimpe: true } })
        .where(eq(proveedores.PRV_CODIGO, a.PRV_CODIGO));
      const filter = encodeURIComponent(JSON.stringify({ q: marca, PRV_ACTIVO: true }));
      const csv = await call('GET', `/exportar?formato=csv&filter=${filter}`);
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.headers['content-disposition']).toMatch(/proveedores-\d{4}-\d{2}-\d{2}\.csv/);
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Tipo de identificación,Identificación,Razón social,Nombre comercial,Correos,Teléfonos,Dirección,Contacto,Días de crédito,Activo,Situación en el SRI,Observación,Creado',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(
        `RUC,${a.PRV_IDENTIFICACION},ACEROS ${marca},,a@aceros.ec; b@aceros.ec,,,,15,Sí,Empresa fantasma; Régimen RIMPE`,
      );

      const xlsx = await call('GET', `/exportar?formato=xlsx&filter=${filter}`);
      expect(xlsx.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = book.getWorksheet('Proveedores')!;
      expect(sheet.getRow(2).getCell(3).value).toBe(`ACEROS ${marca}`);
      expect(sheet.getRow(2).getCell(9).value).toBe(15);
      expect(sheet.rowCount).toBe(2);
    });
  });

  describe('consultas del formulario y banderas', () => {
    it('apiRuc responde desde los proveedores de la empresa (existente) o desde el servicio de RUC; 404 y 503 en español', async () => {
      const propio = await create({ PRV_CORREOS: ['ventas@propio.ec'] });
      const own = await call('GET', `/apiRuc/${propio.PRV_IDENTIFICACION}`);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json()).toMatchObject({
        fuente: 'proveedores',
        existente: propio.PRV_CODIGO,
        proveedor: { PRV_CORREOS: ['ventas@propio.ec'] },
      });

      const nuevo = rucSociedad();
      stubs.ruc1.answer(nuevo, [sriTaxpayer(nuevo)]);
      const remote = await call('GET', `/apiRuc/${nuevo}`);
      expect(remote.statusCode, remote.body).toBe(200);
      expect(remote.json()).toEqual({
        fuente: 'servicio1',
        proveedor: {
          PRV_TIPO_IDENTIFICACION: '04',
          PRV_IDENTIFICACION: nuevo,
          PRV_RAZON_SOCIAL: 'DISTRIBUIDORA DEL LITORAL DISLIT S.A.',
          PRV_NOMBRE_COMERCIAL: 'DISLIT',
          PRV_CORREOS: ['facturacion@dislit.ec'],
          PRV_TELEFONOS: [expect.any(String)],
          PRV_DIRECCION: 'GUAYAS / GUAYAQUIL / TARQUI / AV. JUAN TANCA MARENGO KM 2',
        },
      });

      const missing = await call('GET', `/apiRuc/${rucSociedad()}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ msg: PROVEEDOR_MSG.noEncontrado, titulo: 'Atencion' });

      await stubs.ruc1.setMode('down');
      await stubs.ruc2.setMode('error');
      const down = await call('GET', `/apiRuc/${rucSociedad()}`);
      expect(down.statusCode).toBe(503);
      expect(down.json().msg).toBe('Por el momento no hay disponibilidad en el SRI, ingrese los datos manualmente por favor.');

      const badRuc = await call('GET', '/apiRuc/123');
      expect(badRuc.statusCode).toBe(400);
      expect(badRuc.json().msg).toBe('El RUC debe tener 13 dígitos numéricos');
    });

    it('apiCedula llena el formulario desde el servicio de cédulas', async () => {
      const id = cedula();
      stubs.cedula.answer(id, cedulaPerson(id));
      const res = await call('GET', `/apiCedula/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        fuente: 'cedula',
        proveedor: { PRV_TIPO_IDENTIFICACION: '05', PRV_IDENTIFICACION: id, PRV_RAZON_SOCIAL: 'PEREZ LOPEZ JUAN CARLOS' },
      });
    });

    it('consulta las banderas del SRI, guarda la de empresa fantasma en PRV_BANDERAS y la lista la filtra', async () => {
      const p = await create();
      const id = p.PRV_IDENTIFICACION;
      stubs.banderas.fantasma.answer(id, { identificacion: id, fantasma: true });
      stubs.banderas.especial.answer(id, { numeroRuc: id, contribuyenteEspecial: 'SI' });
      stubs.banderas.agenteRetencion.answer(id, [sriTaxpayer(id, { agenteRetencion: 'SI' })]);
      stubs.banderas.rimpe.answer(id, { numeroRuc: id, regimen: 'GENERAL' });
      stubs.banderas.catastro.answer(id, { estado: 'ACTIVO', actividad: 'IMPORTACIÓN DE ACERO', inicioActividades: '2010-01-04' });
      const res = await call('POST', `/${p.PRV_CODIGO}/banderas`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        banderas: {
          fantasma: true,
          especial: true,
          agenteRetencion: true,
          rimpe: false,
          catastro: { estado: 'ACTIVO', actividad: 'IMPORTACIÓN DE ACERO', inicioActividades: '2010-01-04' },
          consultado: expect.any(String),
        },
        noDisponibles: [],
      });
      const one = (await call('GET', `/${p.PRV_CODIGO}`)).json() as Proveedor;
      expect(one.PRV_BANDERAS).toMatchObject({ fantasma: true, especial: true, agenteRetencion: true });
      expect((await list({ q: id, bandera: 'fantasma' })).rows.map((r) => r.PRV_CODIGO)).toEqual([p.PRV_CODIGO]);

      // A service down keeps its previous value and is named.
      await stubs.banderas.rimpe.setMode('down');
      const second = await create();
      const partial = await call('POST', `/${second.PRV_CODIGO}/banderas`);
      expect(partial.json().noDisponibles).toContain('rimpe');

      const pasaporte = await create({ PRV_TIPO_IDENTIFICACION: '06', PRV_IDENTIFICACION: `PX${randomInt(10000, 99999)}` });
      const refused = await call('POST', `/${pasaporte.PRV_CODIGO}/banderas`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toBe(PROVEEDOR_MSG.banderasIdentificacion);
    });
  });

  describe('importación', () => {
    const upload = (name: string, content: Buffer | string, token = andina.token) => {
      const form = multipart('current', name, Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'));
      return t.app.inject({ method: 'POST', url: `${URL}/import`, headers: { 'x-token': token, ...form.headers }, payload: form.payload });
    };

    it('importa filas buenas, informa las malas con su línea y motivo, y una segunda importación actualiza', async () => {
      const r1 = rucSociedad();
      const r2 = rucSociedad();
      const ced = cedula();
      const csv = [
        'identificacion;razon_social;correos;telefonos;dias_credito;contacto',
        `${r1};ACEROS DEL NORTE S.A.;ventas@aceros.ec;02-234-5678;30;Luis`,
        `${ced.slice(1)};PEDRO PÉREZ;;;;`,
        `A#1;MAL NÚMERO;;;;`,
        `${r2};;no-es-correo;;400;`,
        `${r1};REPETIDO;;;;`,
      ].join('\r\n');
      const res = await upload('proveedores.csv', csv);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        total: 5,
        creados: 2,
        actualizados: 0,
        advertencias: 0,
        errores: [
          {
            linea: 4,
            identificacion: 'A#1',
            motivo: 'El pasaporte o la identificación del exterior debe tener de 3 a 20 letras o números',
          },
          {
            linea: 5,
            identificacion: r2,
            motivo: `${PROVEEDOR_MSG.razonSocialRequerida}; ${PROVEEDOR_MSG.correoInvalido}; ${PROVEEDOR_MSG.diasCredito}`,
          },
          { linea: 6, identificacion: r1, motivo: 'La identificación ya figura en la línea 2 de este archivo' },
        ],
        erroresOmitidos: 0,
      });
      const [aceros] = await t.db.select().from(proveedores).where(eq(proveedores.PRV_IDENTIFICACION, r1));
      expect(aceros).toMatchObject({
        EMP_CODIGO: andina.COM_CODIGO,
        PRV_TIPO_IDENTIFICACION: '04',
        PRV_CORREOS: ['ventas@aceros.ec'],
        PRV_TELEFONOS: ['02 234 5678'],
        PRV_DIAS_CREDITO: 30,
        PRV_CONTACTO: 'Luis',
      });
      // The cédula lost its leading zero in a spreadsheet and got it back.
      const [pedro] = await t.db.select().from(proveedores).where(eq(proveedores.PRV_IDENTIFICACION, ced));
      expect(pedro?.PRV_TIPO_IDENTIFICACION).toBe('05');

      const again = await upload('proveedores.csv', `identificacion,razon_social\r\n${r1},ACEROS DEL NORTE CIA. LTDA.\r\n`);
      expect(again.json()).toMatchObject({ total: 1, creados: 0, actualizados: 1, errores: [] });
      const [updated] = await t.db.select().from(proveedores).where(eq(proveedores.PRV_IDENTIFICACION, r1));
      // A column the file does not have keeps its value.
      expect(updated).toMatchObject({ PRV_RAZON_SOCIAL: 'ACEROS DEL NORTE CIA. LTDA.', PRV_DIAS_CREDITO: 30, PRV_CONTACTO: 'Luis' });
    });

    it('rechaza un archivo sin la columna obligatoria, vacío o de otro tipo (400), y ofrece la plantilla', async () => {
      const noColumn = await upload('p.csv', 'razon_social\r\nALGO\r\n');
      expect(noColumn.statusCode).toBe(400);
      expect(noColumn.json().msg).toBe(
        'Falta la columna identificacion en la cabecera del archivo; descargue la plantilla para ver las columnas',
      );
      const empty = await upload('p.csv', 'identificacion;razon_social\r\n');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().msg).toBe('El archivo no tiene filas de datos');
      const pdf = await upload('p.pdf', '%PDF-1.4');
      expect(pdf.statusCode).toBe(400);
      expect(pdf.json().msg).toBe('Solo se aceptan archivos CSV (separados por comas o punto y coma) o Excel (.xlsx)');

      const csv = await call('GET', '/plantilla?formato=csv');
      expect(csv.statusCode).toBe(200);
      expect(csv.body.replace(/^\uFEFF/, '').trim()).toBe(
        'tipo_identificacion;identificacion;razon_social;nombre_comercial;correos;telefonos;direccion;contacto;dias_credito;activo;observacion',
      );
      const xlsx = await call('GET', '/plantilla?formato=xlsx');
      expect(xlsx.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      expect(book.getWorksheet('Proveedores')!.getRow(1).getCell(2).value).toBe('identificacion');
      expect(book.getWorksheet('Instrucciones')).toBeTruthy();
      // The template, filled in, imports.
      const sheet = book.getWorksheet('Proveedores')!;
      const ruc = rucSociedad();
      sheet.addRow(['RUC', ruc, 'DESDE LA PLANTILLA S.A.', '', '', '', '', '', '', 'Sí', '']);
      const filled = await upload('plantilla.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
      expect(filled.json()).toMatchObject({ total: 1, creados: 1, errores: [] });
    });
  });
});
