import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { unzipSync, strFromU8 } from 'fflate';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { borrador, crearOk, darPlan, nuevoCliente, puntoPrincipal } from '../helpers/facturas-api';
import { autorizar, cerrarSriCompartido } from '../helpers/sri';
import { facturas, usuarios } from '../../server/infra/db/schema';
import { hashPassword } from '../../server/infra/passwords';
import { FACTURAS_LOTE_MSG, type LineaBorrador } from '../../server/modules/facturas/contract';
import { MSG } from '../../domain/messages';
import { ROLE_REFUSED_CODE } from '../../domain/constants';
import { hoyEcuador } from '../../domain/fechas';

/**
 * The lists people work in: the invoices' and the products' exports (CSV, Excel) with the list's filter and sort, and
 * the bulk actions over the selected rows (invoices: email again, a ZIP of the XML and RIDE, delete drafts; products:
 * activate and deactivate), only over the caller's own rows and within its role.
 */
const linea = (precio: string): LineaBorrador[] => [
  { FDE_DESCRIPCION: 'Servicio de instalación', FDE_CANTIDAD: '1', FDE_PRECIO: precio, FDE_IVA: '4' },
];
const IVA = (precio: string) => (Math.round(Number(precio) * 15) / 100).toFixed(2);

/** The CSV's rows (the BOM first), header included. */
const csvRows = (body: string) => {
  expect(body.charCodeAt(0)).toBe(0xfeff);
  return Papa.parse<string[]>(body.slice(1), { skipEmptyLines: true }).data;
};
const xlsxRows = async (payload: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
};

