import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { TICKET_MSG } from '../../domain/tickets';
import type { TicketDetail } from '../../domain/contratos/soporte';
import { administradores, soporte, soporteHistorial, soporteRespuestas } from '../../server/infra/db/schema';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { adminToken, API, createTicket, validTicket } from '../helpers/soporte-api';

const MIGRACION_0028 = path.join(import.meta.dirname, '../../server/infra/db/migrations/0028_soporte_respuestas.sql');

describe.each(testDatabases)('soporte: la conversación de un ticket (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let distributor: string;
  let names: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    [admin, distributor] = await Promise.all([adminToken(t), adminToken(t, 'distribuidor')]);
    const rows = await t.db.select({ u: administradores.ADM_USUARIO, n: administradores.ADM_NOMBRE }).from(administradores);
    names = Object.fromEntries(rows.map((r) => [r.u, r.n]));
  });
  afterAll(() => t.close());

  const headers = (token: string) => ({ 'x-token': token });
  const detail = async (id: number, token = admin) =>
    (await t.app.inject({ method: 'GET', url: `${API}/soporte/${id}`, headers: headers(token) })).json() as TicketDetail;
  const reply = (id: number, html: string, token = admin, SPT_ESTADO?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `${API}/soporte/soporte/${id}`,
      headers: headers(token),
      payload: { SPT_RESPUESTA: html, ...(SPT_ESTADO ? { SPT_ESTADO } : {}) },
    });
  const setState = (id: number, SPT_ESTADO: string) =>
    t.app.inject({ method: 'PUT', url: `${API}/soporte/${id}`, headers: headers(admin), payload: { SPT_ESTADO } });
  const replyCount = async (id: number) => (await t.db.select().from(soporteRespuestas).where(eq(soporteRespuestas.SPT_ID, id))).length;

  it('dos respuestas quedan en el hilo tras el mensaje del cliente, la más antigua primero, con autor y fecha', async () => {
    const { SPT_ID } = await createTicket(t, { SPT_CLIENTENOMBRE: 'Cliente del Hilo' });
    const first = await reply(SPT_ID, '<p>Primera: revise el <strong>certificado</strong>.</p><script>x</script>');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().hilo).toHaveLength(2);
    const second = await reply(SPT_ID, '<p>Segunda: ya quedó.</p>', distributor);
    expect(second.statusCode, second.body).toBe(200);

    const ticket = await detail(SPT_ID);
    expect(ticket.hilo).toEqual([
      {
        tipo: 'cliente',
        SRE_ID: null,
        fecha: ticket.SPT_FECHA,
        autor: 'Cliente del Hilo',
        ADM_USUARIO: null,
        html: validTicket().SPT_MENSAJE,
      },
      {
        tipo: 'asesor',
        SRE_ID: expect.any(Number),
        fecha: expect.any(String),
        autor: names[DEMO.admin.usuario],
        ADM_USUARIO: DEMO.admin.usuario,
        html: '<p>Primera: revise el <strong>certificado</strong>.</p>',
      },
      {
        tipo: 'asesor',
        SRE_ID: expect.any(Number),
        fecha: expect.any(String),
        autor: names[DEMO.distribuidor.usuario],
        ADM_USUARIO: DEMO.distribuidor.usuario,
        html: '<p>Segunda: ya quedó.</p>',
      },
    ]);
    const [, a, b] = ticket.hilo;
    expect(a.SRE_ID!).toBeLessThan(b.SRE_ID!);
    expect(Date.parse(a.fecha)).toBeLessThanOrEqual(Date.parse(b.fecha));
    expect(Date.parse(ticket.SPT_FECHA)).toBeLessThanOrEqual(Date.parse(a.fecha));
    // The last reply stays where the published contract reads it; the history keeps both, as text.
    expect(ticket.SPT_RESPUESTA).toBe('<p>Segunda: ya quedó.</p>');
    expect(ticket.historial.filter((h) => h.HIS_ACCION === 'respuesta').map((h) => h.HIS_COMENTARIO)).toEqual([
      'Primera: revise el certificado.',
      'Segunda: ya quedó.',
    ]);
    // The other write routes answer the same ticket with its thread.
    const noted = await t.app.inject({
      method: 'PUT',
      url: `${API}/soporte/${SPT_ID}`,
      headers: headers(admin),
      payload: { comentario: 'nota' },
    });
    expect(noted.json().hilo).toEqual(ticket.hilo);
  });

  it('un ticket cerrado no acepta respuestas (409) y no cambia nada; reabierto, sí', async () => {
    const { SPT_ID } = await createTicket(t, { SPT_CLIENTECORREO: 'cerrado@ejemplo.ec' });
    expect((await reply(SPT_ID, '<p>Antes de cerrar</p>')).statusCode).toBe(200);
    expect((await setState(SPT_ID, 'CERRADO')).statusCode).toBe(200);
    const before = await detail(SPT_ID);
    const mailsBefore = (await t.mails()).length;

    for (const estado of [undefined, 'REABIERTO', 'RESUELTO']) {
      const refused = await reply(SPT_ID, '<p>No debería llegar</p>', admin, estado);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({ msg: TICKET_MSG.closedReply });
    }
    const after = await detail(SPT_ID);
    expect(after).toEqual(before);
    expect(after.SPT_ESTADO).toBe('CERRADO');
    expect(after.SPT_RESPUESTA).toBe('<p>Antes de cerrar</p>');
    expect(await replyCount(SPT_ID)).toBe(1);
    expect((await t.mails()).length).toBe(mailsBefore);

    const reopened = await setState(SPT_ID, 'REABIERTO');
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().SPT_ESTADO).toBe('REABIERTO');
    const again = await reply(SPT_ID, '<p>Después de reabrir</p>');
    expect(again.statusCode, again.body).toBe(200);
    expect(
      again
        .json()
        .hilo.map((m: { html: string }) => m.html)
        .slice(1),
    ).toEqual(['<p>Antes de cerrar</p>', '<p>Después de reabrir</p>']);
    const mails = (await t.mails()).slice(mailsBefore);
    expect(mails.at(-1)).toMatchObject({ to: 'cerrado@ejemplo.ec', subject: `Respuesta a su ticket #${SPT_ID}` });
  });

  it('una respuesta que cierra el ticket queda en el hilo; la siguiente ya no entra', async () => {
    const { SPT_ID } = await createTicket(t);
    const closing = await reply(SPT_ID, '<p>Cierro el caso</p>', admin, 'CERRADO');
    expect(closing.statusCode).toBe(200);
    expect(closing.json()).toMatchObject({ SPT_ESTADO: 'CERRADO', transiciones: ['REABIERTO'] });
    expect(closing.json().hilo).toHaveLength(2);
    expect((await reply(SPT_ID, '<p>Otra</p>')).statusCode).toBe(409);
    expect(await replyCount(SPT_ID)).toBe(1);
  });

  it('un distribuidor no ve ni responde el hilo de un ticket ajeno (404)', async () => {
    const { SPT_ID } = await createTicket(t, { SPT_RUC: '0992397535001', SPT_CLIENTENOMBRE: 'Cliente Ajeno Hilo' });
    expect((await reply(SPT_ID, '<p>Del administrador</p>')).statusCode).toBe(200);
    const seen = await t.app.inject({ method: 'GET', url: `${API}/soporte/${SPT_ID}`, headers: headers(distributor) });
    expect(seen.statusCode).toBe(404);
    expect(seen.json()).toEqual({ msg: TICKET_MSG.ticketNotFound(SPT_ID) });
    const answered = await reply(SPT_ID, '<p>Del distribuidor</p>', distributor);
    expect(answered.statusCode).toBe(404);
    expect(answered.json()).toEqual({ msg: TICKET_MSG.ticketNotFound(SPT_ID) });
    expect((await detail(SPT_ID)).hilo.map((m) => m.html).slice(1)).toEqual(['<p>Del administrador</p>']);
  });

  it('eliminar el ticket elimina sus respuestas', async () => {
    const { SPT_ID } = await createTicket(t);
    await reply(SPT_ID, '<p>Una</p>');
    const del = await t.app.inject({ method: 'DELETE', url: `${API}/soporte/${SPT_ID}`, headers: headers(admin) });
    expect(del.statusCode).toBe(200);
    expect(await replyCount(SPT_ID)).toBe(0);
  });

  it('la migración 0028 pasa la última respuesta guardada al hilo, con el autor de su historial', async () => {
    const { SPT_ID: answered } = await createTicket(t);
    const { SPT_ID: anonymous } = await createTicket(t);
    await reply(answered, '<p>Respuesta de antes</p>');
    const backfill = fs.readFileSync(MIGRACION_0028, 'utf8').split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toMatch(/INSERT INTO "soporte_respuestas"/);
    let rows: Array<{ SPT_ID: number; fecha: Date; usuario: string | null; nombre: string | null; html: string; actualizado: Date }> = [];
    // Undone at the end: the suite's data stays as it was.
    const undo = new Error('deshacer');
    await t.db
      .transaction(async (tx) => {
        // As the data stood before the migration: the reply only in SPT_RESPUESTA (one of them with no history row).
        await tx.delete(soporteRespuestas);
        await tx.update(soporte).set({ SPT_RESPUESTA: '<p>Sin autor</p>' }).where(eq(soporte.SPT_ID, anonymous));
        await tx.execute(sql.raw(backfill));
        rows = await tx
          .select({
            SPT_ID: soporteRespuestas.SPT_ID,
            fecha: soporteRespuestas.SRE_FECHA,
            usuario: soporteRespuestas.SRE_USUARIO,
            nombre: soporteRespuestas.SRE_NOMBRE,
            html: soporteRespuestas.SRE_HTML,
            actualizado: soporte.SPT_ACTUALIZADO,
          })
          .from(soporteRespuestas)
          .innerJoin(soporte, eq(soporte.SPT_ID, soporteRespuestas.SPT_ID));
        throw undo;
      })
      .catch((error: unknown) => {
        if (error !== undo) throw error;
      });
    const byTicket = Object.fromEntries(rows.map((r) => [r.SPT_ID, r]));
    expect(byTicket[answered]).toMatchObject({
      usuario: DEMO.admin.usuario,
      nombre: names[DEMO.admin.usuario],
      html: '<p>Respuesta de antes</p>',
    });
    expect(byTicket[answered].fecha).toEqual(byTicket[answered].actualizado);
    expect(byTicket[anonymous]).toMatchObject({ usuario: null, nombre: null, html: '<p>Sin autor</p>' });
    expect(rows.filter((r) => r.SPT_ID === answered)).toHaveLength(1);
    // The rollback left the thread as it was.
    expect(await replyCount(answered)).toBe(1);
    expect(await replyCount(anonymous)).toBe(0);
    const historyRows = await t.db.select().from(soporteHistorial).where(eq(soporteHistorial.SPT_ID, anonymous));
    expect(historyRows.some((h) => h.HIS_ACCION === 'respuesta')).toBe(false);
  });
});
