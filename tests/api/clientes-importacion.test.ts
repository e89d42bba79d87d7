import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { multipart, startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginAdmin, loginCompany } from '../helpers/accounts';
import { clientes, gruposCliente, usuarios } from '../../server/infra/db/schema';
import { hashPassword } from '../../server/infra/passwords';
import { MSG } from '../../domain/messages';
import {
  checkClientIdentification,
  CLIENTE_MSG,
  COLUMNAS_IMPORTACION,
  CONSUMIDOR_FINAL,
  IMPORTACION_CLIENTES,
} from '../../domain/clientes';

type Resultado = {
  total: number;
  creados: number;
  actualizados: number;
  advertencias: number;
  errores: Array<{ linea: number; identificacion: string; motivo: string }>;
  erroresOmitidos: number;
};

/** A cédula that passes every rule (province `province`, third digit 1, módulo 10), from a serial number. */
function cedula(serial: number, province = '17'): string {
  const base = `${province}1${String(serial).padStart(6, '0')}`;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let product = Number(base[i]) * (i % 2 === 0 ? 2 : 1);
    if (product > 9) product -= 9;
    sum += product;
  }
  return `${base}${(10 - (sum % 10)) % 10}`;
}
const wrongCheckDigit = (value: string) => `${value.slice(0, 9)}${(Number(value[9]) + 1) % 10}`;
const HEADERS = COLUMNAS_IMPORTACION.map((c) => c.campo);

