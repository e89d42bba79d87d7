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
import { NOTAS_DEBITO_MSG } from '../../domain/notasDebito';
import { NOTAS_MSG, type Nota, type ResumenFacturaNotas } from '../../domain/contratos/notasCredito';
import type { NotaDebitoBorrador, NotaDebitoDetalle } from '../../domain/contratos/notasDebito';

/**
 * Debit notes against the local SRI: interest and expenses charged on an authorized invoice, the IVA per rate, the
 * payments adding up to the total; every rule with its status and sentence, the scope of a company and of a seller,
 * the signed XML against the SRI's schema, the RIDE, the list, its totals and export.
 */
const ESQUEMA = esquemaSri('NotaDebito_V1.0.0.xsd');
const carpeta = carpetaTemporal('notas-debito-');
const { pdfTexto } = carpeta;
const esquemaAcepta = (xml: string) => carpeta.esquemaAcepta(ESQUEMA, xml, 'nota.xml');

describe.each(testDatabases)('notas de débito (%s)', (kind) => {
  let sri: SriLocal;
  let t: TestApp;
  let tornillo: string;
  let andina: string;
  let empresa: number;
  let punto: number;
  let cliente: number;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/notasDebito${url}`, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
  const facturaAutorizada = async (comprador = cliente) => {
    const id = await crearOk(t, tornillo, borrador(punto, comprador));
    return emitirAutorizada(t, tornillo, id, { sinCola: false, timeoutMs: 30_000 });
  };
  /** Interest at 15 % and a notary's fee at 0 %: 10.00 + 1.50 + 4.00 = 15.50. */
  const nota = (FAC_MODIFICA: number, extra: Partial<NotaDebitoBorrador> = {}): NotaDebitoBorrador => ({
    FAC_MODIFICA,
    PEM_CODIGO: punto,
    motivos: [
      { razon: 'Intereses por mora', valor: '10.00', iva: '4' },
      { razon: 'Gastos notariales', valor: 4, iva: '0' },
    ],
    pagos: [{ FPA_FORMA: '20', FPA_TOTAL: '15.50', FPA_PLAZO: 30, FPA_UNIDAD: 'dias' }],
    ...extra,
  });
  const esperarNota = (id: number, estados: string[]) =>
    esperarNotaSri<NotaDebitoDetalle>(t, tornillo, 'notasDebito', id, estados, { sinCola: false, timeoutMs: 30_000 });

  beforeAll(async () => {
    ({ sri, t, tornillo, empresa, andina, punto, cliente } = await tornilloConSri(kind, {
      cliente: 501,
      sri: { demoraAutorizacionMs: 50 },
    }));
  });
  afterAll(async () => {
    await t?.close();
    await sri?.close();
  });

  it('charges interest and expenses on an invoice: IVA per rate, payments, the signed XML, the RIDE, the invoice page', async () => {
    const factura = await facturaAutorizada();
    const creada = await call(
      tornillo,
      'POST',
      '',
      nota(factura.FAC_CODIGO, { totales: { FAC_SUBTOTAL: '14.00', FAC_IVA: '1.50', FAC_TOTAL: '15.50' } }),
    );
    expect(creada.statusCode, creada.body).toBe(201);
    const borradorNota = creada.json() as NotaDebitoDetalle;
    expect(borradorNota).toMatchObject({
      FAC_TIPO: '05',
      FAC_ESTADO: 'BORRADOR',
      FAC_SUBTOTAL: '14.00',
      FAC_IVA: '1.50',
      FAC_TOTAL: '15.50',
      FAC_MOTIVO: 'Intereses por mora',
      FAC_MODIFICA: factura.FAC_CODIGO,
      FACTURA_NUMERO: factura.FAC_NUMERO,
      FACTURA_FECHA: factura.FAC_FECHA,
      motivos: [
        { razon: 'Intereses por mora', valor: '10.00', iva: '4' },
        { razon: 'Gastos notariales', valor: '4.00', iva: '0' },
      ],
      pagos: [{ FPA_FORMA: '20', FPA_TOTAL: '15.50', FPA_PLAZO: 30, FPA_UNIDAD: 'dias' }],
    });
    expect((await call(tornillo, 'GET', `/${borradorNota.FAC_CODIGO}/xml`)).statusCode).toBe(409);

    // Replaced while a draft.
    const editada = await call(tornillo, 'PUT', `/${borradorNota.FAC_CODIGO}`, nota(factura.FAC_CODIGO, { FAC_MOTIVO: 'Mora de 60 días' }));
    expect(editada.statusCode, editada.body).toBe(200);
    expect(editada.json().FAC_MOTIVO).toBe('Mora de 60 días');

    const emitida = await call(tornillo, 'POST', `/${borradorNota.FAC_CODIGO}/emitir`);
    expect(emitida.statusCode, emitida.body).toBe(200);
    const autorizada = await esperarNota(borradorNota.FAC_CODIGO, ['AUTORIZADA']);
    expect(autorizada.FAC_CLAVE_ACCESO!.slice(8, 10)).toBe('05');
    expect((await call(tornillo, 'PUT', `/${borradorNota.FAC_CODIGO}`, nota(factura.FAC_CODIGO))).statusCode).toBe(409);

    const xml = await call(tornillo, 'GET', `/${borradorNota.FAC_CODIGO}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-disposition']).toContain(`nota-debito-${autorizada.FAC_NUMERO}.xml`);
    expect(xml.body).toContain(`<numDocModificado>${factura.FAC_NUMERO}</numDocModificado>`);
    expect(xml.body).toContain('<valorTotal>15.50</valorTotal>');
    const esquema = esquemaAcepta(xml.body);
    expect(esquema.ok, esquema.salida).toBe(true);
    const texto = pdfTexto((await call(tornillo, 'GET', `/${borradorNota.FAC_CODIGO}/ride`)).rawPayload);
    expect(texto).toContain('NOTA DE DÉBITO');
    expect(texto).toContain(factura.FAC_NUMERO!);
    expect(texto).toContain('Intereses por mora');

    // The invoice's page: one call gives its debit notes too; a debit note credits nothing.
    const resumen = (await call(tornillo, 'GET', `/factura/${factura.FAC_CODIGO}`)).json() as ResumenFacturaNotas;
    expect(resumen.restante).toBe(factura.FAC_TOTAL);
    expect(resumen.debitos).toEqual([
      expect.objectContaining({ FAC_CODIGO: borradorNota.FAC_CODIGO, FAC_ESTADO: 'AUTORIZADA', FAC_TOTAL: '15.50' }),
    ]);

    // The list, its totals and export; another company sees none of it.
    const filtro = encodeURIComponent(JSON.stringify({ FAC_MODIFICA: factura.FAC_CODIGO }));
    const lista = await call(tornillo, 'GET', `?filter=${filtro}`);
    expect(lista.headers['content-range']).toBe('notasDebito 0-0/1');
    expect((lista.json() as Nota[])[0]).toMatchObject({
      FAC_CODIGO: borradorNota.FAC_CODIGO,
      FACTURA_NUMERO: factura.FAC_NUMERO,
      FAC_TOTAL: '15.50',
    });
    expect((await call(tornillo, 'GET', `/totales?filter=${filtro}`)).json()).toEqual({
      cantidad: 1,
      anuladas: 0,
      subtotal: '14.00',
      iva: '1.50',
      total: '15.50',
    });
    const csv = await call(tornillo, 'GET', `/exportar?formato=csv&filter=${filtro}`);
    expect(csv.body).toContain(autorizada.FAC_NUMERO!);
    expect(csv.body).toContain(factura.FAC_NUMERO!);
    expect((await call(andina, 'GET', `/${borradorNota.FAC_CODIGO}`)).statusCode).toBe(404);
    expect((await call(andina, 'GET', `?filter=${filtro}`)).json()).toEqual([]);
    // A credit note's list does not show it.
    const creditos = await t.app.inject({ method: 'GET', url: `/api/notasCredito?filter=${filtro}`, headers: { 'x-token': tornillo } });
    expect(creditos.json()).toEqual([]);

    const anulada = await call(tornillo, 'POST', `/${borradorNota.FAC_CODIGO}/anular`, { motivo: 'Cobrada por error' });
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect(anulada.json()).toMatchObject({ FAC_ESTADO: 'ANULADA', FAC_ANULACION_MOTIVO: 'Cobrada por error' });
  });

  it('refuses each rule with its status and sentence', async () => {
    const factura = await facturaAutorizada();
    const casos: Array<[NotaDebitoBorrador, string]> = [
      [nota(factura.FAC_CODIGO, { pagos: [{ FPA_FORMA: '01', FPA_TOTAL: '15.00' }] }), NOTAS_DEBITO_MSG.pagosNoCoinciden('15.00', '15.50')],
      [
        nota(factura.FAC_CODIGO, { motivos: [{ razon: 'Intereses', valor: '0', iva: '4' }], pagos: [{ FPA_FORMA: '01', FPA_TOTAL: '0' }] }),
        `Motivo 1: ${NOTAS_DEBITO_MSG.valorCero}`,
      ],
      [nota(factura.FAC_CODIGO, { motivos: [{ razon: 'Intereses', valor: '1', iva: '99' }] }), 'Motivo 1: el código de IVA «99» no existe'],
      [
        nota(factura.FAC_CODIGO, { FAC_FECHA: sumarDias(factura.FAC_FECHA, -1) }),
        NOTAS_DEBITO_MSG.anteriorAFactura(factura.FAC_FECHA.split('-').reverse().join('/')),
      ],
      [
        nota(factura.FAC_CODIGO, { totales: { FAC_SUBTOTAL: '14.00', FAC_IVA: '1.60', FAC_TOTAL: '15.60' } }),
        'El IVA enviado (1.60) no coincide con el calculado (1.50)',
      ],
    ];
    for (const [body, msg] of casos) {
      const res = await call(tornillo, 'POST', '', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toContain(msg);
    }
    // No reasons at all: the contract's own 400.
    expect((await call(tornillo, 'POST', '', nota(factura.FAC_CODIGO, { motivos: [] }))).statusCode).toBe(400);

    const enBorrador = await crearOk(t, tornillo, borrador(punto, cliente));
    const noAutorizada = await call(tornillo, 'POST', '', nota(enBorrador));
    expect(noAutorizada.statusCode).toBe(400);
    expect(noAutorizada.json().msg).toBe('Solo se emiten notas de débito de facturas autorizadas.');
    const punteroAndina = await puntoPrincipal(t, (await loginCompany(t, COMPANIES.andina)).COM_CODIGO);
    expect((await call(andina, 'POST', '', { ...nota(factura.FAC_CODIGO), PEM_CODIGO: punteroAndina })).statusCode).toBe(404);

    const vieja = await facturaAutorizada();
    await t.db
      .update(facturas)
      .set({ FAC_FECHA: sumarDias(hoyEcuador(), -400) })
      .where(eq(facturas.FAC_CODIGO, vieja.FAC_CODIGO));
    const vencida = await call(tornillo, 'POST', '', nota(vieja.FAC_CODIGO));
    expect(vencida.statusCode).toBe(400);
    expect(vencida.json().msg).toBe(NOTAS_MSG.debitoVencida);

    // The consumidor final may be charged (only credit notes need the buyer named).
    const consumidor = await t.app.inject({ method: 'GET', url: '/api/clientes/consumidorFinal', headers: { 'x-token': tornillo } });
    const final = await facturaAutorizada(consumidor.json().CLI_CODIGO);
    expect((await call(tornillo, 'POST', '', nota(final.FAC_CODIGO))).statusCode).toBe(201);
  });

  it("a seller reads only their clients' notes and cannot issue one", async () => {
    const [{ vendedor }] = await t.db
      .insert(usuarios)
      .values({
        COM_CODIGO: empresa,
        USU_USUARIO: `nd.vendedor.${kind}`,
        USU_CLAVE: await hashPassword(COMPANIES.tornillo.clave),
        USU_ROL: 'vendedor',
      })
      .returning({ vendedor: usuarios.USU_CODIGO });
    const seller = (await loginCompany(t, { ...COMPANIES.tornillo, usuario: `nd.vendedor.${kind}` })).token;
    const suyo = await nuevoCliente(t, empresa, 502, { CLI_VENDEDOR: vendedor });
    const deSuCliente = await facturaAutorizada(suyo);
    const deOtro = await facturaAutorizada();
    const suya = (await call(tornillo, 'POST', '', nota(deSuCliente.FAC_CODIGO))).json() as NotaDebitoDetalle;
    const ajena = (await call(tornillo, 'POST', '', nota(deOtro.FAC_CODIGO))).json() as NotaDebitoDetalle;
    const filtro = encodeURIComponent(JSON.stringify({ id: [suya.FAC_CODIGO, ajena.FAC_CODIGO] }));
    expect(((await call(seller, 'GET', `?filter=${filtro}`)).json() as Nota[]).map((n) => n.FAC_CODIGO)).toEqual([suya.FAC_CODIGO]);
    expect((await call(seller, 'GET', `/${ajena.FAC_CODIGO}`)).statusCode).toBe(404);
    expect((await call(seller, 'POST', `/${suya.FAC_CODIGO}/emitir`)).statusCode).toBe(403);
    expect((await call(seller, 'DELETE', `/${suya.FAC_CODIGO}`)).statusCode).toBe(403);
  });
});
