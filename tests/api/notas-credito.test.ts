import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { borrador, crearOk, nuevoCliente, puntoPrincipal } from '../helpers/facturas-api';
import { emitirAutorizada, esperarNota as esperarNotaSri, tornilloConSri } from '../helpers/sri';
import { carpetaTemporal, esquemaSri } from '../helpers/archivos';
import { hashPassword } from '../../server/infra/passwords';
import { facturas, usuarios } from '../../server/infra/db/schema';
import type { SriLocal } from '../../server/sri-local';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import { NOTAS_CREDITO_MSG } from '../../domain/notasCredito/mensajes';
import {
  NOTAS_MSG,
  type Nota,
  type NotaCreditoBorrador,
  type NotaCreditoDetalle,
  type ResumenFacturaNotas,
} from '../../domain/contratos/notasCredito';

/**
 * Credit notes against the local SRI: invoices issued and authorized, then returned in part, discounted in value,
 * annulled with a note; every rule with its status and sentence, the sums under concurrency, the scope of a company and
 * of a seller, the signed XML against the SRI's schema, the RIDE, the list, its totals and export.
 */
const ESQUEMA = esquemaSri('NotaCredito_V1.1.0.xsd');
const carpeta = carpetaTemporal('notas-credito-');
const { pdfTexto } = carpeta;
const esquemaAcepta = (xml: string) => carpeta.esquemaAcepta(ESQUEMA, xml, 'nota.xml');

