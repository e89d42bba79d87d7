import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { multipart, startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginAdmin, loginCompany } from '../helpers/accounts';
import { clientes, empresas, gruposCliente, usuarios } from '../../server/infra/db/schema';
import { hashPassword } from '../../server/infra/passwords';
import { hoyEcuador } from '../../domain/fechas';
import { FILA_CABECERA, REPORT_HEADERS } from '../../server/modules/clientesImportacion/reporte';

/**
 * The text a pdfkit PDF shows: its content streams inflated, and the hex strings of their TJ operators (the standard
 * fonts write WinAnsi bytes) read as Latin-1, one line per TJ.
 */
function pdfText(pdf: Buffer): string {
  const text: string[] = [];
  const raw = pdf.toString('latin1');
  const stream = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = stream.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = zlib.inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      text.push([...tj[1].matchAll(/<([0-9a-fA-F]+)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''));
    }
  }
  return text.join('\n');
}

describe.each(testDatabases)('clientes: reportes en Excel y PDF (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let andina: number;
  let seller: string;
  let sellerId: number;
  let grupo: number;
  let tornillo: { token: string; COM_CODIGO: number };

  beforeAll(async () => {
    t = await startTestApp(kind);
    const session = await loginCompany(t);
    admin = session.token;
    andina = session.COM_CODIGO;
    tornillo = await loginCompany(t, COMPANIES.tornillo);
    const clave = await hashPassword(COMPANIES.andina.clave);
    [{ id: sellerId }] = await t.db
      .insert(usuarios)
      .values({ COM_CODIGO: andina, USU_USUARIO: 'rep.vendedora', USU_CLAVE: clave, USU_NOMBRE: 'María Vendedora', USU_ROL: 'vendedor' })
      .returning({ id: usuarios.USU_CODIGO });
    seller = (await loginCompany(t, { ruc: COMPANIES.andina.ruc, usuario: 'rep.vendedora', clave: COMPANIES.andina.clave })).token;
    [{ GCL_CODIGO: grupo }] = await t.db.insert(gruposCliente).values({ EMP_CODIGO: andina, GCL_NOMBRE: 'Farmacias' }).returning();
    await t.db.insert(clientes).values(
      Array.from({ length: 30 }, (_, i) => ({
        EMP_CODIGO: andina,
        CLI_TIPO_IDENTIFICACION: '05',
        CLI_IDENTIFICACION: `17000${String(i).padStart(5, '0')}`,
        CLI_RAZON_SOCIAL: i === 7 ? 'Ñandú Peñafiel Cía.' : `Cliente ${String.fromCharCode(90 - i)} Andina`,
        CLI_NOMBRE_COMERCIAL: i % 4 === 0 ? `Comercial ${i}` : null,
        CLI_CORREOS: i % 2 ? [`cliente${i}@correo.ec`, `otro${i}@correo.ec`] : [],
        CLI_TELEFONOS: i % 3 ? ['0991234567'] : [],
        GCL_CODIGO: i % 3 === 0 ? grupo : null,
        TCL_CODIGO: i % 5 === 0 ? 2 : null,
        CLI_VENDEDOR: i % 6 === 0 ? sellerId : null,
        CLI_ACTIVO: i % 2 === 0,
        CLI_LIMITE_CREDITO: `${i * 100}.50`,
        CLI_DIAS_CREDITO: i,
      })),
    );
    await t.db.insert(clientes).values({
      EMP_CODIGO: tornillo.COM_CODIGO,
      CLI_TIPO_IDENTIFICACION: '05',
      CLI_IDENTIFICACION: '1700099999',
      CLI_RAZON_SOCIAL: 'Solo de El Tornillo',
    });
    // More clients than one page of the report's reads (2 000), with repeated names: the pages must neither repeat nor skip.
    await t.db.execute(sql`
      INSERT INTO clientes (emp_codigo, cli_tipo_identificacion, cli_identificacion, cli_razon_social)
      SELECT ${tornillo.COM_CODIGO}, '06', 'P' || lpad(g::text, 6, '0'), 'Cliente ' || (g % 700)
      FROM generate_series(1, 4500) AS g`);
  });
  afterAll(() => t.close());

  const report = (formato: string, query: { filter?: object; sort?: [string, string] } = {}, token: string | null = admin) => {
    const params = new URLSearchParams({ formato });
    if (query.filter) params.set('filter', JSON.stringify(query.filter));
    if (query.sort) params.set('sort', JSON.stringify(query.sort));
    return t.app.inject({ method: 'GET', url: `/api/clientes/reporte?${params}`, headers: token ? { 'x-token': token } : {} });
  };
  const workbookOf = async (payload: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(payload as unknown as ArrayBuffer);
    return workbook.worksheets[0];
  };
  /** The data rows of a report sheet, as arrays of cell values (column 1 first). */
  const dataRows = (sheet: ExcelJS.Worksheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row, number) => {
      if (number > FILA_CABECERA) rows.push((row.values as unknown[]).slice(1));
    });
    return rows;
  };
  const identifications = async (where: SQL | undefined, order: SQL[] = [asc(clientes.CLI_CODIGO)]) =>
    (
      await t.db
        .select({ id: clientes.CLI_IDENTIFICACION })
        .from(clientes)
        .where(where)
        .orderBy(...order)
    ).map((r) => r.id);

  it('Excel: la empresa, su RUC y la fecha arriba, cabeceras en español y todos los clientes de la empresa', async () => {
    const res = await report('xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`clientes-${COMPANIES.andina.ruc}-${hoyEcuador()}.xlsx`);
    const sheet = await workbookOf(res.rawPayload);
    const [company] = await t.db.select().from(empresas).where(eq(empresas.EMP_CODIGO, andina));
    expect(sheet.getCell('A1').value).toBe(company.EMP_NOMBRE);
    expect(sheet.getCell('A2').value).toBe(`RUC ${COMPANIES.andina.ruc}`);
    expect(String(sheet.getCell('A3').value)).toMatch(/^Reporte de clientes generado el \d{2}\/\d{2}\/\d{4}/);
    expect(sheet.getCell('A4').value).toBe('Todos los clientes');
    expect((sheet.getRow(FILA_CABECERA).values as unknown[]).slice(1)).toEqual(REPORT_HEADERS);
    const rows = dataRows(sheet);
    // Newest first, as the list: the default order is CLI_CODIGO DESC.
    expect(rows.map((r) => r[1])).toEqual(await identifications(eq(clientes.EMP_CODIGO, andina), [desc(clientes.CLI_CODIGO)]));
    const first = rows.find((r) => r[1] === '1700000001')!;
    expect(first).toEqual([
      'Cédula',
      '1700000001',
      'Cliente Y Andina',
      undefined,
      'cliente1@correo.ec; otro1@correo.ec',
      '0991234567',
      undefined,
      undefined,
      undefined,
      undefined,
      1,
      100.5,
      'No',
      undefined,
      expect.any(Date),
    ]);
  });

  it('Excel: aplica los filtros y el orden de la lista, y los nombra arriba', async () => {
    const res = await report('xlsx', { filter: { CLI_ACTIVO: true, GCL_CODIGO: grupo }, sort: ['CLI_RAZON_SOCIAL', 'ASC'] });
    expect(res.statusCode, res.body).toBe(200);
    const sheet = await workbookOf(res.rawPayload);
    expect(sheet.getCell('A4').value).toBe('Filtros: Grupo: Farmacias · Activos');
    const expected = await identifications(
      and(eq(clientes.EMP_CODIGO, andina), eq(clientes.CLI_ACTIVO, true), eq(clientes.GCL_CODIGO, grupo)),
      [asc(clientes.CLI_RAZON_SOCIAL), asc(clientes.CLI_CODIGO)],
    );
    expect(expected.length).toBeGreaterThan(2);
    expect(dataRows(sheet).map((r) => r[1])).toEqual(expected);

    const search = await workbookOf((await report('xlsx', { filter: { q: 'penafiel' } })).rawPayload);
    expect(dataRows(search).map((r) => r[2])).toEqual(['Ñandú Peñafiel Cía.']);
    expect(search.getCell('A4').value).toBe('Filtros: Búsqueda «penafiel»');
  });

  it('Excel de más de 2 000 clientes: lee por páginas sin repetir ni saltar filas, en cualquier orden', async () => {
    for (const sort of [
      ['CLI_RAZON_SOCIAL', 'DESC'],
      ['CLI_CODIGO', 'ASC'],
    ] as Array<[string, string]>) {
      const res = await report('xlsx', { sort }, tornillo.token);
      expect(res.statusCode).toBe(200);
      const ids = dataRows(await workbookOf(res.rawPayload)).map((r) => r[1]);
      const order = sort[0] === 'CLI_CODIGO' ? [asc(clientes.CLI_CODIGO)] : [desc(clientes.CLI_RAZON_SOCIAL), desc(clientes.CLI_CODIGO)];
      expect(ids).toEqual(await identifications(eq(clientes.EMP_CODIGO, tornillo.COM_CODIGO), order));
      expect(new Set(ids).size).toBe(4501);
    }
  });

  it('PDF: empieza con %PDF, trae la empresa, la cabecera de la tabla, los clientes filtrados y el número de página', async () => {
    const res = await report('pdf', { filter: { CLI_ACTIVO: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`clientes-${COMPANIES.andina.ruc}-${hoyEcuador()}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('COMERCIAL ANDINA S.A.');
    expect(text).toContain('Razón social');
    expect(text).toContain('Filtros: Inactivos');
    expect(text).toContain('Página 1');
    expect(text).toContain('Cliente Y Andina');
    // Filtered: the active clients are not there.
    expect(text).not.toContain('Cliente Z Andina');
    expect(text).not.toContain('Solo de El Tornillo');

    const many = await report('pdf', {}, tornillo.token);
    const pages = pdfText(many.rawPayload);
    const last = Math.max(...[...pages.matchAll(/Página (\d+)/g)].map((m) => Number(m[1])));
    expect(last).toBeGreaterThan(100);
    expect(pages).toContain('FERRETERIA EL TORNILLO CIA. LTDA.');
  });

  it('un vendedor solo ve sus clientes en el reporte', async () => {
    const res = await report('xlsx', {}, seller);
    expect(res.statusCode).toBe(200);
    const ids = dataRows(await workbookOf(res.rawPayload)).map((r) => r[1]);
    expect(ids.sort()).toEqual((await identifications(and(eq(clientes.EMP_CODIGO, andina), eq(clientes.CLI_VENDEDOR, sellerId)))).sort());
    expect(ids.length).toBe(5);
  });

  it('el Excel del reporte se importa de vuelta: actualiza los mismos clientes, no crea ninguno', async () => {
    const res = await report('xlsx');
    const form = multipart('current', 'reporte.xlsx', res.rawPayload);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/clientes/import',
      headers: { ...form.headers, 'x-token': admin },
      payload: form.payload,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ total: 30, creados: 0, actualizados: 30, errores: [] });
  });

  it('filtros u orden inválidos, o un formato desconocido: 400 en español; sin sesión 401; administración 403', async () => {
    const bad = await report('xlsx', { filter: { EMP_CODIGO: tornillo.COM_CODIGO } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/^El filtro EMP_CODIGO no existe; use q, /);
    const sort = await report('xlsx', { sort: ['CLI_OBSERVACION', 'ASC'] });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().msg).toBe('Solo se puede ordenar por CLI_CODIGO, CLI_RAZON_SOCIAL, CLI_IDENTIFICACION, CLI_CREADO, id');
    const flag = await report('pdf', { filter: { bandera: 'otra' } });
    expect(flag.statusCode).toBe(400);
    expect(flag.json().msg).toBe('El filtro bandera debe ser fantasma, especial, agenteRetencion, rimpe');
    const format = await report('csv');
    expect(format.statusCode).toBe(400);
    expect(format.json().msg).toBe('El formato debe ser xlsx o pdf');
    expect((await report('xlsx', {}, null)).statusCode).toBe(401);
    expect((await report('xlsx', {}, (await loginAdmin(t)).token)).statusCode).toBe(403);
  });
});
