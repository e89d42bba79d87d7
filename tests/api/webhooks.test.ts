import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp, type TestDbKind } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { borrador, crearOk } from '../helpers/facturas-api';
import { configSri, esperarEstado, tornilloConSri } from '../helpers/sri';
import { freePort } from '../helpers/processes';
import { claveApi, conClave } from '../helpers/claves';
import { iniciarReceptor, verificarFirma, type Receptor, type Recibida } from '../helpers/receptor-webhooks';
import { empresasHistorial, webhooksEntregas } from '../../server/infra/db/schema';
import { WEBHOOKS_MSG, type EntregaDetalle } from '../../server/modules/webhooks/contract';
import type { Config } from '../../server/config';
import type { SriLocal } from '../../server/sri-local';
import { hoyEcuador, sumarDias } from '../../domain/fechas';

/**
 * Signed webhooks end to end: the company's endpoints (CRUD, secrets shown once, never logged), the events of real
 * documents issued against the local SRI, and deliveries to an independent receiver (tests/helpers/receptor-webhooks.ts)
 * that checks each signature with its own code: retries after 500s and timeouts, FALLIDA after 24 hours, redelivery
 * with the same id, private addresses refused, and several instances delivering each event once.
 */

/** The webhooks' worker of an instance, on, with short waits for the tests. */
const conWebhooks = (t: TestApp, webhooks: Partial<Config['integraciones']['webhooks']> = {}): Partial<Config> => ({
  integraciones: {
    ...t.config.integraciones,
    webhooks: { cola: true, timeoutMs: 600, reintentoMs: 50, intervaloMs: 200, redesPrivadas: true, ...webhooks },
  },
});

type Respuesta = Awaited<ReturnType<TestApp['app']['inject']>>;
type Llamada = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => Promise<Respuesta>;

