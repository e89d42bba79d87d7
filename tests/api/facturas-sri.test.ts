import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { borrador, crearOk, nuevoCliente, puntoPrincipal, usadosDelPlan } from '../helpers/facturas-api';
import { configSri, esperarEstado, tornilloConSri } from '../helpers/sri';
import { carpetaTemporal } from '../helpers/archivos';
import { facturas, planesEmpresa } from '../../server/infra/db/schema';
import { FACTURAS_MSG, type FacturaDetalle } from '../../server/modules/facturas/contract';
import { crearClienteSri } from '../../server/modules/comprobantes/sri/cliente';
import { tomar } from '../../server/modules/comprobantes/sri/cola';
import type { SriLocal } from '../../server/sri-local';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import { PLAN_MSG } from '../../domain/planes';
import { ESTADOS_EN_CAMINO } from '../../domain/comprobantes/estados';

/**
 * The SRI pipeline against the local SRI (server/sri-local), over real HTTP: issuing → RECIBIDA → AUTORIZADA → the
 * email; DEVUELTA and NO AUTORIZADO with the SRI's messages, corrected and resent; every fault the SRI can have (down,
 * slow, 500, garbage), a document the SRI already holds, a worker that dies holding documents, two instances on one
 * database; annulment and resending the email.
 */
const { pdfTexto } = carpetaTemporal('facturas-sri-');

