import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { multipart, startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { cedulaPerson, sriTaxpayer, startConsultasStubs } from '../helpers/consultas-stub';
import { cedulaValida } from '../helpers/identificaciones';
import { puntoPrincipal } from '../helpers/facturas-api';
import { facturas, transportistas, usuarios } from '../../server/infra/db/schema';
import { hashPassword } from '../../server/infra/passwords';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { TRANSPORTISTA_MSG } from '../../domain/transportistas';
import { MSG } from '../../domain/messages';
import type { Transportista } from '../../domain/contratos/transportistas';

const URL = '/api/transportistas';

let serial = 0;
/** A RUC of a company (third digit 9, módulo 11) no other test of this file uses: the lookups' answers are cached. */
function rucSociedad(): string {
  for (;;) {
    const base = `099${String(++serial).padStart(3, '0')}${String(randomInt(0, 1000)).padStart(3, '0')}`;
    const weights = [4, 3, 2, 7, 6, 5, 4, 3, 2];
    const r = [...base].reduce((sum, d, i) => sum + Number(d) * weights[i]!, 0) % 11;
    const check = r === 0 ? 0 : 11 - r;
    if (check < 10) return `${base}${check}001`;
  }
}
const cedula = () => cedulaValida(++serial * 89 + randomInt(0, 80), '170');

describe.each(testDatabases)('transportistas: los transportistas de las guías de remisión (%s)', (kind) => {
  let t: TestApp;
  let stubs: Awaited<ReturnType<typeof startConsultasStubs>>;
  let andina: { token: string; COM_CODIGO: number };
  let tornillo: { token: string; COM_CODIGO: number };
  const tokens: Record<'vendedor' | 'contador', string> = { vendedor: '', contador: '' };

  beforeAll(async () => {
    stubs = await startConsultasStubs({ timeoutMs: 300 });
    t = await startTestApp(kind, { consultas: stubs.config });
    andina = await loginCompany(t, COMPANIES.andina);
    tornillo = await loginCompany(t, COMPANIES.tornillo);
    for (const rol of ['vendedor', 'contador'] as const) {
      await t.db.insert(usuarios).values({
        COM_CODIGO: andina.COM_CODIGO,
        USU_USUARIO: `${rol}.transportistas`,
        USU_NOMBRE: `Usuario ${rol}`,
        USU_CLAVE: await hashPassword(DEMO.empresa.clave),
        USU_ROL: rol,
      });
      tokens[rol] = (
        await loginCompany(t, { ruc: COMPANIES.andina.ruc, usuario: `${rol}.transportistas`, clave: DEMO.empresa.clave })
      ).token;
    }
  });
  afterAll(async () => {
    await t?.close();
    await stubs?.close();
  });
  beforeEach(() => stubs.reset());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = andina.token, payload?: object) =>
    t.app.inject({ method, url: `${URL}${url}`, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
  const valid = (overrides: object = {}) => ({
    TRA_TIPO_IDENTIFICACION: '04',
    TRA_IDENTIFICACION: rucSociedad(),
    TRA_RAZON_SOCIAL: 'TRANSPORTES DEL LITORAL S.A.',
    TRA_PLACA: 'GBA-1234',
    ...overrides,
  });
  const create = async (overrides: object = {}, token = andina.token) => {
    const res = await call('POST', '', token, valid(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Transportista;
  };
  const list = async (filter: object, sort?: [string, string], token = andina.token) => {
    const params = new URLSearchParams({
      filter: JSON.stringify(filter),
      range: '[0,99]',
      ...(sort ? { sort: JSON.stringify(sort) } : {}),
    });
    const res = await call('GET', `?${params}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json() as Transportista[], range: res.headers['content-range'] };
  };

  describe('alta, edición, lectura y baja', () => {
    it('crea un transportista con la placa en mayúsculas, lo lee y lo edita (un campo que no se envía se conserva)', async () => {
      const created = await create({
        TRA_PLACA: '  pba-1234 ',
        TRA_CORREOS: [' Despacho@Litoral.ec ', 'despacho@litoral.ec'],
        TRA_TELEFONOS: ['04 234 5678'],
        TRA_DIRECCION: 'Km 10 vía a Daule, Guayaquil',
        TRA_OBSERVACION: 'Camión de 8 toneladas',
      });
      expect(created).toMatchObject({
        TRA_TIPO_IDENTIFICACION: '04',
        TRA_RAZON_SOCIAL: 'TRANSPORTES DEL LITORAL S.A.',
        TRA_PLACA: 'PBA-1234',
        TRA_CORREOS: ['despacho@litoral.ec'],
        TRA_TELEFONOS: ['04 234 5678'],
        TRA_DIRECCION: 'Km 10 vía a Daule, Guayaquil',
        TRA_ACTIVO: true,
      });
      const one = await call('GET', `/${created.TRA_CODIGO}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(created);

      const edited = await call('PUT', `/${created.TRA_CODIGO}`, andina.token, {
        TRA_TIPO_IDENTIFICACION: '04',
        TRA_IDENTIFICACION: created.TRA_IDENTIFICACION,
        TRA_RAZON_SOCIAL: 'TRANSPORTES DEL LITORAL S.A.',
        TRA_PLACA: 'gsa-0001',
        TRA_ACTIVO: false,
        TRA_DIRECCION: null,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({
        TRA_PLACA: 'GSA-0001',
        TRA_ACTIVO: false,
        TRA_DIRECCION: null,
        TRA_CORREOS: ['despacho@litoral.ec'],
        TRA_OBSERVACION: 'Camión de 8 toneladas',
      });
    });

    it('valida la identificación, el nombre, la placa y el contacto con mensajes en español; el dígito verificador pide confirmación (422)', async () => {
      const bad = async (body: object, status: number, msg: string) => {
        const res = await call('POST', '', andina.token, valid(body));
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().msg).toBe(msg);
        return res;
      };
      await bad({ TRA_IDENTIFICACION: '09923' }, 400, 'El RUC debe tener 13 dígitos numéricos');
      await bad({ TRA_TIPO_IDENTIFICACION: '05', TRA_IDENTIFICACION: '17A0000001' }, 400, 'La cédula debe tener 10 dígitos numéricos');
      await bad(
        { TRA_TIPO_IDENTIFICACION: '06', TRA_IDENTIFICACION: 'a#' },
        400,
        'El pasaporte o la identificación del exterior debe tener de 3 a 20 letras o números',
      );
      await bad({ TRA_TIPO_IDENTIFICACION: '07', TRA_IDENTIFICACION: '9999999999999' }, 400, TRANSPORTISTA_MSG.tipoIdentificacion);
      await bad({ TRA_IDENTIFICACION: '9999999999999' }, 400, TRANSPORTISTA_MSG.consumidorFinal);
      await bad({ TRA_IDENTIFICACION: '   ' }, 400, TRANSPORTISTA_MSG.identificacionRequerida);
      await bad({ TRA_RAZON_SOCIAL: '   ' }, 400, TRANSPORTISTA_MSG.razonSocialRequerida);
      await bad({ TRA_PLACA: '   ' }, 400, TRANSPORTISTA_MSG.placaRequerida);
      await bad({ TRA_PLACA: 'X'.repeat(21) }, 400, TRANSPORTISTA_MSG.placaLarga);
      await bad({ TRA_PLACA: 'X'.repeat(61) }, 400, TRANSPORTISTA_MSG.placaLarga);
      await bad({ TRA_CORREOS: ['no-es-correo'] }, 400, TRANSPORTISTA_MSG.correoInvalido);
      await bad({ TRA_CORREOS: Array.from({ length: 11 }, (_, i) => `c${i}@x.ec`) }, 400, TRANSPORTISTA_MSG.demasiadosCorreos);
      await bad({ TRA_TELEFONOS: ['abc'] }, 400, TRANSPORTISTA_MSG.telefonoInvalido);
      await bad({ TRA_TELEFONOS: ['1', '2', '3', '4', '5', '6'] }, 400, TRANSPORTISTA_MSG.demasiadosTelefonos);
      const missing = await call('POST', '', andina.token, {
        TRA_TIPO_IDENTIFICACION: '04',
        TRA_IDENTIFICACION: rucSociedad(),
        TRA_RAZON_SOCIAL: 'X',
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().msg).toContain('TRA_PLACA');

      const warned = await bad(
        { TRA_IDENTIFICACION: '0990000000001' },
        422,
        'El dígito verificador del RUC no es válido; verifique el número antes de continuar',
      );
      expect(warned.json().code).toBe('ADVERTENCIA_IDENTIFICACION');
      const accepted = await call('POST', '', andina.token, valid({ TRA_IDENTIFICACION: '0990000000001', aceptarAdvertencia: true }));
      expect(accepted.statusCode, accepted.body).toBe(201);
      // Editing it without touching the number does not ask again.
      const kept = await call('PUT', `/${accepted.json().TRA_CODIGO}`, andina.token, valid({ TRA_IDENTIFICACION: '0990000000001' }));
      expect(kept.statusCode, kept.body).toBe(200);
      // A passport is free text, kept in capitals: the same one typed otherwise is a duplicate.
      const passport = await create({ TRA_TIPO_IDENTIFICACION: '06', TRA_IDENTIFICACION: 'ab12345' });
      expect(passport.TRA_IDENTIFICACION).toBe('AB12345');
      await bad({ TRA_TIPO_IDENTIFICACION: '06', TRA_IDENTIFICACION: 'AB12345' }, 409, TRANSPORTISTA_MSG.identificacionRepetida);
      const driver = await create({ TRA_TIPO_IDENTIFICACION: '05', TRA_IDENTIFICACION: cedula(), TRA_RAZON_SOCIAL: 'JUAN PÉREZ' });
      expect(driver.TRA_TIPO_IDENTIFICACION).toBe('05');
    });

    it('no repite una identificación en la empresa (409), pero otra empresa puede tenerla', async () => {
      const first = await create();
      const again = await call('POST', '', andina.token, valid({ TRA_IDENTIFICACION: first.TRA_IDENTIFICACION }));
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toBe('Ya existe un transportista con esa identificación en su empresa');
      const other = await create();
      const toFirst = await call('PUT', `/${other.TRA_CODIGO}`, andina.token, valid({ TRA_IDENTIFICACION: first.TRA_IDENTIFICACION }));
      expect(toFirst.statusCode).toBe(409);
      await create({ TRA_IDENTIFICACION: first.TRA_IDENTIFICACION }, tornillo.token);
    });

    it('el transportista de otra empresa, o uno que no existe, responde 404 y no cambia', async () => {
      const ajeno = await create({}, tornillo.token);
      for (const [method, url] of [
        ['GET', `/${ajeno.TRA_CODIGO}`],
        ['PUT', `/${ajeno.TRA_CODIGO}`],
        ['DELETE', `/${ajeno.TRA_CODIGO}`],
        ['GET', '/99999999'],
      ] as const) {
        const res = await call(method, url, andina.token, method === 'PUT' ? valid() : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().msg).toBe(MSG.notFound);
      }
      const [stored] = await t.db.select().from(transportistas).where(eq(transportistas.TRA_CODIGO, ajeno.TRA_CODIGO));
      expect(stored?.TRA_RAZON_SOCIAL).toBe(ajeno.TRA_RAZON_SOCIAL);
      expect((await list({ id: [ajeno.TRA_CODIGO] })).rows).toEqual([]);
    });

    it('elimina un transportista libre; si una guía de remisión lo nombra responde 409 y se puede desactivar', async () => {
      const libre = await create();
      const del = await call('DELETE', `/${libre.TRA_CODIGO}`);
      expect(del.statusCode, del.body).toBe(200);
      expect(del.json()).toEqual({ msg: TRANSPORTISTA_MSG.eliminado });
      expect((await call('GET', `/${libre.TRA_CODIGO}`)).statusCode).toBe(404);

      const conGuia = await create();
      await t.db.insert(facturas).values({
        EMP_CODIGO: andina.COM_CODIGO,
        PEM_CODIGO: await puntoPrincipal(t, andina.COM_CODIGO),
        TRA_CODIGO: conGuia.TRA_CODIGO,
        FAC_TIPO: '06',
        FAC_FECHA: '2026-11-20',
      });
      const refused = await call('DELETE', `/${conGuia.TRA_CODIGO}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().msg).toBe(TRANSPORTISTA_MSG.conGuias);
      expect(refused.json().msg).toContain('desactívelo en su lugar');
      const off = await call('PUT', `/${conGuia.TRA_CODIGO}`, andina.token, {
        TRA_TIPO_IDENTIFICACION: '04',
        TRA_IDENTIFICACION: conGuia.TRA_IDENTIFICACION,
        TRA_RAZON_SOCIAL: conGuia.TRA_RAZON_SOCIAL,
        TRA_PLACA: conGuia.TRA_PLACA,
        TRA_ACTIVO: false,
      });
      expect(off.statusCode).toBe(200);
      expect(off.json().TRA_ACTIVO).toBe(false);
    });

    it('todos los roles de la empresa leen y gestionan transportistas (un vendedor también)', async () => {
      for (const rol of ['vendedor', 'contador'] as const) {
        const token = tokens[rol];
        const mine = await create({ TRA_RAZON_SOCIAL: `CHOFER DEL ${rol.toUpperCase()}` }, token);
        expect((await call('GET', `/${mine.TRA_CODIGO}`, token)).statusCode).toBe(200);
        expect((await list({ id: [mine.TRA_CODIGO] }, undefined, token)).rows).toHaveLength(1);
        const edited = await call(
          'PUT',
          `/${mine.TRA_CODIGO}`,
          token,
          valid({ TRA_IDENTIFICACION: mine.TRA_IDENTIFICACION, TRA_PLACA: 'ABC-123' }),
        );
        expect(edited.statusCode, edited.body).toBe(200);
        expect((await call('GET', '/exportar?formato=csv', token)).statusCode).toBe(200);
        expect((await call('GET', '/plantilla?formato=csv', token)).statusCode).toBe(200);
        expect((await call('DELETE', `/${mine.TRA_CODIGO}`, token)).statusCode).toBe(200);
      }
    });
  });

  describe('lista, filtros y exportación', () => {
    it('busca por nombre sin tildes ni mayúsculas, por identificación y por placa; filtra por activo y tipo; ordena', async () => {
      const marca = `ZQX${randomInt(1000, 9999)}`;
      const a = await create({ TRA_RAZON_SOCIAL: `TRANSPORTES ${marca} ÁLAMO`, TRA_PLACA: `P${marca}` });
      const b = await create({ TRA_RAZON_SOCIAL: `CARGA ${marca} BETA`, TRA_ACTIVO: false });
      const c = await create({ TRA_TIPO_IDENTIFICACION: '05', TRA_IDENTIFICACION: cedula(), TRA_RAZON_SOCIAL: `DAVID ${marca}` });

      expect((await list({ q: `transportes ${marca.toLowerCase()} alamo` })).rows.map((r) => r.TRA_CODIGO)).toEqual([a.TRA_CODIGO]);
      expect((await list({ q: a.TRA_IDENTIFICACION })).rows.map((r) => r.TRA_CODIGO)).toEqual([a.TRA_CODIGO]);
      expect((await list({ q: `p${marca.toLowerCase()}` })).rows.map((r) => r.TRA_CODIGO)).toEqual([a.TRA_CODIGO]);
      const byName = await list({ q: marca }, ['TRA_RAZON_SOCIAL', 'ASC']);
      expect(byName.rows.map((r) => r.TRA_CODIGO)).toEqual([b.TRA_CODIGO, c.TRA_CODIGO, a.TRA_CODIGO]);
      expect(byName.range).toMatch(/^transportistas 0-2\/3$/);
      expect((await list({ q: marca, TRA_ACTIVO: false })).rows.map((r) => r.TRA_CODIGO)).toEqual([b.TRA_CODIGO]);
      expect((await list({ q: marca, TRA_TIPO_IDENTIFICACION: '05' })).rows.map((r) => r.TRA_CODIGO)).toEqual([c.TRA_CODIGO]);
      expect((await list({ q: marca }, ['TRA_CODIGO', 'DESC'])).rows.map((r) => r.TRA_CODIGO)).toEqual([
        c.TRA_CODIGO,
        b.TRA_CODIGO,
        a.TRA_CODIGO,
      ]);
      // Another company's list never shows them.
      expect((await list({ q: marca }, undefined, tornillo.token)).rows).toEqual([]);

      const wrong = await call('GET', `?filter=${encodeURIComponent(JSON.stringify({ TRA_TIPO_IDENTIFICACION: '07' }))}`);
      expect(wrong.statusCode).toBe(400);
      expect(typeof wrong.json().msg).toBe('string');
    });

    it('exporta la lista filtrada en CSV y en Excel', async () => {
      const marca = `EXP${randomInt(1000, 9999)}`;
      const a = await create({ TRA_RAZON_SOCIAL: `FLETES ${marca}`, TRA_CORREOS: ['a@fletes.ec', 'b@fletes.ec'], TRA_PLACA: 'gbc-0999' });
      await create({ TRA_RAZON_SOCIAL: `OTRO ${marca}`, TRA_ACTIVO: false });
      await create({ TRA_RAZON_SOCIAL: `AJENO ${marca}` }, tornillo.token);
      const filter = encodeURIComponent(JSON.stringify({ q: marca, TRA_ACTIVO: true }));
      const csv = await call('GET', `/exportar?formato=csv&filter=${filter}`);
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.headers['content-disposition']).toMatch(/transportistas-\d{4}-\d{2}-\d{2}\.csv/);
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Tipo de identificación,Identificación,Razón social,Placa,Correos,Teléfonos,Dirección,Activo,Observación,Creado',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`RUC,${a.TRA_IDENTIFICACION},FLETES ${marca},GBC-0999,a@fletes.ec; b@fletes.ec,,,Sí,`);

      const xlsx = await call('GET', `/exportar?formato=xlsx&filter=${filter}`);
      expect(xlsx.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = book.getWorksheet('Transportistas')!;
      expect(sheet.getRow(2).getCell(3).value).toBe(`FLETES ${marca}`);
      expect(sheet.getRow(2).getCell(4).value).toBe('GBC-0999');
      expect(sheet.rowCount).toBe(2);

      const badFormat = await call('GET', '/exportar?formato=pdf');
      expect(badFormat.statusCode).toBe(400);
      expect(badFormat.json().msg).toBe('El formato debe ser csv o xlsx');
    });
  });

  describe('consultas del formulario', () => {
    it('apiRuc responde desde los transportistas de la empresa (existente) o desde el servicio de RUC; 404 y 503 en español', async () => {
      const propio = await create({ TRA_CORREOS: ['flota@propio.ec'] });
      const own = await call('GET', `/apiRuc/${propio.TRA_IDENTIFICACION}`);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json()).toMatchObject({
        fuente: 'transportistas',
        existente: propio.TRA_CODIGO,
        transportista: { TRA_CORREOS: ['flota@propio.ec'] },
      });

      const nuevo = rucSociedad();
      stubs.ruc1.answer(nuevo, [sriTaxpayer(nuevo)]);
      const remote = await call('GET', `/apiRuc/${nuevo}`);
      expect(remote.statusCode, remote.body).toBe(200);
      expect(remote.json()).toMatchObject({
        fuente: 'servicio1',
        transportista: {
          TRA_TIPO_IDENTIFICACION: '04',
          TRA_IDENTIFICACION: nuevo,
          TRA_RAZON_SOCIAL: 'DISTRIBUIDORA DEL LITORAL DISLIT S.A.',
        },
      });

      const missing = await call('GET', `/apiRuc/${rucSociedad()}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ msg: TRANSPORTISTA_MSG.noEncontrado, titulo: 'Atencion' });

      await stubs.ruc1.setMode('down');
      await stubs.ruc2.setMode('error');
      const down = await call('GET', `/apiRuc/${rucSociedad()}`);
      expect(down.statusCode).toBe(503);
      expect(down.json().msg).toBe('Por el momento no hay disponibilidad en el SRI, ingrese los datos manualmente por favor.');

      const id = cedula();
      stubs.cedula.answer(id, cedulaPerson(id));
      const person = await call('GET', `/apiCedula/${id}`);
      expect(person.statusCode, person.body).toBe(200);
      expect(person.json()).toMatchObject({
        fuente: 'cedula',
        transportista: { TRA_TIPO_IDENTIFICACION: '05', TRA_RAZON_SOCIAL: 'PEREZ LOPEZ JUAN CARLOS' },
      });
    });
  });

  describe('importación', () => {
    const upload = (name: string, content: Buffer | string, token = andina.token) => {
      const form = multipart('current', name, Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'));
      return t.app.inject({ method: 'POST', url: `${URL}/import`, headers: { 'x-token': token, ...form.headers }, payload: form.payload });
    };

    it('importa un CSV: filas buenas, las malas con su línea y motivo, y una segunda importación actualiza', async () => {
      const r1 = rucSociedad();
      const r2 = rucSociedad();
      // El Oro (07): a spreadsheet drops its leading zero.
      const ced = cedulaValida(++serial * 89 + randomInt(0, 80), '070');
      const csv = [
        'identificacion;razon_social;placa;correos;telefonos',
        `${r1};FLETES DEL NORTE S.A.; pbc-1234 ;flota@fletes.ec;02-234-5678`,
        `${ced.slice(1)};PEDRO PÉREZ;GSB-0001;;`,
        `A#1;MAL NÚMERO;ABC-123;;`,
        `${r2};;;no-es-correo;`,
        `${rucSociedad()};PLACA LARGA;${'X'.repeat(21)};;`,
        `${r1};REPETIDO;XYZ-999;;`,
      ].join('\r\n');
      const res = await upload('transportistas.csv', csv);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ total: 6, creados: 2, actualizados: 0, advertencias: 0, erroresOmitidos: 0 });
      expect(body.errores).toEqual([
        { linea: 4, identificacion: 'A#1', motivo: 'El pasaporte o la identificación del exterior debe tener de 3 a 20 letras o números' },
        {
          linea: 5,
          identificacion: r2,
          motivo: `${TRANSPORTISTA_MSG.razonSocialRequerida}; ${TRANSPORTISTA_MSG.placaRequerida}; ${TRANSPORTISTA_MSG.correoInvalido}`,
        },
        { linea: 6, identificacion: expect.any(String), motivo: TRANSPORTISTA_MSG.placaLarga },
        { linea: 7, identificacion: r1, motivo: 'La identificación ya figura en la línea 2 de este archivo' },
      ]);
      const [fletes] = await t.db.select().from(transportistas).where(eq(transportistas.TRA_IDENTIFICACION, r1));
      expect(fletes).toMatchObject({
        EMP_CODIGO: andina.COM_CODIGO,
        TRA_TIPO_IDENTIFICACION: '04',
        TRA_PLACA: 'PBC-1234',
        TRA_CORREOS: ['flota@fletes.ec'],
        TRA_TELEFONOS: ['02 234 5678'],
      });
      // The cédula lost its leading zero in a spreadsheet and got it back.
      const [pedro] = await t.db.select().from(transportistas).where(eq(transportistas.TRA_IDENTIFICACION, ced));
      expect(pedro?.TRA_TIPO_IDENTIFICACION).toBe('05');

      const again = await upload(
        'transportistas.csv',
        `identificacion,razon_social,placa\r\n${r1},FLETES DEL NORTE CIA. LTDA.,PBC-9999\r\n`,
      );
      expect(again.json()).toMatchObject({ total: 1, creados: 0, actualizados: 1, errores: [] });
      const [updated] = await t.db.select().from(transportistas).where(eq(transportistas.TRA_IDENTIFICACION, r1));
      // A column the file does not have keeps its value.
      expect(updated).toMatchObject({
        TRA_RAZON_SOCIAL: 'FLETES DEL NORTE CIA. LTDA.',
        TRA_PLACA: 'PBC-9999',
        TRA_CORREOS: ['flota@fletes.ec'],
      });
      // Another company's import never touches this one's carriers.
      const ajena = await upload('t.csv', `identificacion,razon_social,placa\r\n${r1},OTRA EMPRESA,AAA-111\r\n`, tornillo.token);
      expect(ajena.json()).toMatchObject({ creados: 1, actualizados: 0 });
      const [still] = await t.db.select().from(transportistas).where(eq(transportistas.TRA_CODIGO, updated!.TRA_CODIGO));
      expect(still?.TRA_RAZON_SOCIAL).toBe('FLETES DEL NORTE CIA. LTDA.');
    });

    it('rechaza un archivo sin columna obligatoria, vacío o de otro tipo (400); la plantilla Excel, llenada, se importa', async () => {
      const noColumn = await upload('t.csv', 'identificacion;razon_social\r\n0990000000001;ALGO\r\n');
      expect(noColumn.statusCode).toBe(400);
      expect(noColumn.json().msg).toBe('Falta la columna placa en la cabecera del archivo; descargue la plantilla para ver las columnas');
      const empty = await upload('t.csv', 'identificacion;razon_social;placa\r\n');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().msg).toBe('El archivo no tiene filas de datos');
      const pdf = await upload('t.pdf', '%PDF-1.4');
      expect(pdf.statusCode).toBe(400);
      expect(pdf.json().msg).toBe('Solo se aceptan archivos CSV (separados por comas o punto y coma) o Excel (.xlsx)');

      const csv = await call('GET', '/plantilla?formato=csv');
      expect(csv.statusCode).toBe(200);
      expect(csv.body.replace(/^\uFEFF/, '').trim()).toBe(
        'tipo_identificacion;identificacion;razon_social;placa;correos;telefonos;direccion;activo;observacion',
      );
      const xlsx = await call('GET', '/plantilla?formato=xlsx');
      expect(xlsx.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      expect(book.getWorksheet('Instrucciones')).toBeTruthy();
      const sheet = book.getWorksheet('Transportistas')!;
      expect(sheet.getRow(1).getCell(4).value).toBe('placa');
      const ruc = rucSociedad();
      const pasaporte = `px${randomInt(10000, 99999)}`;
      sheet.addRow(['RUC', ruc, 'DESDE LA PLANTILLA S.A.', 'gcd-4321', '', '', '', 'Sí', '']);
      sheet.addRow(['Pasaporte', pasaporte, 'CHOFER EXTRANJERO', '', '', '', '', 'No', '']);
      sheet.addRow(['', '0990000000001', 'DÍGITO MALO S.A.', 'GCE-1', '', '', '', 'Talvez', '']);
      const filled = await upload('plantilla.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
      expect(filled.statusCode, filled.body).toBe(200);
      expect(filled.json()).toMatchObject({
        total: 3,
        creados: 1,
        errores: [
          { linea: 3, identificacion: pasaporte.toUpperCase(), motivo: TRANSPORTISTA_MSG.placaRequerida },
          { linea: 4, identificacion: '0990000000001', motivo: 'La columna activo debe decir Sí o No' },
        ],
      });
      const [row] = await t.db.select().from(transportistas).where(eq(transportistas.TRA_IDENTIFICACION, ruc));
      expect(row).toMatchObject({ TRA_PLACA: 'GCD-4321', TRA_ACTIVO: true, EMP_CODIGO: andina.COM_CODIGO });
    });
  });
});