function cliente(t: TestApp, token: string): Llamada {
  return (method, url, payload) =>
    t.app.inject({ method, url: `/api/webhooks${url}`, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
}

/** Polls one delivery through the API until `listo`. */
async function esperarEntrega(call: Llamada, webhook: number, entrega: number, listo: (e: EntregaDetalle) => boolean, ms = 10_000) {
  const hasta = Date.now() + ms;
  let ultima: EntregaDetalle | undefined;
  while (Date.now() < hasta) {
    const res = await call('GET', `/${webhook}/entregas/${entrega}`);
    expect(res.statusCode, res.body).toBe(200);
    ultima = res.json() as EntregaDetalle;
    if (listo(ultima)) return ultima;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`La entrega ${entrega} no llegó a lo esperado: ${JSON.stringify(ultima)}`);
}

describe.each(testDatabases)('webhooks (%s)', (kind: TestDbKind) => {
  let sri: SriLocal;
  let t: TestApp;
  let tornillo: string;
  let andina: string;
  let empresa: number;
  let usuario: number;
  let punto: number;
  let clienteId: number;
  let receptor: Receptor;
  let call: Llamada;

  /** Registers an endpoint on the receiver's `ruta` and tells the receiver its secret. */
  async function registrar(ruta: string, eventos: string[], extra: object = {}) {
    const res = await call('POST', '', { WEB_URL: receptor.url(ruta), WEB_EVENTOS: eventos, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    const creado = res.json();
    receptor.secreto(ruta, creado.secreto);
    return creado as { WEB_CODIGO: number; secreto: string };
  }

  /** Queues a ping and returns its delivery's id. */
  async function ping(webhook: number): Promise<number> {
    const res = await call('POST', `/${webhook}/prueba`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe(WEBHOOKS_MSG.prueba);
    return res.json().ENT_CODIGO;
  }

  const emitir = async (extra: Parameters<typeof borrador>[3] = {}) => {
    const id = await crearOk(t, tornillo, borrador(punto, clienteId, undefined, extra));
    const res = await t.app.inject({ method: 'POST', url: `/api/facturas/${id}/emitir`, headers: { 'x-token': tornillo } });
    expect(res.statusCode, res.body).toBe(200);
    return { id, emitida: res.json() as { FAC_CLAVE_ACCESO: string; FAC_NUMERO: string } };
  };

  const deDocumento = (evento: string, id: number) => (r: Recibida) => r.evento === evento && r.cuerpo.comprobante?.id === id;

  beforeAll(async () => {
    receptor = await iniciarReceptor();
    ({ sri, t, tornillo, andina, empresa, punto, cliente: clienteId } = await tornilloConSri(kind, { cliente: 331 }));
    usuario = (await loginCompany(t, COMPANIES.tornillo)).USU_CODIGO;
    call = cliente(t, tornillo);
    // The deliveries are made by a second instance on the same database, with its worker on.
    await t.otherInstance(conWebhooks(t));
  });
  afterAll(async () => {
    await t?.close();
    await sri?.close();
    await receptor?.close();
  });

  it('registers, lists, edits, rotates and deletes endpoints; the secret only in the create and rotate answers; 404 for another company; never with an API key', async () => {
    const malas = [
      [{ WEB_URL: 'ftp://ejemplo.ec/x', WEB_EVENTOS: ['comprobante.autorizado'] }, WEBHOOKS_MSG.urlInvalida],
      [{ WEB_URL: 'https://', WEB_EVENTOS: ['comprobante.autorizado'] }, WEBHOOKS_MSG.urlInvalida],
      [{ WEB_URL: 'no es una url', WEB_EVENTOS: ['comprobante.autorizado'] }, WEBHOOKS_MSG.urlInvalida],
      [{ WEB_URL: 'https://erp.ejemplo.ec/amelia', WEB_EVENTOS: [] }, 'Elija al menos un evento'],
      [
        { WEB_URL: 'https://erp.ejemplo.ec/amelia', WEB_EVENTOS: ['factura.pagada'] },
        'Evento desconocido: elija entre comprobante.autorizado',
      ],
      [{ WEB_URL: 'https://erp.ejemplo.ec/amelia', WEB_EVENTOS: ['comprobante.autorizado'], secreto: 'corto' }, 'El secreto debe tener'],
    ] as const;
    for (const [body, msg] of malas) {
      const res = await call('POST', '', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toContain(msg);
    }

    const res = await call('POST', '', {
      WEB_URL: ' https://erp.ejemplo.ec/amelia ',
      WEB_EVENTOS: ['comprobante.autorizado', 'comprobante.anulado'],
      WEB_DESCRIPCION: 'ERP',
    });
    expect(res.statusCode, res.body).toBe(201);
    const creado = res.json();
    expect(creado).toMatchObject({
      WEB_URL: 'https://erp.ejemplo.ec/amelia',
      WEB_DESCRIPCION: 'ERP',
      WEB_EVENTOS: ['comprobante.autorizado', 'comprobante.anulado'],
      WEB_ACTIVO: true,
      pendientes: 0,
      fallidas: 0,
      ultimaEntrega: null,
    });
    expect(creado.secreto).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const id = creado.WEB_CODIGO;

    const lista = await call('GET', '');
    expect(lista.statusCode).toBe(200);
    expect(lista.headers['content-range']).toMatch(/^webhooks 0-\d+\/\d+$/);
    expect(lista.json().map((w: { WEB_CODIGO: number }) => w.WEB_CODIGO)).toContain(id);
    expect(lista.body).not.toContain(creado.secreto);
    expect(lista.body).not.toContain('secreto');
    const uno = await call('GET', `/${id}`);
    expect(uno.statusCode).toBe(200);
    expect(uno.body).not.toContain(creado.secreto);
    expect(Object.keys(uno.json())).not.toContain('secreto');

    const editado = await call('PUT', `/${id}`, { WEB_EVENTOS: ['comprobante.rechazado'], WEB_ACTIVO: false });
    expect(editado.statusCode, editado.body).toBe(200);
    expect(editado.json()).toMatchObject({
      WEB_URL: 'https://erp.ejemplo.ec/amelia',
      WEB_EVENTOS: ['comprobante.rechazado'],
      WEB_ACTIVO: false,
    });
    expect((await call('PUT', `/${id}`, { WEB_URL: 'javascript:alert(1)' })).json().msg).toBe(WEBHOOKS_MSG.urlInvalida);

    const rotado = await call('POST', `/${id}/secreto`);
    expect(rotado.statusCode).toBe(200);
    expect(rotado.json().secreto).toMatch(/^whsec_/);
    expect(rotado.json().secreto).not.toBe(creado.secreto);

    // Another company's endpoint does not exist for it.
    const ajena = cliente(t, andina);
    for (const [method, url] of [
      ['GET', `/${id}`],
      ['PUT', `/${id}`],
      ['DELETE', `/${id}`],
      ['POST', `/${id}/secreto`],
      ['POST', `/${id}/prueba`],
      ['GET', `/${id}/entregas`],
    ] as const)
      expect((await ajena(method, url, method === 'PUT' ? { WEB_ACTIVO: true } : undefined)).statusCode, `${method} ${url}`).toBe(404);
    expect((await ajena('GET', '')).json().map((w: { WEB_CODIGO: number }) => w.WEB_CODIGO)).not.toContain(id);

    // An API key never reaches the webhooks, whatever its scopes.
    const clave = await claveApi(t, { empresa, usuario });
    for (const [method, url] of [
      ['GET', ''],
      ['POST', ''],
      ['GET', `/${id}`],
      ['POST', `/${id}/prueba`],
    ] as const) {
      const r = await t.app.inject({
        method,
        url: `/api/webhooks${url}`,
        headers: conClave(clave),
        payload: method === 'POST' ? {} : undefined,
      });
      expect(r.statusCode, `${method} ${url}`).toBe(403);
    }

    // The history records each change, never a secret.
    const historial = await t.db.select().from(empresasHistorial).where(eq(empresasHistorial.EMP_CODIGO, empresa));
    const texto = JSON.stringify(historial);
    expect(texto).toContain('Webhook https://erp.ejemplo.ec/amelia creado');
    expect(texto).toContain('secreto renovado');
    expect(texto).not.toContain(creado.secreto);
    expect(texto).not.toContain(rotado.json().secreto);

    const borrado = await call('DELETE', `/${id}`);
    expect(borrado.statusCode).toBe(200);
    expect(borrado.json().msg).toBe(WEBHOOKS_MSG.eliminado);
    expect((await call('GET', `/${id}`)).statusCode).toBe(404);
  });

  it('two endpoints subscribed to the same event each get their own delivery, and the invoice is still authorized', async () => {
    const uno = await registrar('/uno', ['comprobante.autorizado']);
    const dos = await registrar('/dos', ['comprobante.autorizado']);
    const { id } = await emitir();
    await esperarEstado(t, tornillo, id, ['AUTORIZADA']);
    const recibidas = (
      await receptor.esperar((rs) =>
        ['/uno', '/dos'].every((ruta) => rs.some((r) => r.ruta === ruta && deDocumento('comprobante.autorizado', id)(r))),
      )
    ).filter((r) => deDocumento('comprobante.autorizado', id)(r) && ['/uno', '/dos'].includes(r.ruta));
    expect(recibidas.map((r) => r.ruta).sort()).toEqual(['/dos', '/uno']);
    expect(new Set(recibidas.map((r) => r.entrega)).size).toBe(2);
    expect(recibidas.every((r) => r.firmaValida)).toBe(true);
    for (const w of [uno, dos]) expect((await call('DELETE', `/${w.WEB_CODIGO}`)).statusCode).toBe(200);
  });

  it('an authorized invoice reaches the subscribed endpoint signed, with its key, number and links; an annulment sends comprobante.anulado; an unsubscribed endpoint gets nothing', async () => {
    const autorizados = await registrar('/autorizados', ['comprobante.autorizado']);
    await registrar('/anulados', ['comprobante.anulado']);
    const { id, emitida } = await emitir();
    await esperarEstado(t, tornillo, id, ['AUTORIZADA']);
    const [r] = (await receptor.esperar((rs) => rs.some(deDocumento('comprobante.autorizado', id)))).filter(
      deDocumento('comprobante.autorizado', id),
    );
    expect(r.ruta).toBe('/autorizados');
    expect(r.firmaValida).toBe(true);
    expect(r.cabeceras['content-type']).toBe('application/json');
    expect(r.cabeceras['user-agent']).toBe('Amelia-Webhooks/1');
    expect(r.cuerpo.id).toBe(r.entrega);
    expect(r.cuerpo).toMatchObject({
      evento: 'comprobante.autorizado',
      empresa: { ruc: COMPANIES.tornillo.ruc },
      comprobante: {
        id,
        tipo: '01',
        estado: 'AUTORIZADA',
        numero: emitida.FAC_NUMERO,
        claveAcceso: emitida.FAC_CLAVE_ACCESO,
        autorizacion: emitida.FAC_CLAVE_ACCESO,
        enlaces: { comprobante: `/api/facturas/${id}`, xml: `/api/facturas/${id}/xml`, ride: `/api/facturas/${id}/ride` },
      },
    });
    // The check is the receiver's own code: a changed body or another secret fails it.
    expect(verificarFirma('whsec_otro-secreto-cualquiera', r.firma, r.crudo)).toBe(false);
    expect(verificarFirma(autorizados.secreto, r.firma, r.crudo.replace(emitida.FAC_NUMERO, '001-001-999999999'))).toBe(false);
    expect(verificarFirma(autorizados.secreto, r.firma, r.crudo)).toBe(true);

    const log = await call('GET', `/${autorizados.WEB_CODIGO}/entregas?filter=${encodeURIComponent('{"ENT_ESTADO":"ENTREGADA"}')}`);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json()[0]).toMatchObject({
      ENT_CODIGO: Number(r.entrega),
      ENT_EVENTO: 'comprobante.autorizado',
      FAC_CODIGO: id,
      ENT_ESTADO: 'ENTREGADA',
      ENT_INTENTOS: 1,
      ultimoCodigo: 200,
      resumen: `Factura ${emitida.FAC_NUMERO}`,
    });

    const anular = await t.app.inject({
      method: 'POST',
      url: `/api/facturas/${id}/anular`,
      headers: { 'x-token': tornillo },
      payload: { motivo: 'Anulada en el portal del SRI' },
    });
    expect(anular.statusCode, anular.body).toBe(200);
    const [a] = (await receptor.esperar((rs) => rs.some(deDocumento('comprobante.anulado', id)))).filter(
      deDocumento('comprobante.anulado', id),
    );
    expect(a.ruta).toBe('/anulados');
    expect(a.firmaValida).toBe(true);
    expect(a.cuerpo.comprobante).toMatchObject({ estado: 'ANULADA', numero: emitida.FAC_NUMERO });
    // Each endpoint only got what it chose.
    expect(receptor.de('/anulados').some(deDocumento('comprobante.autorizado', id))).toBe(false);
    expect(receptor.de('/autorizados').some(deDocumento('comprobante.anulado', id))).toBe(false);
  });

  it('a DEVUELTA document sends comprobante.devuelto and a NO AUTORIZADO one comprobante.rechazado, with the SRI messages', async () => {
    await registrar('/rechazos', ['comprobante.devuelto', 'comprobante.rechazado']);
    const devuelta = await emitir({ FAC_FECHA: sumarDias(hoyEcuador(), -100) });
    await esperarEstado(t, tornillo, devuelta.id, ['DEVUELTA']);
    const [d] = (await receptor.esperar((rs) => rs.some(deDocumento('comprobante.devuelto', devuelta.id)))).filter(
      deDocumento('comprobante.devuelto', devuelta.id),
    );
    expect(d.firmaValida).toBe(true);
    expect(d.cuerpo.comprobante).toMatchObject({ estado: 'DEVUELTA', mensajes: [expect.objectContaining({ identificador: '65' })] });

    const rechazada = await emitir();
    sri.programar(rechazada.emitida.FAC_CLAVE_ACCESO, [
      { estado: 'NO AUTORIZADO', mensajes: [{ identificador: '52', mensaje: 'ERROR EN DIFERENCIAS', tipo: 'ERROR' }] },
    ]);
    expect((await esperarEstado(t, tornillo, rechazada.id, ['RECHAZADA', 'AUTORIZADA'])).FAC_ESTADO).toBe('RECHAZADA');
    const [r] = (await receptor.esperar((rs) => rs.some(deDocumento('comprobante.rechazado', rechazada.id)))).filter(
      deDocumento('comprobante.rechazado', rechazada.id),
    );
    expect(r.firmaValida).toBe(true);
    expect(r.cuerpo.comprobante).toMatchObject({ estado: 'RECHAZADA', mensajes: [expect.objectContaining({ identificador: '52' })] });
  });

  it('retries after 500, 500: three attempts in the log, ENTREGADA, one delivery id', async () => {
    const w = await registrar('/falla-dos', ['comprobante.autorizado']);
    receptor.programar('/falla-dos', [500, 500]);
    const ent = await ping(w.WEB_CODIGO);
    const e = await esperarEntrega(call, w.WEB_CODIGO, ent, (x) => x.ENT_ESTADO === 'ENTREGADA');
    expect(e.ENT_INTENTOS).toBe(3);
    expect(e.intentos.map((i) => i.codigo)).toEqual([500, 500, 200]);
    expect(e.intentos[0].error).toBe('HTTP 500');
    expect(e.cuerpo).toMatchObject({ id: String(ent), evento: 'ping', comprobante: null });
    const recibidas = receptor.de('/falla-dos');
    expect(recibidas).toHaveLength(3);
    expect(new Set(recibidas.map((r) => r.entrega))).toEqual(new Set([String(ent)]));
    expect(recibidas.every((r) => r.firmaValida)).toBe(true);
    expect(recibidas.map((r) => r.respondio)).toEqual([500, 500, 200]);
  });

  it('a receiver that hangs past the timeout: a timeout attempt, then delivered', async () => {
    const w = await registrar('/lento', ['comprobante.autorizado']);
    receptor.programar('/lento', ['colgar']);
    const ent = await ping(w.WEB_CODIGO);
    const e = await esperarEntrega(call, w.WEB_CODIGO, ent, (x) => x.ENT_ESTADO === 'ENTREGADA');
    expect(e.intentos).toHaveLength(2);
    expect(e.intentos[0]).toMatchObject({ codigo: null, error: 'El receptor no respondió en 600 ms' });
    expect(e.intentos[0].ms).toBeGreaterThanOrEqual(590);
    expect(e.intentos[1].codigo).toBe(200);
  });

  it('past 24 hours a failing delivery is FALLIDA; redelivered by hand it arrives again with the same id', async () => {
    const w = await registrar('/caido', ['comprobante.autorizado']);
    receptor.programar('/caido', [], 503);
    const ent = await ping(w.WEB_CODIGO);
    await esperarEntrega(call, w.WEB_CODIGO, ent, (x) => x.ENT_INTENTOS >= 1);
    await t.db
      .update(webhooksEntregas)
      .set({ ENT_CREADA: sql`now() - interval '25 hours'` })
      .where(eq(webhooksEntregas.ENT_CODIGO, ent));
    const fallida = await esperarEntrega(call, w.WEB_CODIGO, ent, (x) => x.ENT_ESTADO === 'FALLIDA');
    expect(fallida.ENT_PROXIMO).toBeNull();
    expect(fallida.ultimoCodigo).toBe(503);
    expect((await call('GET', `/${w.WEB_CODIGO}`)).json()).toMatchObject({ fallidas: 1, pendientes: 0 });
    const log = await call('GET', `/${w.WEB_CODIGO}/entregas?filter=${encodeURIComponent('{"ENT_ESTADO":"FALLIDA"}')}`);
    expect(log.json().map((x: { ENT_CODIGO: number }) => x.ENT_CODIGO)).toEqual([ent]);

    receptor.programar('/caido', [], 200);
    const antes = receptor.de('/caido').length;
    const otra = cliente(t, andina);
    expect((await otra('POST', `/${w.WEB_CODIGO}/entregas/${ent}/reenviar`)).statusCode).toBe(404);
    const reenvio = await call('POST', `/${w.WEB_CODIGO}/entregas/${ent}/reenviar`);
    expect(reenvio.statusCode, reenvio.body).toBe(200);
    expect(reenvio.json().msg).toBe(WEBHOOKS_MSG.reenviada);
    const entregada = await esperarEntrega(call, w.WEB_CODIGO, ent, (x) => x.ENT_ESTADO === 'ENTREGADA');
    expect(entregada.intentos.at(-1)!.codigo).toBe(200);
    expect(entregada.ENT_INTENTOS).toBe(fallida.ENT_INTENTOS + 1);
    const despues = receptor.de('/caido').slice(antes);
    expect(despues.map((r) => [r.entrega, r.respondio])).toEqual([[String(ent), 200]]);

    // An ENTREGADA one can be sent again too, still under its id.
    expect((await call('POST', `/${w.WEB_CODIGO}/entregas/${ent}/reenviar`)).statusCode).toBe(200);
    await receptor.esperar(() => receptor.de('/caido').slice(antes).length === 2);
    expect(receptor.de('/caido').at(-1)!.entrega).toBe(String(ent));
  });
});

describe.each(testDatabases)('webhooks: an email the SMTP server refuses (%s)', (kind: TestDbKind) => {
  let sri: SriLocal;
  let t: TestApp;
  let receptor: Receptor;
  let tornillo: string;
  let punto: number;
  let clienteId: number;

  beforeAll(async () => {
    receptor = await iniciarReceptor();
    const port = await freePort();
    const smtp = await freePort();
    // Nobody listens on the SMTP port: every try is refused, and after the last one the email is FALLIDA.
    ({
      sri,
      t,
      tornillo,
      punto,
      cliente: clienteId,
    } = await tornilloConSri(kind, {
      cliente: 332,
      sri: { port },
      app: {
        ...configSri(`http://127.0.0.1:${port}/comprobantes-electronicos-ws`),
        smtpUrl: `smtp://127.0.0.1:${smtp}`,
      },
    }));
    await t.otherInstance(conWebhooks(t));
  });
  afterAll(async () => {
    await t?.close();
    await sri?.close();
    await receptor?.close();
  });

  it('sends correo.rebotado, with the state of the email, when the email to the buyer fails', async () => {
    const call = cliente(t, tornillo);
    const res = await call('POST', '', { WEB_URL: receptor.url('/correo'), WEB_EVENTOS: ['correo.rebotado'] });
    receptor.secreto('/correo', res.json().secreto);
    const id = await crearOk(t, tornillo, borrador(punto, clienteId));
    expect((await t.app.inject({ method: 'POST', url: `/api/facturas/${id}/emitir`, headers: { 'x-token': tornillo } })).statusCode).toBe(
      200,
    );
    const f = await esperarEstado(t, tornillo, id, ['AUTORIZADA'], { timeoutMs: 30_000 });
    expect(f.FAC_ENTREGA).toBe('FALLIDA');
    const [r] = await receptor.esperar((rs) => rs.some((x) => x.evento === 'correo.rebotado'));
    expect(r.firmaValida).toBe(true);
    expect(r.cuerpo.comprobante).toMatchObject({ id, estado: 'AUTORIZADA', correo: { estado: 'FALLIDA' } });
  });
});

describe.each(testDatabases)('webhooks: private addresses (%s)', (kind: TestDbKind) => {
  let t: TestApp;
  let receptor: Receptor;
  const logs: string[] = [];

  beforeAll(async () => {
    receptor = await iniciarReceptor();
    const logStream = new Writable({
      write(chunk, _enc, done) {
        logs.push(String(chunk));
        done();
      },
    });
    t = await startTestApp(kind, { logLevel: 'debug' }, { logStream });
    // This instance delivers as production does: private networks refused.
    await t.otherInstance(conWebhooks(t, { redesPrivadas: false }));
  });
  afterAll(async () => {
    await t?.close();
    await receptor?.close();
  });

  it('refuses to deliver to loopback, by address or by name, and says why; the secret is never in the logs', async () => {
    const { token } = await loginCompany(t, COMPANIES.tornillo);
    const call = cliente(t, token);
    for (const url of [receptor.url('/privada'), receptor.url('/privada').replace('127.0.0.1', 'localhost')]) {
      const res = await call('POST', '', { WEB_URL: url, WEB_EVENTOS: ['comprobante.autorizado'] });
      expect(res.statusCode, res.body).toBe(201);
      const { WEB_CODIGO, secreto } = res.json();
      const ent = (await call('POST', `/${WEB_CODIGO}/prueba`)).json().ENT_CODIGO;
      const e = await esperarEntrega(call, WEB_CODIGO, ent, (x) => x.ENT_INTENTOS >= 1);
      expect(e.intentos[0]).toMatchObject({ codigo: null, error: WEBHOOKS_MSG.urlPrivada });
      expect(e.ENT_ESTADO).toBe('PENDIENTE');
      const rotado = (await call('POST', `/${WEB_CODIGO}/secreto`)).json().secreto;
      expect(logs.join('')).not.toContain(secreto);
      expect(logs.join('')).not.toContain(rotado);
    }
    expect(receptor.recibidas).toHaveLength(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('webhooks: several instances (postgres)', () => {
  let t: TestApp;
  let receptor: Receptor;

  beforeAll(async () => {
    receptor = await iniciarReceptor();
    t = await startTestApp('postgres');
    await t.otherInstance(conWebhooks(t));
    await t.otherInstance(conWebhooks(t));
  });
  afterAll(async () => {
    await t?.close();
    await receptor?.close();
  });

  it('two instances with their workers on deliver 20 events once each', async () => {
    const { token } = await loginCompany(t, COMPANIES.tornillo);
    const call = cliente(t, token);
    const res = await call('POST', '', { WEB_URL: receptor.url('/varias'), WEB_EVENTOS: ['comprobante.autorizado'] });
    receptor.secreto('/varias', res.json().secreto);
    const ids = await Promise.all(
      Array.from({ length: 20 }, async () => (await call('POST', `/${res.json().WEB_CODIGO}/prueba`)).json().ENT_CODIGO as number),
    );
    await receptor.esperar((rs) => rs.length >= 20);
    // Time for a double delivery to show up, if there were one.
    await new Promise((resolve) => setTimeout(resolve, 800));
    const recibidas = receptor.de('/varias');
    expect(recibidas).toHaveLength(20);
    expect(new Set(recibidas.map((r) => r.entrega))).toEqual(new Set(ids.map(String)));
    expect(recibidas.every((r) => r.firmaValida)).toBe(true);
  });
});