describe.each(testDatabases)('facturas: el SRI (%s)', (kind) => {
  let sri: SriLocal;
  let t: TestApp;
  let tornillo: string;
  let andina: string;
  let empresa: number;
  let punto: number;
  let cliente: number;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/facturas${url}`, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
  const usados = () => usadosDelPlan(t, empresa);
  /** A new draft issued: its id and what issuing answered (FIRMADA, queued). */
  const emitir = async (extra: Parameters<typeof borrador>[3] = {}) => {
    const id = await crearOk(t, tornillo, borrador(punto, cliente, undefined, extra));
    const res = await call(tornillo, 'POST', `/${id}/emitir`);
    expect(res.statusCode, res.body).toBe(200);
    return { id, emitida: res.json() as FacturaDetalle };
  };
  /** The document as the page shows it once its queue row gives a reason to wait (or after 10 s). */
  const conMotivo = async (id: number) => {
    const hasta = Date.now() + 10_000;
    let f: FacturaDetalle;
    do {
      f = (await call(tornillo, 'GET', `/${id}`)).json();
      if (f.cola?.error) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } while (Date.now() < hasta);
    return f;
  };

  beforeAll(async () => {
    ({ sri, t, tornillo, empresa, andina, punto, cliente } = await tornilloConSri(kind, {
      cliente: 301,
      sri: { demoraAutorizacionMs: 300 },
    }));
  });
  afterAll(async () => {
    await t?.close();
    await sri?.close();
  });
  // A test that fails while the SRI is down must not leave it down for the next ones.
  afterEach(() => sri?.modo('normal'));

  it('issues, the SRI receives it, answers EN PROCESO, then authorizes it: number, date, one plan document, the email with both files', async () => {
    const antes = await usados();
    const { id, emitida } = await emitir();
    const f = await esperarEstado(t, tornillo, id, ['AUTORIZADA']);
    expect(f.FAC_AUTORIZACION).toBe(emitida.FAC_CLAVE_ACCESO);
    expect(Date.parse(f.FAC_FECHA_AUTORIZACION!)).toBeGreaterThan(Date.parse(emitida.FAC_ACTUALIZADO) - 1000);
    expect(f.FAC_SRI_MENSAJES).toEqual([]);
    expect(f.FAC_ENTREGA).toBe('ENVIADA');
    expect(f.FAC_ENTREGA_DETALLE).toBe('cliente301@correo.ec');
    expect(await usados()).toBe(antes + 1);
    expect(sri.estadisticas().claves[emitida.FAC_CLAVE_ACCESO!]).toMatchObject({ recepciones: 1, estado: 'AUTORIZADO' });

    const correo = (await t.mails()).find((m) => m.subject.includes(emitida.FAC_NUMERO!))!;
    expect(correo.to).toBe('cliente301@correo.ec');
    expect(correo.subject).toBe(`Factura electrónica ${emitida.FAC_NUMERO} de Ferretería El Tornillo`);
    expect(correo.text).toContain(`Número de autorización: ${emitida.FAC_CLAVE_ACCESO}`);
    expect(correo.attachments.map((a) => a.filename)).toEqual([`factura-${emitida.FAC_NUMERO}.xml`, `factura-${emitida.FAC_NUMERO}.pdf`]);
    const xml = correo.attachments[0]!.content.toString('utf8');
    expect(xml).toContain('<estado>AUTORIZADO</estado>');
    expect(xml).toContain(`<numeroAutorizacion>${emitida.FAC_CLAVE_ACCESO}</numeroAutorizacion>`);
    expect(xml).toContain('<comprobante><![CDATA[<?xml');
    const ride = pdfTexto(correo.attachments[1]!.content);
    expect(ride).toContain(emitida.FAC_CLAVE_ACCESO!);
    expect(ride).not.toContain('PENDIENTE DE AUTORIZACIÓN');

    const descarga = await call(tornillo, 'GET', `/${id}/autorizado`);
    expect(descarga.statusCode).toBe(200);
    expect(descarga.headers['content-disposition']).toBe(
      `attachment; filename="factura-${emitida.FAC_NUMERO}-autorizado.xml"; filename*=UTF-8''factura-${emitida.FAC_NUMERO}-autorizado.xml`,
    );
    expect(descarga.body).toBe(xml);
  });

  it('a date out of the tolerance comes back DEVUELTA with the SRI message 65 and what to do; corrected, it keeps its number and is authorized', async () => {
    const antes = await usados();
    const { id, emitida } = await emitir({ FAC_FECHA: sumarDias(hoyEcuador(), -100) });
    const devuelta = await esperarEstado(t, tornillo, id, ['DEVUELTA']);
    expect(devuelta.FAC_SRI_MENSAJES).toEqual([
      expect.objectContaining({
        identificador: '65',
        mensaje: 'FECHA EMISIÓN EXTEMPORANEA',
        tipo: 'ERROR',
        informacionAdicional: expect.stringContaining('129600 minutos'),
        ayuda: expect.stringContaining('Corrija la fecha'),
      }),
    ]);
    expect(await usados()).toBe(antes);

    const corregida = await call(tornillo, 'PUT', `/${id}`, borrador(punto, cliente));
    expect(corregida.statusCode, corregida.body).toBe(200);
    expect(corregida.json()).toMatchObject({ FAC_ESTADO: 'DEVUELTA', FAC_NUMERO: emitida.FAC_NUMERO });
    expect((await call(tornillo, 'POST', `/${id}/emitir`)).statusCode).toBe(200);
    const autorizada = await esperarEstado(t, tornillo, id, ['AUTORIZADA']);
    expect(autorizada.FAC_NUMERO).toBe(emitida.FAC_NUMERO);
    // Same point and number, the new date: a new key, with the same random part (the SRI never registered the old one).
    expect(autorizada.FAC_CLAVE_ACCESO!.slice(8, 39)).toBe(emitida.FAC_CLAVE_ACCESO!.slice(8, 39));
    expect(autorizada.FAC_CLAVE_ACCESO!.slice(39, 47)).toBe(emitida.FAC_CLAVE_ACCESO!.slice(39, 47));
    expect(autorizada.FAC_SRI_MENSAJES).toEqual([]);
    expect(await usados()).toBe(antes + 1);
  });

  it('NO AUTORIZADO is RECHAZADA with its messages; issued again it gets a new key (the SRI registered the old one) and is authorized', async () => {
    const { id, emitida } = await emitir();
    // The worker may already be on it: program the key before the SRI is asked for its authorization.
    sri.programar(emitida.FAC_CLAVE_ACCESO!, [
      {
        estado: 'NO AUTORIZADO',
        mensajes: [{ identificador: '52', mensaje: 'ERROR EN DIFERENCIAS', informacionAdicional: 'El total no cuadra', tipo: 'ERROR' }],
      },
    ]);
    const rechazada = await esperarEstado(t, tornillo, id, ['RECHAZADA', 'AUTORIZADA']);
    expect(rechazada.FAC_ESTADO).toBe('RECHAZADA');
    expect(rechazada.FAC_SRI_MENSAJES[0]).toMatchObject({
      identificador: '52',
      mensaje: 'ERROR EN DIFERENCIAS',
      ayuda: expect.stringContaining('totales'),
    });
    expect((await call(tornillo, 'POST', `/${id}/emitir`)).statusCode).toBe(200);
    const autorizada = await esperarEstado(t, tornillo, id, ['AUTORIZADA']);
    expect(autorizada.FAC_NUMERO).toBe(emitida.FAC_NUMERO);
    expect(autorizada.FAC_CLAVE_ACCESO).not.toBe(emitida.FAC_CLAVE_ACCESO);
    expect(autorizada.FAC_AUTORIZACION).toBe(autorizada.FAC_CLAVE_ACCESO);
  });

  it('when the SRI answers several authorizations for one key, the AUTORIZADO one wins', async () => {
    const { id, emitida } = await emitir();
    sri.programar(emitida.FAC_CLAVE_ACCESO!, [
      { estado: 'NO AUTORIZADO', mensajes: [{ identificador: '39', mensaje: 'FIRMA INVALIDA', tipo: 'ERROR' }] },
      { estado: 'AUTORIZADO' },
      { estado: 'NO AUTORIZADO', mensajes: [{ identificador: '43', mensaje: 'CLAVE ACCESO REGISTRADA', tipo: 'ERROR' }] },
    ]);
    const f = await esperarEstado(t, tornillo, id, ['AUTORIZADA', 'RECHAZADA']);
    expect(f.FAC_ESTADO).toBe('AUTORIZADA');
  });

  it.each([
    ['caido', 'No se pudo conectar con el SRI.'],
    ['error500', 'El SRI respondió con un error (HTTP 500'],
    ['basura', 'El SRI respondió algo que no es una respuesta válida.'],
    ['lento', 'El SRI no respondió en 2 s.'],
  ] as const)(
    'the SRI %s: the document waits with the reason, is retried, and is authorized once the SRI is back',
    async (modo, motivo) => {
      sri.modo(modo, { demoraMs: 3_000 });
      const { id, emitida } = await emitir();
      const f = await conMotivo(id);
      expect(f.cola?.error).toContain(motivo);
      expect(f.FAC_ESTADO).toBe('ENVIADA');
      expect(f.FAC_AUTORIZACION).toBeNull();
      sri.modo('normal');
      const autorizada = await esperarEstado(t, tornillo, id, ['AUTORIZADA']);
      expect(autorizada.FAC_AUTORIZACION).toBe(emitida.FAC_CLAVE_ACCESO);
      // However many times it was sent, the SRI registered one document.
      expect(sri.estadisticas().claves[emitida.FAC_CLAVE_ACCESO!]!.estado).toBe('AUTORIZADO');
    },
  );

  it('received, but the authorization service down: RECIBIDA since its reception, with the reason, then authorized', async () => {
    sri.modo('caido', { servicio: 'autorizacion' });
    const antes = Date.now();
    const { id, emitida } = await emitir();
    const f = await conMotivo(id);
    expect(f.cola?.error).toContain('No se pudo conectar con el SRI.');
    // The reception is written with the failed ask: the 24 hours count from it, and it is not sent again.
    expect(f.FAC_ESTADO).toBe('RECIBIDA');
    expect(Date.parse(f.FAC_RECIBIDA!)).toBeGreaterThanOrEqual(antes - 1_000);
    sri.modo('normal');
    const autorizada = await esperarEstado(t, tornillo, id, ['AUTORIZADA']);
    expect(autorizada.FAC_RECIBIDA).toBe(f.FAC_RECIBIDA);
    expect(sri.estadisticas().claves[emitida.FAC_CLAVE_ACCESO!]!.recepciones).toBe(1);
  });

  it('a document the SRI already holds (sent before the process died) is resolved by asking for its authorization', async () => {
    const { id, emitida } = await emitir();
    // What a process killed after sending leaves: the SRI has it, Amelia does not know. Sent again, the SRI says so.
    const cliente = crearClienteSri(configSri(sri.url).sri!);
    const xml = (await call(tornillo, 'GET', `/${id}/xml`)).body;
    const primera = await cliente.validarComprobante('1', xml);
    const f = await esperarEstado(t, tornillo, id, ['AUTORIZADA', 'DEVUELTA']);
    expect(f.FAC_ESTADO).toBe('AUTORIZADA');
    expect(['RECIBIDA', 'DEVUELTA']).toContain(primera.estado);
    expect(sri.estadisticas().claves[emitida.FAC_CLAVE_ACCESO!]!.estado).toBe('AUTORIZADO');
  });

  it('documents held by a worker that died are taken again when its lease passes', async () => {
    const { id } = await emitir();
    // Another worker takes it first and dies with it: a 600 ms lease it never gives back.
    const tomadas = await tomar(t.db, 100, 600);
    const f = await esperarEstado(t, tornillo, id, ['AUTORIZADA'], { timeoutMs: 10_000 });
    expect(f.FAC_ESTADO).toBe('AUTORIZADA');
    // Either the dead worker took it (and it waited for the lease) or the live one had it already.
    expect(tomadas.length).toBeLessThanOrEqual(1);
  });

  it('marks an authorized invoice annulled with its reason; refuses without one, twice, or before authorization; counts it apart', async () => {
    const { id } = await emitir();
    await esperarEstado(t, tornillo, id, ['AUTORIZADA']);
    const sinMotivo = await call(tornillo, 'POST', `/${id}/anular`, { motivo: '   ' });
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().msg).toBe(FACTURAS_MSG.anulacionMotivo);
    expect((await call(andina, 'POST', `/${id}/anular`, { motivo: 'x' })).statusCode).toBe(404);
    const antes = (await call(tornillo, 'GET', '/estados')).json();
    const sumaAntes = (await call(tornillo, 'GET', '/totales')).json();
    const ok = await call(tornillo, 'POST', `/${id}/anular`, { motivo: 'Error en el precio, anulada en el portal del SRI' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ FAC_ESTADO: 'ANULADA', FAC_ANULACION_MOTIVO: 'Error en el precio, anulada en el portal del SRI' });
    const despues = (await call(tornillo, 'GET', '/estados')).json();
    expect(despues.autorizadas).toBe(antes.autorizadas - 1);
    expect(despues.estados.ANULADA).toBe(antes.estados.ANULADA + 1);
    // Still listed and counted, no longer added up.
    const suma = (await call(tornillo, 'GET', '/totales')).json();
    expect(suma.cantidad).toBe(sumaAntes.cantidad);
    expect(suma.anuladas).toBe(sumaAntes.anuladas + 1);
    expect(Number(suma.total)).toBeCloseTo(Number(sumaAntes.total) - 37.78, 2);
    const otra = await call(tornillo, 'POST', `/${id}/anular`, { motivo: 'otra vez' });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().msg).toBe(FACTURAS_MSG.soloAutorizadaAnulable);
    // Its number and documents stay.
    expect((await call(tornillo, 'GET', `/${id}/autorizado`)).statusCode).toBe(200);
  });

  it('resends the email to the buyer or to other addresses; refuses a bad address, a pending invoice, and another company', async () => {
    const { id, emitida } = await emitir();
    await esperarEstado(t, tornillo, id, ['AUTORIZADA']);
    const antes = (await t.mails()).length;
    const res = await call(tornillo, 'POST', `/${id}/correo`, { para: 'contabilidad@cliente.ec; compras@cliente.ec' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      FAC_ENTREGA: 'ENVIADA',
      FAC_ENTREGA_DETALLE: 'contabilidad@cliente.ec, compras@cliente.ec',
    });
    const correos = await t.mails();
    expect(correos).toHaveLength(antes + 1);
    expect(correos.at(-1)!.to).toBe('contabilidad@cliente.ec, compras@cliente.ec');
    expect(correos.at(-1)!.subject).toContain(emitida.FAC_NUMERO!);
    const mala = await call(tornillo, 'POST', `/${id}/correo`, { para: 'contabilidad@' });
    expect(mala.statusCode).toBe(400);
    expect(mala.json().msg).toBe(FACTURAS_MSG.correoInvalido('contabilidad@'));
    expect((await call(andina, 'POST', `/${id}/correo`, {})).statusCode).toBe(404);
    expect((await call(andina, 'GET', `/${id}/autorizado`)).statusCode).toBe(404);
    const borradorId = await crearOk(t, tornillo, borrador(punto, cliente));
    expect((await call(tornillo, 'POST', `/${borradorId}/correo`, {})).statusCode).toBe(409);
  });

  it('counts the invoices waiting for the SRI against the plan: the last document left is not issued twice', async () => {
    const plan = and(eq(planesEmpresa.EMP_CODIGO, empresa), eq(planesEmpresa.PLANEMPRESA_NOMBRE, 'Plan de pruebas'));
    await t.db.update(planesEmpresa).set({ PLANEMPRESA_USADOS: 499 }).where(plan);
    sri.modo('caido');
    const { id } = await emitir();
    const otra = await crearOk(t, tornillo, borrador(punto, cliente));
    const res = await call(tornillo, 'POST', `/${otra}/emitir`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(PLAN_MSG.enCamino(500, 1));
    sri.modo('normal');
    await esperarEstado(t, tornillo, id, ['AUTORIZADA']);
    expect(await usados()).toBe(500);
    await t.db.update(planesEmpresa).set({ PLANEMPRESA_USADOS: 0 }).where(plan);
  });

  it('counts the invoices by state for the list and the home', async () => {
    // Every invoice of this file has been issued, authorized, returned, refused, annulled or emailed by now: the
    // counters the triggers keep agree with counting the company's invoices, and a change rolled back leaves them as
    // they were.
    const contar = async () => {
      const { rows } = await t.db.execute(
        sql`SELECT fac_estado, count(*)::int AS n, count(*) FILTER (WHERE fac_estado = 'AUTORIZADA' AND fac_entrega = 'FALLIDA')::int AS fallidos
            FROM facturas WHERE emp_codigo = ${empresa} GROUP BY fac_estado`,
      );
      const cuenta = rows as Array<{ fac_estado: string; n: number; fallidos: number }>;
      return {
        estados: Object.fromEntries(cuenta.map((r) => [r.fac_estado, r.n])),
        correosFallidos: cuenta.reduce((total, r) => total + r.fallidos, 0),
      };
    };
    const real = await contar();
    await t.db
      .transaction(async (tx) => {
        await tx.update(facturas).set({ FAC_ESTADO: 'ANULADA' }).where(eq(facturas.EMP_CODIGO, empresa));
        throw new Error('revertir');
      })
      .catch(() => undefined);
    const res = await call(tornillo, 'GET', '/estados');
    expect(res.statusCode).toBe(200);
    const e = res.json();
    expect(e.estados).toEqual({ ...Object.fromEntries(Object.keys(e.estados).map((estado) => [estado, 0])), ...real.estados });
    expect(e.correosFallidos).toBe(real.correosFallidos);
    // The list's totals by state read the counters; with a date too they are summed from the invoices: the same.
    const totales = async (filtro: object) =>
      (await call(tornillo, 'GET', `/totales?${new URLSearchParams({ filter: JSON.stringify(filtro) })}`)).json();
    for (const filtro of [{}, { FAC_ESTADO: 'AUTORIZADA' }, { FAC_ESTADO: ['ANULADA', 'BORRADOR'] }, { FAC_ENTREGA: 'FALLIDA' }]) {
      const contados = await totales(filtro);
      expect(contados).toEqual(await totales({ ...filtro, desde: '2000-01-01' }));
    }
    expect((await totales({})).cantidad).toBe(Object.values(real.estados).reduce((a, b) => a + b, 0));
    expect(e.autorizadas).toBe(e.estados.AUTORIZADA);
    expect(e.pendientes).toBe(e.estados.FIRMADA + e.estados.ENVIADA + e.estados.RECIBIDA);
    expect(e.devueltas).toBe(e.estados.DEVUELTA + e.estados.RECHAZADA);
    expect(e.estados.BORRADOR).toBeGreaterThan(0);
    expect((await call(andina, 'GET', '/estados')).json().autorizadas).toBe(0);
  });

  /** Every draft of the company made FIRMADA in `tx`, as issuing them would leave them (the counters' tests). */
  const firmarBorradores = (tx: Pick<typeof t.db, 'update'>) =>
    tx
      .update(facturas)
      .set({ FAC_ESTADO: 'FIRMADA' })
      .where(and(eq(facturas.EMP_CODIGO, empresa), eq(facturas.FAC_ESTADO, 'BORRADOR')));

  it('keeps the documents in flight the plan judges (every company, every type) equal to counting them', async () => {
    // By now this file's documents were issued, received, authorized, returned and refused: the row the triggers keep
    // per company agrees with a count, inside a transaction that issues, answers and deletes documents, and after it
    // rolled back. The count uses the domain's states: a state added there without a migration for the triggers fails.
    const comparar = async (db: Pick<typeof t.db, 'execute'>) => {
      const { rows } = await db.execute(
        sql`SELECT e.emp_codigo, coalesce(c.total, 0)::int AS guardados,
              (SELECT count(*)::int FROM facturas f WHERE f.emp_codigo = e.emp_codigo
                AND f.fac_estado IN (${sql.join(
                  ESTADOS_EN_CAMINO.map((e) => sql`${e}`),
                  sql`, `,
                )})) AS contados
            FROM empresas e LEFT JOIN comprobantes_en_camino c ON c.emp_codigo = e.emp_codigo ORDER BY 1`,
      );
      const filas = rows as Array<{ emp_codigo: number; guardados: number; contados: number }>;
      expect(filas.filter((f) => f.guardados !== f.contados)).toEqual([]);
      return filas.find((f) => f.emp_codigo === empresa)!.contados;
    };
    await crearOk(t, tornillo, borrador(punto, cliente));
    const antes = await comparar(t.db);
    await t.db
      .transaction(async (tx) => {
        await firmarBorradores(tx);
        expect(await comparar(tx)).toBeGreaterThan(antes);
        await tx.update(facturas).set({ FAC_ESTADO: 'RECIBIDA' }).where(eq(facturas.FAC_ESTADO, 'FIRMADA'));
        await tx.update(facturas).set({ FAC_ESTADO: 'SIN_RESPUESTA' }).where(eq(facturas.EMP_CODIGO, empresa));
        await comparar(tx);
        await tx
          .update(facturas)
          .set({ FAC_ESTADO: 'AUTORIZADA' })
          .where(and(eq(facturas.EMP_CODIGO, empresa), sql`fac_codigo % 2 = 0`));
        await comparar(tx);
        await tx.delete(facturas).where(and(eq(facturas.EMP_CODIGO, empresa), eq(facturas.FAC_ESTADO, 'SIN_RESPUESTA')));
        expect(await comparar(tx)).toBe(0);
        throw new Error('revertir');
      })
      .catch((e: Error) => expect(e.message).toBe('revertir'));
    expect(await comparar(t.db)).toBe(antes);
  });

  it("keeps every company's invoice counters (state, delivery, amounts) equal to counting its invoices, other types aside", async () => {
    // The row triggers of migration 0035: checked against a GROUP BY of every company's invoices after inserts, changes
    // of state, delivery, amounts and type, moves between companies and deletes, inside a transaction and after it
    // rolled back. A note or a guía (another FAC_TIPO) is never counted.
    const comparar = async (db: Pick<typeof t.db, 'execute'>) => {
      const { rows } = await db.execute(
        sql`WITH contados AS (
              SELECT emp_codigo, fac_estado, coalesce(fac_entrega, '') AS fac_entrega, count(*)::int AS total,
                sum(fac_subtotal) AS subtotal, sum(fac_iva) AS iva, sum(fac_total) AS importe
              FROM facturas WHERE fac_tipo = '01' GROUP BY 1, 2, 3),
            guardados AS (SELECT emp_codigo, fac_estado, fac_entrega, total::int AS total, subtotal, iva, importe
              FROM facturas_contadores WHERE total <> 0 OR subtotal <> 0 OR iva <> 0 OR importe <> 0)
            SELECT count(*)::int AS n FROM (
              (SELECT * FROM contados EXCEPT SELECT * FROM guardados) UNION ALL (SELECT * FROM guardados EXCEPT SELECT * FROM contados)) d`,
      );
      expect((rows as Array<{ n: number }>)[0]!.n).toBe(0);
    };
    const [otra] = await t.db
      .select({ id: planesEmpresa.EMP_CODIGO })
      .from(planesEmpresa)
      .where(sql`${planesEmpresa.EMP_CODIGO} <> ${empresa}`)
      .limit(1);
    await crearOk(t, tornillo, borrador(punto, cliente));
    await comparar(t.db);
    await t.db
      .transaction(async (tx) => {
        await firmarBorradores(tx);
        await tx
          .update(facturas)
          .set({ FAC_ENTREGA: 'FALLIDA', FAC_TOTAL: sql`${facturas.FAC_TOTAL} + 1` })
          .where(sql`fac_codigo % 3 = 0`);
        await tx
          .update(facturas)
          .set({ FAC_TIPO: '04' })
          .where(and(eq(facturas.EMP_CODIGO, empresa), sql`fac_codigo % 5 = 0`));
        await tx
          .update(facturas)
          .set({ FAC_TIPO: '01' })
          .where(and(eq(facturas.FAC_TIPO, '04'), sql`fac_codigo % 7 = 0`));
        if (otra)
          await tx
            .update(facturas)
            .set({ EMP_CODIGO: otra.id })
            .where(and(eq(facturas.EMP_CODIGO, empresa), sql`fac_codigo % 4 = 0`));
        await comparar(tx);
        await tx.delete(facturas).where(and(eq(facturas.EMP_CODIGO, empresa), eq(facturas.FAC_ESTADO, 'FIRMADA')));
        await comparar(tx);
        throw new Error('revertir');
      })
      .catch((e: Error) => expect(e.message).toBe('revertir'));
    await comparar(t.db);
  });
});

describe.each(testDatabases)('facturas: la cola del SRI entre reinicios e instancias (%s)', (kind) => {
  let sri: SriLocal;
  let t: TestApp;
  let tornillo: string;

  beforeAll(async () => {
    // This instance works no queue: it is the server that was killed, or one with SRI_COLA=false.
    const inicio = await tornilloConSri(kind, { cliente: 302, app: {} });
    ({ sri, t, tornillo } = inicio);
    const { punto, cliente } = inicio;
    ids = [];
    for (let i = 0; i < 16; i++) {
      const id = await crearOk(t, tornillo, borrador(punto, cliente));
      const res = await t.app.inject({ method: 'POST', url: `/api/facturas/${id}/emitir`, headers: { 'x-token': tornillo } });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(id);
    }
  });
  let ids: number[] = [];
  afterAll(async () => {
    await t?.close();
    await sri?.close();
  });

  it('issued documents wait on the queue in the database; two instances started later send each one exactly once', async () => {
    for (const id of ids) {
      const f = (await t.app.inject({ method: 'GET', url: `/api/facturas/${id}`, headers: { 'x-token': tornillo } })).json();
      expect(f).toMatchObject({ FAC_ESTADO: 'FIRMADA', cola: { paso: 'ENVIAR' } });
    }
    // Two instances with a worker each, on the same database, started together.
    const instancias = await Promise.all([t.otherInstance(configSri(sri.url)), t.otherInstance(configSri(sri.url))]);
    const claves: string[] = [];
    for (const id of ids) claves.push((await esperarEstado(t, tornillo, id, ['AUTORIZADA'], { timeoutMs: 30_000 })).FAC_CLAVE_ACCESO!);
    const vistas = sri.estadisticas().claves;
    for (const clave of claves) expect(vistas[clave]).toMatchObject({ recepciones: 1, estado: 'AUTORIZADO' });
    const correos = (await t.mails()).filter((m) => claves.some((clave) => m.text.includes(clave)));
    expect(correos).toHaveLength(ids.length);
    for (const instancia of instancias) await instancia.close();
  });
  it('stopping an instance cuts its calls to a slow SRI at once; the document goes back on the queue and the next instance sends it', async () => {
    const punto = await puntoPrincipal(t, (await loginCompany(t, COMPANIES.tornillo)).COM_CODIGO);
    const cliente = await nuevoCliente(t, (await loginCompany(t, COMPANIES.tornillo)).COM_CODIGO, 303);
    const id = await crearOk(t, tornillo, borrador(punto, cliente));
    expect((await t.app.inject({ method: 'POST', url: `/api/facturas/${id}/emitir`, headers: { 'x-token': tornillo } })).statusCode).toBe(
      200,
    );
    sri.modo('lento', { demoraMs: 60_000 });
    const lenta = await t.otherInstance(configSri(sri.url, { timeoutMs: 30_000 }));
    await esperarEstado(t, tornillo, id, ['ENVIADA'], { sinCola: false });
    const inicio = Date.now();
    await lenta.close();
    expect(Date.now() - inicio).toBeLessThan(5_000);
    const devuelta = (await t.app.inject({ method: 'GET', url: `/api/facturas/${id}`, headers: { 'x-token': tornillo } })).json();
    expect(devuelta.cola).toMatchObject({
      paso: 'ENVIAR',
      intentos: 1,
      error: 'El servidor se detuvo durante la consulta al SRI; se reintentará.',
    });
    sri.modo('normal');
    await t.otherInstance(configSri(sri.url));
    expect((await esperarEstado(t, tornillo, id, ['AUTORIZADA'])).FAC_ESTADO).toBe('AUTORIZADA');
  });
});
