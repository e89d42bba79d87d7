import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { multipart, startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { catalogo } from '../../server/infra/db/schema';
import { CATALOGO_MSG } from '../../domain/catalogo';
import { COLUMNAS_CATALOGO, IMPORTACION_CATALOGO } from '../../domain/catalogoImportacion';

type Resultado = {
  total: number;
  creados: number;
  actualizados: number;
  errores: Array<{ linea: number; codigo: string; motivo: string }>;
  erroresOmitidos: number;
};
const HEADERS = COLUMNAS_CATALOGO.map((c) => c.campo);

describe.each(testDatabases)('catalogo: importación desde CSV y Excel (%s)', (kind) => {
  let t: TestApp;
  let andina: string;
  let andinaId: number;
  let tornillo: string;
  let tornilloId: number;
  let costa: string;
  let serial = 0;
  /** A main code prefix no other test of this file uses. */
  const prefix = () => `IMP${++serial}-${kind.slice(0, 2)}`;

  const upload = (token: string, name: string, content: Buffer | string) => {
    const form = multipart('current', name, Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'));
    return t.app.inject({
      method: 'POST',
      url: '/api/catalogo/import',
      headers: { 'x-token': token, ...form.headers },
      payload: form.payload,
    });
  };
  const imported = async (token: string, name: string, content: Buffer | string) => {
    const res = await upload(token, name, content);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Resultado;
  };
  const products = (empresa: number, like: string) =>
    t.db
      .select()
      .from(catalogo)
      .where(and(eq(catalogo.EMP_CODIGO, empresa), sql`${catalogo.CAT_PRINCIPAL} ILIKE ${`${like}%`}`))
      .orderBy(catalogo.CAT_PRINCIPAL);
  const template = (token: string, formato: string) =>
    t.app.inject({ method: 'GET', url: `/api/catalogo/plantilla?formato=${formato}`, headers: { 'x-token': token } });

  beforeAll(async () => {
    t = await startTestApp(kind);
    ({ token: andina, COM_CODIGO: andinaId } = await loginCompany(t));
    ({ token: tornillo, COM_CODIGO: tornilloId } = await loginCompany(t, COMPANIES.tornillo));
    costa = (await loginCompany(t, COMPANIES.costa)).token;
  });
  afterAll(async () => t?.close());

  it('imports a CSV (semicolons, comma decimals, IVA labels, Bien/Servicio) and a second import updates by main code in any case', async () => {
    const p = prefix();
    const csv = [
      HEADERS.join(';'),
      `${p}-a;AUX1;Cemento gris 50 kg;Bien;"7,125";15 %;;;si`,
      `${p}-b;;Instalación por m²;S;12.5;0 %;;;no`,
      `${p}-c;;Cerveza 330 ml;B;1,123456;4;3031;"75,5";`,
      `${p}-d;;Asesoría;Servicio;40;No objeto;;;`,
      `${p}-e;;Libro;B;10;Exento;;;sí`,
    ].join('\r\n');
    const first = await imported(andina, 'productos.csv', `\uFEFF${csv}`);
    expect(first).toEqual({ total: 5, creados: 5, actualizados: 0, errores: [], erroresOmitidos: 0 });
    const rows = await products(andinaId, p);
    expect(rows.map((r) => [r.CAT_PRINCIPAL, r.CAT_TIPO, Number(r.CAT_PRECIO), r.CAT_IVA, r.CAT_ACTIVO])).toEqual([
      [`${p}-a`, 'B', 7.125, '4', true],
      [`${p}-b`, 'S', 12.5, '0', false],
      [`${p}-c`, 'B', 1.123456, '4', true],
      [`${p}-d`, 'S', 40, '6', true],
      [`${p}-e`, 'B', 10, '7', true],
    ]);
    expect(rows[0].CAT_AUXILIAR).toBe('AUX1');
    expect([rows[2].CAT_ICE_CODIGO, Number(rows[2].CAT_ICE_TARIFA)]).toEqual(['3031', 75.5]);

    // The same file again, one code in capitals and a new price: updated, never duplicated.
    const again = await imported(
      andina,
      'productos.csv',
      csv.replace(`${p}-a;AUX1;Cemento gris 50 kg;Bien;"7,125"`, `${p.toUpperCase()}-A;AUX1;Cemento gris 50 kg;Bien;8`),
    );
    expect(again).toMatchObject({ total: 5, creados: 0, actualizados: 5, errores: [] });
    const after = await products(andinaId, p);
    expect(after).toHaveLength(5);
    expect(after.find((r) => r.CAT_CODIGO === rows[0].CAT_CODIGO)).toMatchObject({
      CAT_PRINCIPAL: `${p.toUpperCase()}-A`,
      CAT_PRECIO: '8.000000',
    });
  });

  it('the same new file sent twice at once: one creates, the other updates, nothing is duplicated', async () => {
    const p = prefix();
    const csv = [HEADERS.join(';'), `${p}-x;;Tornillo 1/4;B;0.10;15 %;;;si`, `${p}-y;;Tuerca 1/4;B;0.05;15 %;;;si`].join('\n');
    const [a, b] = await Promise.all([imported(andina, 'a.csv', csv), imported(andina, 'b.csv', csv)]);
    expect([a.creados + b.creados, a.actualizados + b.actualizados]).toEqual([2, 2]);
    expect(await products(andinaId, p)).toHaveLength(2);
  });

  it('imports the first sheet of an Excel file, numbers as numbers, with a title above the header', async () => {
    const p = prefix();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Productos');
    sheet.addRow(['Lista de precios 2026']);
    sheet.addRow(HEADERS);
    sheet.addRow([`${p}-1`, null, 'Varilla 12 mm', 'B', 9.75, 4, null, null, 'Sí']);
    sheet.addRow([`${p}-2`, null, 'Transporte', 'S', 25, '5 %', null, null, 'No']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await imported(andina, 'productos.xlsx', file)).toEqual({
      total: 2,
      creados: 2,
      actualizados: 0,
      errores: [],
      erroresOmitidos: 0,
    });
    const rows = await products(andinaId, p);
    expect(rows.map((r) => [r.CAT_DESCRIPCION, r.CAT_PRECIO, r.CAT_IVA, r.CAT_TIPO, r.CAT_ACTIVO])).toEqual([
      ['Varilla 12 mm', '9.750000', '4', 'B', true],
      ['Transporte', '25.000000', '5', 'S', false],
    ]);
  });

  it('reports each bad row with its line and the reason in Spanish, and saves the good ones', async () => {
    const p = prefix();
    const csv = [
      'codigo_principal,descripcion,precio,iva,tipo,ice_codigo,ice_tarifa,activo',
      `${p}-ok1,Bueno,1.5,4,B,,,si`,
      `${p}-x1,,1.5,4,B,,,si`,
      `${p}-x2,Precio malo,1.1234567,4,B,,,si`,
      `${p}-x3,IVA viejo,1,12 %,B,,,si`,
      `${p}-x4,Tipo malo,1,4,Z,,,si`,
      `${p}-x5,ICE sin tarifa,1,4,B,3011,,si`,
      `${p}-x6,Activo raro,1,4,B,,,quizás`,
      `${p}-ok1,Repetido en el archivo,2,4,B,,,si`,
      `,Sin código,1,4,B,,,si`,
      `${p}-ok2,"Bueno, con coma",2,0,S,,,no`,
    ].join('\n');
    const result = await imported(andina, 'productos.csv', csv);
    expect(result.total).toBe(10);
    expect(result.creados).toBe(2);
    expect(result.errores).toEqual([
      { linea: 3, codigo: `${p}-x1`, motivo: CATALOGO_MSG.descripcion },
      { linea: 4, codigo: `${p}-x2`, motivo: CATALOGO_MSG.precio },
      { linea: 5, codigo: `${p}-x3`, motivo: CATALOGO_MSG.iva },
      { linea: 6, codigo: `${p}-x4`, motivo: IMPORTACION_CATALOGO.tipo },
      { linea: 7, codigo: `${p}-x5`, motivo: CATALOGO_MSG.iceIncompleto },
      { linea: 8, codigo: `${p}-x6`, motivo: IMPORTACION_CATALOGO.activo },
      { linea: 9, codigo: `${p}-ok1`, motivo: IMPORTACION_CATALOGO.repetidoEnArchivo(2) },
      { linea: 10, codigo: '', motivo: CATALOGO_MSG.principal },
    ]);
    expect((await products(andinaId, p)).map((r) => [r.CAT_PRINCIPAL, r.CAT_DESCRIPCION])).toEqual([
      [`${p}-ok1`, 'Bueno'],
      [`${p}-ok2`, 'Bueno, con coma'],
    ]);
  });

  it('offers templates (CSV and Excel) that import back cleanly once filled', async () => {
    const csv = await template(andina, 'csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('plantilla-productos.csv');
    expect(csv.body).toBe(`\uFEFF${HEADERS.join(';')}\r\n`);
    const p = prefix();
    const filled = `${csv.rawPayload.toString('utf8')}${p}-t;;De la plantilla;B;3,5;15 %;;;si\r\n`;
    expect(await imported(andina, 'plantilla-productos.csv', filled)).toMatchObject({ total: 1, creados: 1, errores: [] });

    const xlsx = await template(andina, 'xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(workbook.getWorksheet('Instrucciones')).toBeDefined();
    sheet.addRow([`${p}-x`, '007', 'Del Excel', 'S', 1, 'Exento', null, null, 'no']);
    const back = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await imported(andina, 'plantilla-productos.xlsx', back)).toMatchObject({ total: 1, creados: 1, errores: [] });
    expect((await products(andinaId, `${p}-x`))[0]).toMatchObject({ CAT_AUXILIAR: '007', CAT_IVA: '7', CAT_ACTIVO: false });

    // exceljs writes a file's parts in no fixed order: the same workbook with its sheets before xl/workbook.xml (the
    // second sheet first) still imports its first sheet.
    const partes = unzipSync(new Uint8Array(back));
    const hojas = Object.keys(partes)
      .filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))
      .sort()
      .reverse();
    expect(hojas).toEqual(['xl/worksheets/sheet2.xml', 'xl/worksheets/sheet1.xml']);
    const resto = Object.keys(partes).filter((name) => !hojas.includes(name) && name !== 'xl/workbook.xml');
    const desordenado = zipSync(Object.fromEntries([...resto, ...hojas, 'xl/workbook.xml'].map((name) => [name, partes[name]])));
    const otra = (await products(andinaId, `${p}-x`))[0];
    expect(await imported(andina, 'plantilla-productos.xlsx', Buffer.from(desordenado))).toMatchObject({
      total: 1,
      actualizados: 1,
      errores: [],
    });
    expect((await products(andinaId, `${p}-x`))[0]).toMatchObject({ CAT_CODIGO: otra.CAT_CODIGO, CAT_DESCRIPCION: 'Del Excel' });
  });

  it("never touches another company's products with the same code", async () => {
    const p = prefix();
    await imported(tornillo, 'productos.csv', `codigo_principal;descripcion;precio;iva\n${p}-z;De Tornillo;5;4`);
    const result = await imported(andina, 'productos.csv', `codigo_principal;descripcion;precio;iva\n${p}-z;De Andina;6;0`);
    expect(result).toMatchObject({ creados: 1, actualizados: 0 });
    expect((await products(tornilloId, p)).map((r) => [r.CAT_DESCRIPCION, r.CAT_PRECIO, r.CAT_IVA])).toEqual([
      ['De Tornillo', '5.000000', '4'],
    ]);
    expect((await products(andinaId, p)).map((r) => r.CAT_DESCRIPCION)).toEqual(['De Andina']);
  });

  it('refuses a file that is not CSV or Excel, a header without a required column, and a company without the menu', async () => {
    const notCsv = await upload(andina, 'productos.pdf', '%PDF-1.4');
    expect([notCsv.statusCode, notCsv.json().msg]).toEqual([400, IMPORTACION_CATALOGO.typeMessage]);
    const missing = await upload(andina, 'productos.csv', 'codigo_principal;descripcion;iva\nA;B;4');
    expect([missing.statusCode, missing.json().msg]).toEqual([400, IMPORTACION_CATALOGO.faltaColumna(['precio'])]);
    const empty = await upload(andina, 'productos.csv', HEADERS.join(';'));
    expect([empty.statusCode, empty.json().msg]).toEqual([400, IMPORTACION_CATALOGO.vacio]);
    expect((await upload(costa, 'productos.csv', 'codigo_principal;descripcion;precio;iva\nA;B;1;4')).statusCode).toBe(403);
    expect((await template(costa, 'csv')).statusCode).toBe(403);
  });
});
