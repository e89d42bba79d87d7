import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { multipart, startTestApp, testSetups, type TestApp } from '../helpers/server';
import { archivos, soporte } from '../../server/infra/db/schema';
import { adminToken, API, createTicket, fileOf, storedFiles } from '../helpers/soporte-api';

const newId = () => randomBytes(16).toString('hex');

describe.each(testSetups)('archivos: nada huérfano ni engañoso (%s, archivos en %s)', (kind, storage) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { storage });
    admin = await adminToken(t);
  });
  afterAll(() => t.close());

  const upload = (route: 'docCli' | 'docAse', id: number, name: string, content: Buffer, token: string) => {
    const form = multipart('current', name, content);
    return t.app.inject({
      method: 'POST',
      url: `${API}/soporte/${route}/${id}`,
      payload: form.payload,
      headers: { ...form.headers, 'x-token': token },
    });
  };
  const ticketRow = async (id: number) => (await t.db.select().from(soporte).where(eq(soporte.SPT_ID, id)))[0];
  /** Every ARC_ID in the database, sorted: what the storage must hold once nothing is in flight. */
  const referenced = async () => (await t.db.select({ id: archivos.ARC_ID }).from(archivos)).map((r) => r.id).sort();

  it('cinco subidas simultáneas a un ticket (cliente y asesor) dejan una fila y un archivo por lado, y nada más', async () => {
    const { SPT_ID, tokenArchivo } = await createTicket(t);
    const before = await storedFiles(t);
    const responses = await Promise.all([
      upload('docCli', SPT_ID, 'uno.zip', fileOf(40_000), tokenArchivo),
      upload('docAse', SPT_ID, 'dos.zip', fileOf(50_000), admin),
      upload('docCli', SPT_ID, 'tres.zip', fileOf(60_000), tokenArchivo),
      upload('docAse', SPT_ID, 'cuatro.zip', fileOf(70_000), admin),
      upload('docCli', SPT_ID, 'cinco.zip', fileOf(80_000), tokenArchivo),
    ]);
    for (const res of responses) expect(res.statusCode, res.body).toBe(201);
    const ticket = await ticketRow(SPT_ID);
    const rows = await t.db
      .select()
      .from(archivos)
      .where(like(archivos.ARC_PROPIETARIO, `soporte:${SPT_ID}:%`));
    expect(rows.map((r) => r.ARC_ID).sort()).toEqual([ticket.SPT_ARCHIVOCLIENTE, ticket.SPT_ARCHIVOASESOR].sort());
    expect(await storedFiles(t)).toEqual([...before, ticket.SPT_ARCHIVOCLIENTE!, ticket.SPT_ARCHIVOASESOR!].sort());
    // The name shown is the stored file's, and that file is the one downloaded.
    const client = rows.find((r) => r.ARC_ID === ticket.SPT_ARCHIVOCLIENTE)!;
    expect(ticket.SPT_NOMBREARCHIVO).toBe(client.ARC_NOMBRE);
    const download = await t.app.inject({ method: 'GET', url: `${API}/soporte/descargaCli/${SPT_ID}`, headers: { 'x-token': admin } });
    expect(download.rawPayload.length).toBe(client.ARC_TAMANO);
  });

  it('el barrido al iniciar quita subidas a medias y archivos sin fila pasado el plazo de gracia; lo referenciado queda', async () => {
    const { SPT_ID, tokenArchivo } = await createTicket(t);
    expect((await upload('docCli', SPT_ID, 'vigente.zip', fileOf(1000), tokenArchivo)).statusCode).toBe(201);
    const leave = async (name: string) => (await t.storage.put(name, Readable.from([fileOf(1000)]))).commit();
    const orphan = newId();
    const recent = newId();
    await leave(orphan);
    await leave(recent);
    // What a kill -9 in the middle of an upload leaves on disk, and an orphan, both from two hours ago.
    // (An S3 upload has no partial object, and the local server cannot date one in the past.)
    const old: string[] = [];
    if (t.config.files.kind === 'disk') {
      const partial = `${newId()}.part`;
      fs.writeFileSync(path.join(t.config.files.dir, partial), fileOf(5 * 1024 * 1024));
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
      for (const name of [partial, orphan]) fs.utimesSync(path.join(t.config.files.dir, name), twoHoursAgo, twoHoursAgo);
      old.push(partial, orphan);
    }
    expect(await t.ctx.files.sweep()).toBe(old.length);
    const afterGrace = await storedFiles(t);
    for (const name of old) expect(afterGrace).not.toContain(name);
    expect(afterGrace).toContain(recent);
    // Without the grace period (e.g. the next start-up, hours later) the recent orphan goes too.
    expect(await t.ctx.files.sweep(0)).toBe(old.length ? 1 : 2);
    expect(await storedFiles(t)).toEqual(await referenced());
    expect(await referenced()).toContain((await ticketRow(SPT_ID)).SPT_ARCHIVOCLIENTE);
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/soporte/descargaCli/${SPT_ID}`, headers: { 'x-token': admin } })).statusCode,
    ).toBe(200);
  });

  it('un nombre con controles bidireccionales (U+202E y otros) se guarda y se muestra sin ellos', async () => {
    const { SPT_ID, tokenArchivo } = await createTicket(t);
    // Displayed as "informepiz.pdf": a zip posing as a PDF.
    const res = await upload('docCli', SPT_ID, 'informe\u202efdp.zip', fileOf(500), tokenArchivo);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().SPT_NOMBREARCHIVO).toBe('informefdp.zip');
    const adviser = await upload(
      'docAse',
      SPT_ID,
      '\u2066respuesta\u2069\u200f\u061c\u202a\u202b\u202c\u202d\u2067\u2068\u200e.zip',
      fileOf(500),
      admin,
    );
    expect(adviser.json().ARC_NOMBRE).toBe('respuesta.zip');
    const detail = (await t.app.inject({ method: 'GET', url: `${API}/soporte/${SPT_ID}`, headers: { 'x-token': admin } })).json();
    expect(detail.archivoCliente.ARC_NOMBRE).toBe('informefdp.zip');
    expect(JSON.stringify(detail)).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    const download = await t.app.inject({ method: 'GET', url: `${API}/soporte/descargaCli/${SPT_ID}`, headers: { 'x-token': admin } });
    expect(download.headers['content-disposition']).toBe(`attachment; filename="informefdp.zip"; filename*=UTF-8''informefdp.zip`);
  });
});