describe.each(testDatabases)('clientes: importación desde CSV y Excel (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let andina: number;
  let tornillo: { token: string; COM_CODIGO: number };
  let seller: string;
  let sellerId: number;
  let otherSellerId: number;
  let grupo: number;
  let serial = 100_000 + Math.floor(Math.random() * 400_000);
  const next = (province?: string) => cedula(++serial, province);

  beforeAll(async () => {
    t = await startTestApp(kind);
    const session = await loginCompany(t);
    admin = session.token;
    andina = session.COM_CODIGO;
    tornillo = await loginCompany(t, COMPANIES.tornillo);
    const clave = await hashPassword(COMPANIES.andina.clave);
    const users = await t.db
      .insert(usuarios)
      .values([
        { COM_CODIGO: andina, USU_USUARIO: 'imp.vendedora', USU_CLAVE: clave, USU_NOMBRE: 'María Vendedora', USU_ROL: 'vendedor' },
        { COM_CODIGO: andina, USU_USUARIO: 'imp.vendedor2', USU_CLAVE: clave, USU_NOMBRE: 'Pedro Vendedor', USU_ROL: 'vendedor' },
      ])
      .returning({ id: usuarios.USU_CODIGO });
    [sellerId, otherSellerId] = users.map((u) => u.id);
    seller = (await loginCompany(t, { ruc: COMPANIES.andina.ruc, usuario: 'imp.vendedora', clave: COMPANIES.andina.clave })).token;
    [{ GCL_CODIGO: grupo }] = await t.db.insert(gruposCliente).values({ EMP_CODIGO: andina, GCL_NOMBRE: 'Mayoristas Sierra' }).returning();
  });
  afterAll(() => t.close());

  const upload = (name: string, content: Buffer | string, token: string | null = admin) => {
    const form = multipart('current', name, Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'));
    return t.app.inject({
      method: 'POST',
      url: '/api/clientes/import',
      headers: { ...form.headers, ...(token ? { 'x-token': token } : {}) },
      payload: form.payload,
    });
  };
  const importOk = async (name: string, content: Buffer | string, token = admin) => {
    const res = await upload(name, content, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Resultado;
  };
  const expectError = (res: { statusCode: number; body: string }, status: number, msg: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(JSON.parse(res.body).msg).toBe(msg);
  };
  const clientOf = async (empresa: number, identificacion: string) =>
    (
      await t.db
        .select()
        .from(clientes)
        .where(and(eq(clientes.EMP_CODIGO, empresa), eq(clientes.CLI_IDENTIFICACION, identificacion)))
    )[0];
  const countOf = async (empresa: number) =>
    Number(
      (
        await t.db
          .select({ n: sql<number>`count(*)` })
          .from(clientes)
          .where(eq(clientes.EMP_CODIGO, empresa))
      )[0].n,
    );

  it('importa un CSV con filas buenas y malas: guarda las buenas y da la línea y el motivo de cada mala', async () => {
    const ruc = `${next()}001`;
    const conAdvertencia = wrongCheckDigit(next());
    const sinCero = next('09');
    const lines = [
      HEADERS.join(';'),
      `04;${ruc};Comercial Pérez S.A.;Pérez Market;ventas@perez.ec, Compras@Perez.ec;02-234-5678;Av. Amazonas N23;Mayorista;mayoristas sierra;;30;1.500,50;Sí;Cliente antiguo`,
      `05;12345;Cédula corta;;;;;;;;;;;`,
      `;${next()};;;;;;;;;;;;`,
      `;${next()};Correo malo;;no-es-correo;;;;;;;;;`,
      ``,
      `;${conAdvertencia};Dígito Malo;;;;;;;;;;;`,
      `;${CONSUMIDOR_FINAL};Consumidor final;;;;;;;;;;;`,
      `;${next()};Grupo inexistente;;;;;;No existe;;;;;`,
      `;${sinCero.slice(1)};Sin cero inicial;;;;;;;;;;;`,
      `;${next()};Días malos;;;;;;;;400;abc;quizás;`,
    ];
    const before = await countOf(andina);
    const result = await importOk('clientes.csv', `\uFEFF${lines.join('\r\n')}\r\n`);
    expect(result).toMatchObject({ total: 9, creados: 3, actualizados: 0, advertencias: 1, erroresOmitidos: 0 });
    expect(result.errores).toEqual([
      { linea: 3, identificacion: '12345', motivo: checkClientIdentification('05', '12345').error },
      { linea: 4, identificacion: expect.any(String), motivo: CLIENTE_MSG.razonSocialRequerida },
      { linea: 5, identificacion: expect.any(String), motivo: CLIENTE_MSG.correoInvalido },
      { linea: 8, identificacion: CONSUMIDOR_FINAL, motivo: CLIENTE_MSG.consumidorFinal },
      { linea: 9, identificacion: expect.any(String), motivo: CLIENTE_MSG.grupoInvalido },
      {
        linea: 11,
        identificacion: expect.any(String),
        motivo: `Los días de crédito deben ser un número entero de 0 a 365; ${CLIENTE_MSG.limiteCreditoInvalido}; La columna activo debe decir Sí o No`,
      },
    ]);
    expect(await countOf(andina)).toBe(before + 3);
    // The home's count follows a bulk import (the counters' triggers see the whole batch).
    const totales = await t.app.inject({ method: 'GET', url: '/api/clientes/totalClientes', headers: { 'x-token': admin } });
    expect(totales.json().total).toBe(before + 3);
    expect(await clientOf(andina, ruc)).toMatchObject({
      CLI_TIPO_IDENTIFICACION: '04',
      CLI_RAZON_SOCIAL: 'Comercial Pérez S.A.',
      CLI_NOMBRE_COMERCIAL: 'Pérez Market',
      CLI_CORREOS: ['ventas@perez.ec', 'compras@perez.ec'],
      CLI_TELEFONOS: ['02 234 5678'],
      CLI_DIRECCION: 'Av. Amazonas N23',
      TCL_CODIGO: 2,
      GCL_CODIGO: grupo,
      CLI_DIAS_CREDITO: 30,
      CLI_LIMITE_CREDITO: '1500.50',
      CLI_ACTIVO: true,
      CLI_OBSERVACION: 'Cliente antiguo',
      CLI_VENDEDOR: null,
    });
    // A cédula whose leading zero a spreadsheet dropped gets it back; a failed check digit is saved (a warning).
    expect(await clientOf(andina, sinCero)).toMatchObject({ CLI_TIPO_IDENTIFICACION: '05', CLI_RAZON_SOCIAL: 'Sin cero inicial' });
    expect(await clientOf(andina, conAdvertencia)).toMatchObject({ CLI_RAZON_SOCIAL: 'Dígito Malo' });
  });

  it('el mismo archivo dos veces actualiza y no duplica; una columna que no está no cambia ese dato', async () => {
    const a = next();
    const b = `${next()}001`;
    const first = ['identificacion,razon_social,correos,dias_credito', `${a},Ana Torres,ana@correo.ec,15`, `${b},Torres Hnos,,0`].join(
      '\n',
    );
    expect(await importOk('dos.csv', first)).toMatchObject({ total: 2, creados: 2, actualizados: 0, errores: [] });
    const count = await countOf(andina);
    expect(await importOk('dos.csv', first)).toMatchObject({ total: 2, creados: 0, actualizados: 2, errores: [] });
    expect(await countOf(andina)).toBe(count);
    // Changed names, and without the correos and dias_credito columns: those stay as they were.
    const second = ['Identificación,Razón Social', `${a},Ana María Torres`, `${b},Torres Hermanos`].join('\n');
    expect(await importOk('dos.csv', second)).toMatchObject({ creados: 0, actualizados: 2 });
    expect(await countOf(andina)).toBe(count);
    expect(await clientOf(andina, a)).toMatchObject({
      CLI_RAZON_SOCIAL: 'Ana María Torres',
      CLI_CORREOS: ['ana@correo.ec'],
      CLI_DIAS_CREDITO: 15,
    });
    expect(await clientOf(andina, b)).toMatchObject({ CLI_RAZON_SOCIAL: 'Torres Hermanos', CLI_TIPO_IDENTIFICACION: '04' });
  });

  it('la misma identificación dos veces en un archivo: la segunda fila actualiza a la primera', async () => {
    const a = next();
    const csv = ['identificacion;razon_social', `${a};Primera`, `${a};Segunda`].join('\n');
    expect(await importOk('repetida.csv', csv)).toMatchObject({ total: 2, creados: 1, actualizados: 1, errores: [] });
    expect(await clientOf(andina, a)).toMatchObject({ CLI_RAZON_SOCIAL: 'Segunda' });
  });

  it('importa un Excel (.xlsx): números como celdas numéricas, un título encima de la cabecera, y una fila mala con su número de fila', async () => {
    const a = next('01');
    const b = next();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Mis clientes');
    sheet.addRow(['Listado de clientes para Amelia']);
    sheet.addRow(['Identificación', 'Razón social', 'Teléfonos', 'Días de crédito', 'Límite de crédito', 'Columna propia', 'Vendedor']);
    sheet.addRow([Number(a), 'Luis Andrade', '0991234567', 45, 2500.5, 'lo que sea', 'imp.vendedor2']);
    sheet.addRow([b, { richText: [{ text: 'Rosa ' }, { text: 'Mora' }] }, null, null, null, null, 'María Vendedora']);
    sheet.addRow(['ABC', 'Pasaporte corto', null, null, null, null, 'nadie']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const result = await importOk('clientes.xlsx', xlsx);
    expect(result).toMatchObject({ total: 3, creados: 2, actualizados: 0, erroresOmitidos: 0 });
    expect(result.errores).toEqual([{ linea: 5, identificacion: 'ABC', motivo: CLIENTE_MSG.vendedorInvalido }]);
    expect(await clientOf(andina, a)).toMatchObject({
      CLI_RAZON_SOCIAL: 'Luis Andrade',
      CLI_TELEFONOS: ['0991234567'],
      CLI_DIAS_CREDITO: 45,
      CLI_LIMITE_CREDITO: '2500.50',
      CLI_VENDEDOR: otherSellerId,
    });
    // A seller can be named by their user name or, when no other seller shares it, their name.
    expect(await clientOf(andina, b)).toMatchObject({ CLI_RAZON_SOCIAL: 'Rosa Mora', CLI_VENDEDOR: sellerId });
  });

  it('las plantillas CSV y Excel traen la cabecera en español y, llenas, se importan', async () => {
    const csv = await t.app.inject({ method: 'GET', url: '/api/clientes/import/plantilla?formato=csv', headers: { 'x-token': admin } });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('plantilla-clientes.csv');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, '').trim());
    expect(parsed.data[0]).toEqual(HEADERS);
    const filled = `${csv.body}${HEADERS.map((h) => (h === 'identificacion' ? next() : h === 'razon_social' ? 'Desde plantilla CSV' : '')).join(';')}\r\n`;
    expect(await importOk('plantilla.csv', filled)).toMatchObject({ creados: 1, errores: [] });

    const xlsx = await t.app.inject({ method: 'GET', url: '/api/clientes/import/plantilla?formato=xlsx', headers: { 'x-token': admin } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('plantilla-clientes.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(HEADERS);
    const help = workbook.getWorksheet('Instrucciones')!;
    const helpText = help.getSheetValues().flat().join(' ');
    expect(helpText).toContain('Mayoristas Sierra');
    expect(helpText).toContain('Mayorista');
    const id = next();
    sheet.addRow(
      HEADERS.map((h) =>
        h === 'identificacion' ? id : h === 'razon_social' ? 'Desde plantilla Excel' : h === 'grupo' ? 'Mayoristas Sierra' : null,
      ),
    );
    const result = await importOk('plantilla.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(result).toMatchObject({ total: 1, creados: 1, errores: [] });
    expect(await clientOf(andina, id)).toMatchObject({ GCL_CODIGO: grupo });

    expectError(
      await t.app.inject({ method: 'GET', url: '/api/clientes/import/plantilla?formato=pdf', headers: { 'x-token': admin } }),
      400,
      'El formato debe ser csv o xlsx',
    );
  });

  it('un archivo que no es CSV ni Excel, sin la columna obligatoria, vacío o sin archivo: 400 en español', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n');
    expectError(await upload('clientes.pdf', pdf), 400, IMPORTACION_CLIENTES.typeMessage);
    expectError(await upload('clientes.csv', pdf), 400, IMPORTACION_CLIENTES.typeMessage);
    expectError(await upload('clientes.xlsx', 'identificacion,razon_social\n'), 400, IMPORTACION_CLIENTES.typeMessage);
    expectError(await upload('clientes.xlsx', Buffer.from('PK\u0003\u0004 roto')), 400, IMPORTACION_CLIENTES.archivoDanado);
    expectError(
      await upload('clientes.csv', `identificacion;nombre_comercial\n${next()};X\n`),
      400,
      IMPORTACION_CLIENTES.faltaColumna(['razon_social']),
    );
    expectError(await upload('clientes.csv', 'a,b\n1,2\n'), 400, IMPORTACION_CLIENTES.faltaColumna(['identificacion', 'razon_social']));
    expectError(await upload('clientes.csv', 'identificacion,razon_social\r\n'), 400, IMPORTACION_CLIENTES.vacio);
    expectError(await upload('clientes.csv', ''), 400, IMPORTACION_CLIENTES.vacio);
    const noFile = multipart('otro', 'clientes.csv', Buffer.from('x'));
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/clientes/import',
        headers: { ...noFile.headers, 'x-token': admin },
        payload: noFile.payload,
      }),
      400,
      MSG.fileRequired,
    );
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/clientes/import',
      headers: { 'x-token': admin, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(60 * 1024 * 1024) },
      payload: '',
    });
    expect(huge.statusCode).toBe(413);
  });

  it('Windows-1252 (el "CSV" de Excel en Windows) se lee con sus tildes', async () => {
    const id = next();
    const latin1 = Buffer.from(`identificacion;razon_social\r\n${id};Ñandú Peñafiel\r\n`, 'latin1');
    expect(await importOk('ansi.csv', latin1)).toMatchObject({ creados: 1 });
    expect(await clientOf(andina, id)).toMatchObject({ CLI_RAZON_SOCIAL: 'Ñandú Peñafiel' });
  });

  it('solo toca la empresa del token: la misma identificación en otra empresa no cambia', async () => {
    const id = next();
    await t.db.insert(clientes).values({
      EMP_CODIGO: tornillo.COM_CODIGO,
      CLI_TIPO_IDENTIFICACION: '05',
      CLI_IDENTIFICACION: id,
      CLI_RAZON_SOCIAL: 'Cliente de El Tornillo',
    });
    const otherCount = await countOf(tornillo.COM_CODIGO);
    expect(await importOk('otra.csv', `identificacion,razon_social\n${id},Cliente de Andina\n`)).toMatchObject({ creados: 1 });
    expect(await clientOf(tornillo.COM_CODIGO, id)).toMatchObject({ CLI_RAZON_SOCIAL: 'Cliente de El Tornillo' });
    expect(await clientOf(andina, id)).toMatchObject({ CLI_RAZON_SOCIAL: 'Cliente de Andina' });
    expect(await countOf(tornillo.COM_CODIGO)).toBe(otherCount);
  });

  it('un vendedor importa clientes para sí y no puede actualizar los de otros vendedores ni los sin asignar', async () => {
    const own = next();
    const others = next();
    const unassigned = next();
    const fresh = next();
    await t.db.insert(clientes).values([
      { EMP_CODIGO: andina, CLI_TIPO_IDENTIFICACION: '05', CLI_IDENTIFICACION: own, CLI_RAZON_SOCIAL: 'Mío', CLI_VENDEDOR: sellerId },
      {
        EMP_CODIGO: andina,
        CLI_TIPO_IDENTIFICACION: '05',
        CLI_IDENTIFICACION: others,
        CLI_RAZON_SOCIAL: 'De Pedro',
        CLI_VENDEDOR: otherSellerId,
      },
      { EMP_CODIGO: andina, CLI_TIPO_IDENTIFICACION: '05', CLI_IDENTIFICACION: unassigned, CLI_RAZON_SOCIAL: 'Sin vendedor' },
    ]);
    const csv = [
      'identificacion,razon_social,vendedor',
      `${own},Mío editado,imp.vendedor2`,
      `${others},Quitado a Pedro,`,
      `${unassigned},Tomado,`,
      `${fresh},Nuevo de la vendedora,imp.vendedor2`,
    ].join('\n');
    const result = await importOk('vendedora.csv', csv, seller);
    expect(result).toMatchObject({ total: 4, creados: 1, actualizados: 1 });
    expect(result.errores).toEqual([
      { linea: 3, identificacion: others, motivo: IMPORTACION_CLIENTES.otroVendedor },
      { linea: 4, identificacion: unassigned, motivo: IMPORTACION_CLIENTES.otroVendedor },
    ]);
    expect(await clientOf(andina, own)).toMatchObject({ CLI_RAZON_SOCIAL: 'Mío editado', CLI_VENDEDOR: sellerId });
    expect(await clientOf(andina, fresh)).toMatchObject({ CLI_VENDEDOR: sellerId });
    expect(await clientOf(andina, others)).toMatchObject({ CLI_RAZON_SOCIAL: 'De Pedro', CLI_VENDEDOR: otherSellerId });
    expect(await clientOf(andina, unassigned)).toMatchObject({ CLI_RAZON_SOCIAL: 'Sin vendedor', CLI_VENDEDOR: null });
  });

  it('lista como máximo 1 000 errores y cuenta el resto', async () => {
    const rows = Array.from({ length: 1_005 }, (_, i) => `05;${1000 + i};Mala`);
    const result = await importOk('muchos.csv', ['tipo_identificacion;identificacion;razon_social', ...rows].join('\n'));
    expect(result).toMatchObject({ total: 1_005, creados: 0, erroresOmitidos: 5 });
    expect(result.errores).toHaveLength(IMPORTACION_CLIENTES.maxErrores);
    expect(result.errores[0].linea).toBe(2);
  });

  it('sin sesión 401; un token de administración 403', async () => {
    expect((await upload('a.csv', 'identificacion,razon_social\n', null)).statusCode).toBe(401);
    const adminToken = (await loginAdmin(t)).token;
    expect((await upload('a.csv', 'identificacion,razon_social\n', adminToken)).statusCode).toBe(403);
    const template = await t.app.inject({
      method: 'GET',
      url: '/api/clientes/import/plantilla?formato=csv',
      headers: { 'x-token': adminToken },
    });
    expect(template.statusCode).toBe(403);
  });
});