describe.each(testDatabases)('notas de crédito (%s)', (kind) => {
  let sri: SriLocal;
  let t: TestApp;
  let tornillo: string;
  let andina: string;
  let empresa: number;
  let punto: number;
  let cliente: number;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/notasCredito${url}`, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
  /** An invoice issued and authorized by the local SRI. */
  const facturaAutorizada = async (comprador = cliente, extra: Parameters<typeof borrador>[3] = {}) => {
    const id = await crearOk(t, tornillo, borrador(punto, comprador, undefined, extra));
    return emitirAutorizada(t, tornillo, id, { sinCola: false, timeoutMs: 30_000 });
  };
  const nota = (
    FAC_MODIFICA: number,
    lineas: NotaCreditoBorrador['lineas'],
    extra: Partial<NotaCreditoBorrador> = {},
  ): NotaCreditoBorrador => ({
    FAC_MODIFICA,
    PEM_CODIGO: punto,
    FAC_MOTIVO: 'Devolución de mercadería',
    lineas,
    ...extra,
  });
  const crearNota = async (body: NotaCreditoBorrador) => {
    const res = await call(tornillo, 'POST', '', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as NotaCreditoDetalle;
  };
  const esperarNota = (id: number, estados: string[]) =>
    esperarNotaSri<NotaCreditoDetalle>(t, tornillo, 'notasCredito', id, estados, { sinCola: false, timeoutMs: 30_000 });
  const resumen = async (factura: number) => {
    const res = await call(tornillo, 'GET', `/factura/${factura}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ResumenFacturaNotas;
  };
  const valor = (monto: string, iva = '4', descripcion = 'Descuento por pronto pago') => ({
    FDE_DESCRIPCION: descripcion,
    FDE_CANTIDAD: '1',
    FDE_PRECIO: monto,
    FDE_IVA: iva,
  });

  beforeAll(async () => {
    ({ sri, t, tornillo, empresa, andina, punto, cliente } = await tornilloConSri(kind, {
      cliente: 401,
      sri: { demoraAutorizacionMs: 50 },
    }));
  });
  afterAll(async () => {
    await t?.close();
    await sri?.close();
  });

  it('returns part of an invoice, credits a value, and what remains follows: the summary, the signed XML, the RIDE', async () => {
    // The invoice: 12.50 + 16.00 at 15 % and 5.00 at 0 %: 33.50 + 4.28 = 37.78.
    const factura = await facturaAutorizada();
    expect(factura.FAC_TOTAL).toBe('37.78');
    const inicial = await resumen(factura.FAC_CODIGO);
    expect(inicial).toMatchObject({ restante: '37.78', notas: [], debitos: [] });
    expect(inicial.factura).toMatchObject({ FAC_NUMERO: factura.FAC_NUMERO, consumidorFinal: false, vencida: false });
    expect(inicial.factura.lineas.map((l) => [l.FDE_LINEA, l.FDE_RESTANTE])).toEqual([
      [1, '100.000000'],
      [2, '2.000000'],
      [3, '1.500000'],
    ]);

    // 40 of the 100 screws back: 5.00 + 0.75.
    const devolucion = await crearNota(
      nota(
        factura.FAC_CODIGO,
        [{ FDE_LINEA_FACTURA: 1, FDE_DESCRIPCION: 'Tornillo hexagonal 1/4"', FDE_CANTIDAD: '40', FDE_PRECIO: '0.125', FDE_IVA: '4' }],
        {
          totales: { FAC_SUBTOTAL: '5.00', FAC_IVA: '0.75', FAC_TOTAL: '5.75' },
        },
      ),
    );
    expect(devolucion).toMatchObject({ FAC_ESTADO: 'BORRADOR', FAC_TIPO: '04', FAC_TOTAL: '5.75', FACTURA_NUMERO: factura.FAC_NUMERO });
    expect(devolucion.lineas[0]).toMatchObject({ FDE_LINEA_FACTURA: 1, FDE_PRINCIPAL: 'TOR-001' });
    // A draft has no files yet, and does not count.
    const xmlBorrador = await call(tornillo, 'GET', `/${devolucion.FAC_CODIGO}/xml`);
    expect(xmlBorrador.statusCode).toBe(409);
    expect(xmlBorrador.json().msg).toBe(NOTAS_MSG.borradorSinDocumentos('nota de crédito'));
    expect((await resumen(factura.FAC_CODIGO)).restante).toBe('37.78');

    const emitida = await call(tornillo, 'POST', `/${devolucion.FAC_CODIGO}/emitir`);
    expect(emitida.statusCode, emitida.body).toBe(200);
    expect(emitida.json().FAC_NUMERO).toMatch(/^001-001-\d{9}$/);
    const autorizada = await esperarNota(devolucion.FAC_CODIGO, ['AUTORIZADA']);
    expect(autorizada.FAC_AUTORIZACION).toBe(autorizada.FAC_CLAVE_ACCESO);
    expect(autorizada.FAC_CLAVE_ACCESO!.slice(8, 10)).toBe('04');

    const xml = await call(tornillo, 'GET', `/${devolucion.FAC_CODIGO}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-disposition']).toContain(`nota-credito-${autorizada.FAC_NUMERO}.xml`);
    expect(xml.body).toContain(`<numDocModificado>${factura.FAC_NUMERO}</numDocModificado>`);
    expect(xml.body).toContain('<valorModificacion>5.75</valorModificacion>');
    const esquema = esquemaAcepta(xml.body);
    expect(esquema.ok, esquema.salida).toBe(true);

    const ride = await call(tornillo, 'GET', `/${devolucion.FAC_CODIGO}/ride`);
    expect(ride.statusCode).toBe(200);
    expect(ride.headers['content-type']).toBe('application/pdf');
    const texto = pdfTexto(ride.rawPayload);
    expect(texto).toContain('NOTA DE CRÉDITO');
    expect(texto).toContain(factura.FAC_NUMERO!);

    const tras = await resumen(factura.FAC_CODIGO);
    expect(tras.restante).toBe('32.03');
    expect(tras.factura.lineas[0]!.FDE_RESTANTE).toBe('60.000000');
    expect(tras.notas).toEqual([
      expect.objectContaining({ FAC_CODIGO: devolucion.FAC_CODIGO, FAC_ESTADO: 'AUTORIZADA', FAC_TOTAL: '5.75' }),
    ]);

    // A discount in value, no line of the invoice: 10.00 + 1.50.
    const descuento = await crearNota(nota(factura.FAC_CODIGO, [valor('10.00')], { FAC_MOTIVO: 'Descuento por pronto pago' }));
    expect((await call(tornillo, 'POST', `/${descuento.FAC_CODIGO}/emitir`)).statusCode).toBe(200);
    await esperarNota(descuento.FAC_CODIGO, ['AUTORIZADA']);
    expect((await resumen(factura.FAC_CODIGO)).restante).toBe('20.53');

    // More screws than are left, and more than remains to credit.
    const cantidad = await call(
      tornillo,
      'POST',
      '',
      nota(factura.FAC_CODIGO, [
        { FDE_LINEA_FACTURA: 1, FDE_DESCRIPCION: 'Tornillo', FDE_CANTIDAD: '61', FDE_PRECIO: '0.125', FDE_IVA: '4' },
      ]),
    );
    expect(cantidad.statusCode).toBe(400);
    expect(cantidad.json().msg).toBe(`Línea 1: ${NOTAS_CREDITO_MSG.superaCantidad('60')}`);
    const saldo = await call(tornillo, 'POST', '', nota(factura.FAC_CODIGO, [valor('20.00')]));
    expect(saldo.statusCode).toBe(400);
    expect(saldo.json().msg).toBe('La nota de crédito supera el saldo de la factura: quedan USD 20.53 por acreditar.');

    // Annulled at the SRI's portal, a note gives its value back.
    const anulada = await call(tornillo, 'POST', `/${descuento.FAC_CODIGO}/anular`, { motivo: 'Emitida por error' });
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect(anulada.json().FAC_ESTADO).toBe('ANULADA');
    expect((await resumen(factura.FAC_CODIGO)).restante).toBe('32.03');
    expect((await call(tornillo, 'POST', `/${descuento.FAC_CODIGO}/anular`, { motivo: 'otra vez' })).statusCode).toBe(409);
    // The invoice itself cannot be marked annulled while a note still modifies it (the SRI refuses it too).
    const facturaAnulada = await t.app.inject({
      method: 'POST',
      url: `/api/facturas/${factura.FAC_CODIGO}/anular`,
      headers: { 'x-token': tornillo },
      payload: { motivo: 'Error en el comprador' },
    });
    expect(facturaAnulada.statusCode).toBe(409);
    expect(facturaAnulada.json().msg).toBe(
      'La factura tiene notas de crédito o débito emitidas: anúlelas primero en el portal del SRI y márquelas como anuladas.',
    );

    // The list: by invoice, with its number; totals leave the annulled one out; the export.
    const filtro = encodeURIComponent(JSON.stringify({ FAC_MODIFICA: factura.FAC_CODIGO }));
    const lista = await call(tornillo, 'GET', `?filter=${filtro}`);
    expect(lista.statusCode).toBe(200);
    expect(lista.headers['content-range']).toBe('notasCredito 0-1/2');
    expect((lista.json() as Nota[]).map((n) => [n.FAC_CODIGO, n.FACTURA_NUMERO, n.FAC_ESTADO])).toEqual([
      [descuento.FAC_CODIGO, factura.FAC_NUMERO, 'ANULADA'],
      [devolucion.FAC_CODIGO, factura.FAC_NUMERO, 'AUTORIZADA'],
    ]);
    const porNumero = await call(tornillo, 'GET', `?filter=${encodeURIComponent(JSON.stringify({ q: factura.FAC_NUMERO }))}`);
    expect(porNumero.statusCode, porNumero.body).toBe(200);
    expect((porNumero.json() as Nota[]).map((n) => n.FAC_CODIGO).sort()).toEqual([devolucion.FAC_CODIGO, descuento.FAC_CODIGO].sort());
    const totales = await call(tornillo, 'GET', `/totales?filter=${filtro}`);
    expect(totales.json()).toEqual({ cantidad: 2, anuladas: 1, subtotal: '5.00', iva: '0.75', total: '5.75' });
    const csv = await call(tornillo, 'GET', `/exportar?formato=csv&filter=${filtro}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(autorizada.FAC_NUMERO!);
    expect(csv.body).toContain('Devolución de mercadería');
    expect((await call(tornillo, 'GET', `/exportar?formato=xlsx&filter=${filtro}`)).headers['content-type']).toContain('spreadsheet');
  });

  it('refuses each rule with its status and sentence', async () => {
    const factura = await facturaAutorizada();
    const linea = { FDE_LINEA_FACTURA: 2, FDE_DESCRIPCION: 'Martillo', FDE_CANTIDAD: '1', FDE_PRECIO: '8.5', FDE_IVA: '4' };
    const casos: Array<[NotaCreditoBorrador, number, string]> = [
      [nota(factura.FAC_CODIGO, [{ ...linea, FDE_PRECIO: '9' }]), 400, NOTAS_MSG.lineaFacturaDistinta(1)],
      [nota(factura.FAC_CODIGO, [{ ...linea, FDE_IVA: '0' }]), 400, NOTAS_MSG.lineaFacturaDistinta(1)],
      [nota(factura.FAC_CODIGO, [{ ...linea, FDE_LINEA_FACTURA: 9 }]), 400, NOTAS_MSG.lineaFacturaInexistente(1)],
      [
        nota(factura.FAC_CODIGO, [linea], { FAC_FECHA: sumarDias(factura.FAC_FECHA, -1) }),
        400,
        NOTAS_CREDITO_MSG.anteriorAFactura(factura.FAC_FECHA.split('-').reverse().join('/')),
      ],
      [
        nota(factura.FAC_CODIGO, [linea], { totales: { FAC_SUBTOTAL: '8.50', FAC_IVA: '1.28', FAC_TOTAL: '9.70' } }),
        400,
        'El total de la nota enviado (9.70) no coincide con el calculado (9.78)',
      ],
      [nota(factura.FAC_CODIGO, [linea], { FAC_FECHA: '2025-02-30' }), 400, NOTAS_MSG.fecha],
    ];
    for (const [body, status, msg] of casos) {
      const res = await call(tornillo, 'POST', '', body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().msg).toContain(msg);
    }

    // Another company's invoice, or a draft invoice.
    const ajena = await call(andina, 'POST', '', {
      ...nota(factura.FAC_CODIGO, [linea]),
      PEM_CODIGO: await puntoPrincipal(t, (await loginCompany(t, COMPANIES.andina)).COM_CODIGO),
    });
    expect(ajena.statusCode).toBe(404);
    expect((await call(andina, 'GET', `/factura/${factura.FAC_CODIGO}`)).statusCode).toBe(404);
    const enBorrador = await crearOk(t, tornillo, borrador(punto, cliente));
    const noAutorizada = await call(tornillo, 'POST', '', nota(enBorrador, [valor('1.00')]));
    expect(noAutorizada.statusCode).toBe(400);
    expect(noAutorizada.json().msg).toBe('Solo se emiten notas de crédito de facturas autorizadas.');

    // Consumidor final: the SRI wants the buyer named.
    const consumidor = await t.app.inject({ method: 'GET', url: '/api/clientes/consumidorFinal', headers: { 'x-token': tornillo } });
    const final = await facturaAutorizada(consumidor.json().CLI_CODIGO);
    expect((await resumen(final.FAC_CODIGO)).factura.consumidorFinal).toBe(true);
    const aFinal = await call(tornillo, 'POST', '', nota(final.FAC_CODIGO, [valor('1.00')]));
    expect(aFinal.statusCode).toBe(400);
    expect(aFinal.json().msg).toBe(NOTAS_CREDITO_MSG.consumidorFinal);

    // More than 12 months old.
    const vieja = await facturaAutorizada();
    const fecha = sumarDias(hoyEcuador(), -400);
    await t.db.update(facturas).set({ FAC_FECHA: fecha }).where(eq(facturas.FAC_CODIGO, vieja.FAC_CODIGO));
    expect((await resumen(vieja.FAC_CODIGO)).factura.vencida).toBe(true);
    const vencida = await call(tornillo, 'POST', '', nota(vieja.FAC_CODIGO, [valor('1.00')]));
    expect(vencida.statusCode).toBe(400);
    expect(vencida.json().msg).toBe(NOTAS_CREDITO_MSG.facturaVencida);

    // A draft is deleted; an issued note is not; another company's note is not found.
    const borradorNota = await crearNota(nota(factura.FAC_CODIGO, [linea]));
    expect((await call(andina, 'GET', `/${borradorNota.FAC_CODIGO}`)).statusCode).toBe(404);
    expect((await call(andina, 'DELETE', `/${borradorNota.FAC_CODIGO}`)).statusCode).toBe(404);
    expect((await call(tornillo, 'DELETE', `/${borradorNota.FAC_CODIGO}`)).statusCode).toBe(200);
    expect((await call(tornillo, 'GET', `/${borradorNota.FAC_CODIGO}`)).statusCode).toBe(404);
    const emitida = await crearNota(nota(factura.FAC_CODIGO, [linea]));
    expect((await call(tornillo, 'POST', `/${emitida.FAC_CODIGO}/emitir`)).statusCode).toBe(200);
    const borrar = await call(tornillo, 'DELETE', `/${emitida.FAC_CODIGO}`);
    expect(borrar.statusCode).toBe(409);
    expect(borrar.json().msg).toBe(NOTAS_MSG.emitidaNoEliminable('nota de crédito'));
    // An invoice is not a note: its id is not found among the notes.
    expect((await call(tornillo, 'GET', `/${factura.FAC_CODIGO}`)).statusCode).toBe(404);
  });

  it('two notes issued at once whose sum passes what remains: exactly one is issued', async () => {
    const factura = await facturaAutorizada();
    const a = await crearNota(nota(factura.FAC_CODIGO, [valor('20.00')]));
    const b = await crearNota(nota(factura.FAC_CODIGO, [valor('20.00')]));
    const [ra, rb] = await Promise.all([
      call(tornillo, 'POST', `/${a.FAC_CODIGO}/emitir`),
      call(tornillo, 'POST', `/${b.FAC_CODIGO}/emitir`),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 400]);
    const rechazo = ra.statusCode === 400 ? ra : rb;
    expect(rechazo.json().msg).toBe('La nota de crédito supera el saldo de la factura: quedan USD 14.78 por acreditar.');
    const estados = await Promise.all([a, b].map(async (n) => (await call(tornillo, 'GET', `/${n.FAC_CODIGO}`)).json().FAC_ESTADO));
    expect(estados.filter((e) => e === 'BORRADOR')).toHaveLength(1);
  });

  it('annuls an invoice with a note: the whole invoice, then what is left of its lines, then one line per rate', async () => {
    const entera = await facturaAutorizada();
    const res = await call(tornillo, 'POST', `/anular/${entera.FAC_CODIGO}`, { FAC_MOTIVO: 'Anulación de la factura' });
    expect(res.statusCode, res.body).toBe(201);
    const toda = res.json() as NotaCreditoDetalle;
    expect(toda).toMatchObject({
      FAC_ESTADO: 'BORRADOR',
      FAC_SUBTOTAL: entera.FAC_SUBTOTAL,
      FAC_IVA: entera.FAC_IVA,
      FAC_TOTAL: entera.FAC_TOTAL,
    });
    expect(toda.lineas.map((l) => [l.FDE_LINEA_FACTURA, l.FDE_CANTIDAD, l.FDE_DESCUENTO])).toEqual([
      [1, '100.000000', '0.00'],
      [2, '2.000000', '1.00'],
      [3, '1.500000', '0.00'],
    ]);

    // After a return of lines: what is left of each.
    const parcial = await facturaAutorizada();
    const devolucion = await crearNota(
      nota(parcial.FAC_CODIGO, [
        { FDE_LINEA_FACTURA: 3, FDE_DESCRIPCION: 'Corte', FDE_CANTIDAD: '0.5', FDE_PRECIO: '3.333333', FDE_IVA: '0' },
      ]),
    );
    expect((await call(tornillo, 'POST', `/${devolucion.FAC_CODIGO}/emitir`)).statusCode).toBe(200);
    const anulacion = await call(tornillo, 'POST', `/anular/${parcial.FAC_CODIGO}`, { FAC_MOTIVO: 'Anulación' });
    expect(anulacion.statusCode, anulacion.body).toBe(201);
    const resto = anulacion.json() as NotaCreditoDetalle;
    expect(resto.lineas.find((l) => l.FDE_LINEA_FACTURA === 3)!.FDE_CANTIDAD).toBe('1.000000');
    expect(Number(resto.FAC_TOTAL)).toBeLessThanOrEqual(Number((await resumen(parcial.FAC_CODIGO)).restante));

    // After a value credited at another rate: one line per rate, for exactly what remains.
    const conValor = await facturaAutorizada();
    const credito = await crearNota(nota(conValor.FAC_CODIGO, [valor('7.00', '0')]));
    expect((await call(tornillo, 'POST', `/${credito.FAC_CODIGO}/emitir`)).statusCode).toBe(200);
    const saldo = (await resumen(conValor.FAC_CODIGO)).restante;
    expect(saldo).toBe('30.78');
    const porTarifa = await call(tornillo, 'POST', `/anular/${conValor.FAC_CODIGO}`, { FAC_MOTIVO: 'Anulación' });
    expect(porTarifa.statusCode, porTarifa.body).toBe(201);
    const final = porTarifa.json() as NotaCreditoDetalle;
    expect(final.lineas.every((l) => l.FDE_LINEA_FACTURA === null && l.FDE_DESCRIPCION.includes(conValor.FAC_NUMERO!))).toBe(true);
    expect(Number(final.FAC_TOTAL)).toBeLessThanOrEqual(Number(saldo));
    expect(Number(saldo) - Number(final.FAC_TOTAL)).toBeLessThan(0.02);
    expect((await call(tornillo, 'POST', `/${final.FAC_CODIGO}/emitir`)).statusCode).toBe(200);
  });

  it("a seller reads only their clients' notes and cannot issue one", async () => {
    const [{ vendedor }] = await t.db
      .insert(usuarios)
      .values({
        COM_CODIGO: empresa,
        USU_USUARIO: `nc.vendedor.${kind}`,
        USU_CLAVE: await hashPassword(COMPANIES.tornillo.clave),
        USU_ROL: 'vendedor',
      })
      .returning({ vendedor: usuarios.USU_CODIGO });
    const seller = (await loginCompany(t, { ...COMPANIES.tornillo, usuario: `nc.vendedor.${kind}` })).token;
    const suyo = await nuevoCliente(t, empresa, 402, { CLI_VENDEDOR: vendedor });
    const deSuCliente = await facturaAutorizada(suyo);
    const deOtro = await facturaAutorizada();
    const suya = await crearNota(nota(deSuCliente.FAC_CODIGO, [valor('1.00')]));
    const ajena = await crearNota(nota(deOtro.FAC_CODIGO, [valor('1.00')]));
    const filtro = encodeURIComponent(JSON.stringify({ id: [suya.FAC_CODIGO, ajena.FAC_CODIGO] }));
    const lista = await call(seller, 'GET', `?filter=${filtro}`);
    expect((lista.json() as Nota[]).map((n) => n.FAC_CODIGO)).toEqual([suya.FAC_CODIGO]);
    expect((await call(seller, 'GET', `/${suya.FAC_CODIGO}`)).statusCode).toBe(200);
    expect((await call(seller, 'GET', `/${ajena.FAC_CODIGO}`)).statusCode).toBe(404);
    expect((await call(seller, 'GET', `/factura/${deOtro.FAC_CODIGO}`)).statusCode).toBe(404);
    expect((await call(seller, 'POST', '', nota(deSuCliente.FAC_CODIGO, [valor('1.00')]))).statusCode).toBe(403);
    expect((await call(seller, 'POST', `/${suya.FAC_CODIGO}/emitir`)).statusCode).toBe(403);
  });
});