describe.each(testDatabases)('listas: exportar y acciones en lote (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let andina: string;
  let empresa: number;
  let punto: number;
  let contador: string;
  let vendedor: string;
  let cliente: number;
  let clienteVendedor: number;
  let a1: number;
  let a2: number;
  let aVendedor: number;
  let numeros: Record<number, string>;
  let facturaAndina: number;

  const call = (tk: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-token': tk }, ...(payload ? { payload } : {}) });
  const nuevoBorrador = (cli = cliente, precio = '10.00', tk = token) =>
    crearOk(t, tk, borrador(punto, cli, linea(precio), { pagos: [{ FPA_FORMA: '01', FPA_TOTAL: (Number(precio) * 1.15).toFixed(2) }] }));
  async function autorizada(cli: number, precio: string) {
    const id = await nuevoBorrador(cli, precio);
    const res = await call(token, 'POST', `/api/facturas/${id}/emitir`);
    expect(res.statusCode, res.body).toBe(200);
    await autorizar(t, [id]);
    return id;
  }
  async function usuario(rol: 'contador' | 'vendedor') {
    const [row] = await t.db
      .insert(usuarios)
      .values({
        COM_CODIGO: empresa,
        USU_USUARIO: `listas.${rol}`,
        USU_CLAVE: await hashPassword(COMPANIES.tornillo.clave),
        USU_NOMBRE: `Usuario ${rol}`,
        USU_ROL: rol,
      })
      .returning({ id: usuarios.USU_CODIGO });
    const { token: tk } = await loginCompany(t, { ruc: COMPANIES.tornillo.ruc, usuario: `listas.${rol}`, clave: COMPANIES.tornillo.clave });
    return { id: row!.id, token: tk };
  }
  const existe = async (id: number) => (await t.db.select().from(facturas).where(eq(facturas.FAC_CODIGO, id))).length === 1;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const tornillo = await loginCompany(t, COMPANIES.tornillo);
    const a = await loginCompany(t, COMPANIES.andina);
    [token, empresa, andina] = [tornillo.token, tornillo.COM_CODIGO, a.token];
    await darPlan(t, empresa, 100);
    punto = await puntoPrincipal(t, empresa);
    contador = (await usuario('contador')).token;
    const v = await usuario('vendedor');
    vendedor = v.token;
    cliente = await nuevoCliente(t, empresa, 801, { CLI_RAZON_SOCIAL: 'ÑANDÚ EXPORTADORA' });
    clienteVendedor = await nuevoCliente(t, empresa, 802, { CLI_VENDEDOR: v.id, CLI_RAZON_SOCIAL: 'CLIENTE DEL VENDEDOR' });
    a1 = await autorizada(cliente, '100.00');
    a2 = await autorizada(cliente, '20.00');
    aVendedor = await autorizada(clienteVendedor, '30.00');
    const rows = await t.db.select({ id: facturas.FAC_CODIGO, numero: facturas.FAC_NUMERO }).from(facturas);
    numeros = Object.fromEntries(rows.map((r) => [r.id, r.numero ?? '']));
    const clienteAndina = await nuevoCliente(t, a.COM_CODIGO, 803);
    facturaAndina = await crearOk(t, andina, borrador(await puntoPrincipal(t, a.COM_CODIGO), clienteAndina));
  });
  afterAll(async () => {
    await t?.close();
    await cerrarSriCompartido();
  });

  describe('exportar facturas', () => {
    const exportar = (tk: string, formato: string, filter: object, sort?: [string, string]) =>
      call(
        tk,
        'GET',
        `/api/facturas/exportar?${new URLSearchParams({ formato, filter: JSON.stringify(filter), ...(sort ? { sort: JSON.stringify(sort) } : {}) })}`,
      );

    it('CSV con los filtros y el orden de la lista: columnas en español, dinero con 2 decimales, fechas AAAA-MM-DD', async () => {
      const res = await exportar(token, 'csv', { FAC_ESTADO: 'AUTORIZADA', CLI_CODIGO: cliente }, ['FAC_TOTAL', 'ASC']);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toContain(`filename="facturas-${hoyEcuador()}.csv"`);
      const [header, ...rows] = csvRows(res.body);
      expect(header).toEqual([
        'Número',
        'Fecha',
        'Cliente',
        'Identificación',
        'Subtotal',
        'IVA',
        'Total',
        'Estado',
        'Autorización',
        'Fecha de autorización',
        'Correo enviado',
      ]);
      expect(rows.map((r) => r[0])).toEqual([numeros[a2], numeros[a1]]);
      const [barata] = rows;
      expect(barata!.slice(1, 8)).toEqual([
        hoyEcuador(),
        'ÑANDÚ EXPORTADORA',
        expect.any(String),
        '20.00',
        IVA('20.00'),
        '23.00',
        'Autorizada',
      ]);
      expect(barata![8]).toMatch(/^\d{49}$/);
      expect(barata![9]).toBe(hoyEcuador());
      expect(barata![10]).toBe('Sí');

      // A search narrows it as it narrows the list; a draft says so.
      const borradorId = await nuevoBorrador(cliente, '5.00');
      const soloBorradores = csvRows((await exportar(token, 'csv', { q: 'ÑANDÚ', FAC_ESTADO: 'BORRADOR' })).body);
      expect(soloBorradores.slice(1).map((r) => [r[0], r[7], r[8], r[10]])).toContainEqual(['Borrador', 'Borrador', '', '']);
      await call(token, 'POST', '/api/facturas/lote/eliminar', { ids: [borradorId] });
    });

    it('Excel: importes como números con formato de 2 decimales; un vendedor solo exporta lo de sus clientes', async () => {
      const res = await exportar(token, 'xlsx', { id: [a1, aVendedor] }, ['FAC_CODIGO', 'ASC']);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const sheet = await xlsxRows(res.rawPayload);
      expect(sheet.name).toBe('Facturas');
      expect(sheet.getRow(1).getCell(7).value).toBe('Total');
      expect(sheet.getRow(2).getCell(1).value).toBe(numeros[a1]);
      expect(sheet.getRow(2).getCell(7).value).toBe(115);
      expect(sheet.getRow(2).getCell(7).numFmt).toBe('#,##0.00');
      expect(sheet.getRow(3).getCell(3).value).toBe('CLIENTE DEL VENDEDOR');
      expect(sheet.rowCount).toBe(3);

      const propias = csvRows((await exportar(vendedor, 'csv', {})).body);
      expect(propias.slice(1).map((r) => r[0])).toEqual([numeros[aVendedor]]);
    });

    it('un filtro o un formato que la lista no acepta: 400 con el motivo, antes de enviar el archivo', async () => {
      const malo = await exportar(token, 'csv', { FAC_ESTADO: 'INVENTADO' });
      expect(malo.statusCode).toBe(400);
      expect(malo.json().msg).toEqual(expect.any(String));
      const ajeno = await exportar(token, 'csv', { _empresa: 1 });
      expect(ajeno.statusCode).toBe(400);
      const formato = await call(token, 'GET', '/api/facturas/exportar?formato=pdf');
      expect(formato.statusCode).toBe(400);
      expect(formato.json().msg).toBe('El formato debe ser csv o xlsx');
    });
  });

  describe('facturas en lote', () => {
    it('ZIP: el XML autorizado y el RIDE de cada autorizada seleccionada, por número; las demás se omiten', async () => {
      const borradorId = await nuevoBorrador();
      const res = await call(token, 'GET', `/api/facturas/lote/zip?ids=${a1},${a2},${borradorId}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toContain(`filename="facturas-${hoyEcuador()}.zip"`);
      const archivos = unzipSync(new Uint8Array(res.rawPayload));
      const [n1, n2] = [numeros[a1]!, numeros[a2]!].sort();
      expect(Object.keys(archivos)).toEqual([`${n1}.xml`, `${n1}.pdf`, `${n2}.xml`, `${n2}.pdf`]);
      const autorizado = await call(token, 'GET', `/api/facturas/${a1}/autorizado`);
      expect(strFromU8(archivos[`${numeros[a1]}.xml`]!)).toBe(autorizado.body);
      expect(strFromU8(archivos[`${numeros[a1]}.xml`]!)).toContain('<estado>AUTORIZADO</estado>');
      expect(strFromU8(archivos[`${numeros[a2]}.pdf`]!.slice(0, 5))).toBe('%PDF-');

      const soloBorrador = await call(token, 'GET', `/api/facturas/lote/zip?ids=${borradorId}`);
      expect([soloBorrador.statusCode, soloBorrador.json().msg]).toEqual([409, FACTURAS_LOTE_MSG.ningunaAutorizada]);
      const demasiadas = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
      expect((await call(token, 'GET', `/api/facturas/lote/zip?ids=${demasiadas}`)).json()).toEqual({ msg: FACTURAS_LOTE_MSG.maximo });
      expect((await call(token, 'GET', '/api/facturas/lote/zip?ids=1;2')).statusCode).toBe(400);
    });

    it('una factura de otra empresa, o del cliente de otro vendedor, en la selección: 404 y nada se hace', async () => {
      const antes = (await t.mails()).length;
      for (const [tk, ajena] of [
        [token, facturaAndina],
        [vendedor, a1],
        [token, 9_999_999_999],
      ] as const) {
        expect((await call(tk, 'GET', `/api/facturas/lote/zip?ids=${aVendedor},${ajena}`)).json()).toEqual({ msg: MSG.notFound });
        if (ajena < 2 ** 31) {
          expect((await call(tk, 'POST', '/api/facturas/lote/correo', { ids: [aVendedor, ajena] })).json()).toEqual({ msg: MSG.notFound });
          expect((await call(tk, 'POST', '/api/facturas/lote/eliminar', { ids: [ajena] })).json()).toEqual({ msg: MSG.notFound });
        }
      }
      expect((await t.mails()).length).toBe(antes);
      expect(await existe(facturaAndina)).toBe(true);
    });

    it('correo: reenvía las autorizadas a sus compradores y dice cuántas se enviaron y omitieron', async () => {
      const borradorId = await nuevoBorrador();
      const antes = (await t.mails()).length;
      const res = await call(contador, 'POST', '/api/facturas/lote/correo', { ids: [a1, a2, borradorId] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ enviadas: 2, omitidas: 1, fallidas: 0, msg: FACTURAS_LOTE_MSG.correos(2, 1, 0) });
      expect(res.json().msg).toBe('2 facturas enviadas por correo; 1 omitida (sin autorizar o sin correo del comprador)');
      const nuevos = (await t.mails()).slice(antes);
      expect(nuevos.map((m) => m.subject).sort()).toEqual(
        [numeros[a1], numeros[a2]].map((n) => `Factura electrónica ${n} de Ferretería El Tornillo`).sort(),
      );
      expect(nuevos.every((m) => m.to === 'cliente801@correo.ec')).toBe(true);
      expect(nuevos[0]!.attachments).toHaveLength(2);
      const f = (await call(token, 'GET', `/api/facturas/${a1}`)).json();
      expect(f.FAC_ENTREGA).toBe('ENVIADA');

      const invalido = await call(token, 'POST', '/api/facturas/lote/correo', { ids: [] });
      expect(invalido.statusCode).toBe(400);
    });

    it('eliminar: solo borradores, todo o nada; el contador no elimina (403)', async () => {
      const b1 = await nuevoBorrador();
      const b2 = await nuevoBorrador();
      const mezcla = await call(token, 'POST', '/api/facturas/lote/eliminar', { ids: [b1, a1, b2] });
      expect(mezcla.statusCode).toBe(409);
      expect(mezcla.json().msg).toBe(FACTURAS_LOTE_MSG.soloBorradores(numeros[a1]!));
      expect(mezcla.json().msg).toContain('no se eliminó ninguna factura');
      expect([await existe(b1), await existe(b2), await existe(a1)]).toEqual([true, true, true]);

      const rol = await call(contador, 'POST', '/api/facturas/lote/eliminar', { ids: [b1] });
      expect([rol.statusCode, rol.json().code]).toEqual([403, ROLE_REFUSED_CODE]);
      expect(await existe(b1)).toBe(true);

      const ok = await call(token, 'POST', '/api/facturas/lote/eliminar', { ids: [b1, b2, b1] });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ eliminadas: 2, msg: '2 borradores eliminados' });
      expect([await existe(b1), await existe(b2)]).toEqual([false, false]);
      expect((await call(token, 'GET', `/api/facturas/${b1}`)).statusCode).toBe(404);

      // A seller deletes drafts of their own clients.
      const propio = await nuevoBorrador(clienteVendedor, '4.00', vendedor);
      expect((await call(vendedor, 'POST', '/api/facturas/lote/eliminar', { ids: [propio] })).json()).toEqual({
        eliminadas: 1,
        msg: '1 borrador eliminado',
      });
    });
  });

  describe('productos', () => {
    let p1: number;
    let p2: number;
    let pAndina: number;
    const producto = async (tk: string, principal: string, descripcion: string, precio: string) => {
      const res = await call(tk, 'POST', '/api/catalogo', {
        CAT_PRINCIPAL: principal,
        CAT_DESCRIPCION: descripcion,
        CAT_PRECIO: precio,
        CAT_IVA: '4',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().CAT_CODIGO as number;
    };
    beforeAll(async () => {
      p1 = await producto(token, 'LOTE-A', 'Lote alicate de presión', '12.5');
      p2 = await producto(token, 'LOTE-B', 'Lote broca de acero', '0.123456');
      pAndina = await producto(andina, 'LOTE-C', 'Lote ajeno', '1');
    });

    it('exporta la lista filtrada en CSV y Excel (precio como número)', async () => {
      const url = (formato: string, filter: object) =>
        `/api/catalogo/exportar?${new URLSearchParams({ formato, filter: JSON.stringify(filter), sort: JSON.stringify(['CAT_PRINCIPAL', 'DESC']) })}`;
      const csv = await call(token, 'GET', url('csv', { q: 'lote' }));
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-disposition']).toContain(`filename="productos-${hoyEcuador()}.csv"`);
      const [header, ...rows] = csvRows(csv.body);
      expect(header).toEqual([
        'Código principal',
        'Código auxiliar',
        'Descripción',
        'Tipo',
        'Precio',
        'IVA',
        'Código ICE',
        'Tarifa ICE %',
        'Activo',
        'Creado',
      ]);
      expect(rows).toEqual([
        ['LOTE-B', '', 'Lote broca de acero', 'Bien', '0.123456', 'IVA 15 %', '', '', 'Sí', hoyEcuador()],
        ['LOTE-A', '', 'Lote alicate de presión', 'Bien', '12.50', 'IVA 15 %', '', '', 'Sí', hoyEcuador()],
      ]);
      const xlsx = await call(token, 'GET', url('xlsx', { q: 'lote', CAT_TIPO: 'B' }));
      const sheet = await xlsxRows(xlsx.rawPayload);
      expect(sheet.getRow(3).getCell(5).value).toBe(12.5);
      expect(sheet.getRow(3).getCell(5).numFmt).toBe('#,##0.00####');
      expect(sheet.rowCount).toBe(3);
    });

    it('desactiva y activa los seleccionados; un ajeno: 404 y ninguno cambia; un vendedor no (403)', async () => {
      const lote = (tk: string, ids: number[], accion: string) => call(tk, 'PUT', '/api/catalogo/lote', { ids, accion });
      const ajeno = await lote(token, [p1, pAndina], 'desactivar');
      expect([ajeno.statusCode, ajeno.json()]).toEqual([404, { msg: MSG.notFound }]);
      expect((await call(token, 'GET', `/api/catalogo/${p1}`)).json().CAT_ACTIVO).toBe(true);
      const rol = await lote(vendedor, [p1], 'desactivar');
      expect([rol.statusCode, rol.json().code]).toEqual([403, ROLE_REFUSED_CODE]);

      expect((await lote(contador, [p1, p2], 'desactivar')).json()).toEqual({ cambiados: 2, msg: '2 productos desactivados' });
      const activos = await call(
        token,
        'GET',
        `/api/catalogo?filter=${encodeURIComponent(JSON.stringify({ q: 'lote', CAT_ACTIVO: true }))}`,
      );
      expect(activos.json()).toEqual([]);
      expect((await lote(token, [p1, p2], 'desactivar')).json()).toEqual({ cambiados: 0, msg: '0 productos desactivados' });
      expect((await lote(token, [p2], 'activar')).json()).toEqual({ cambiados: 1, msg: '1 producto activado' });
      const malo = await lote(token, [p1], 'borrar');
      expect([malo.statusCode, malo.json().msg]).toEqual([400, 'La acción debe ser activar o desactivar']);
    });
  });
});
