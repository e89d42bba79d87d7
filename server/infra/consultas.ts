/**
 * The clients' external lookups (README, "Consultas de clientes"): RUC services asked in order, one cédula service, and
 * the taxpayer flags (empresa fantasma, contribuyente especial, agente de retención, RIMPE, catastro). Every service is
 * `GET ${url}/${identificación}` (or the URL with `{id}` replaced) answering JSON; answers are kept in consultas_cache.
 *
 * What a service's answer means:
 * - 200 with a taxpayer (the SRI's consolidated-taxpayer shape, see parseTaxpayer, or a cédula service's names): found;
 * - 404, or 200 with null, `[]` or `{}`: a definitive "not found" (kept in the cache like a hit);
 * - anything else (no answer within CONSULTAS_TIMEOUT_MS, connection refused or dropped, another status, a body that
 *   is not JSON or is JSON of another shape): the service is down; the next one is asked, and nothing is cached.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import type { ConsultasConfig } from '../config';
import type { Executor } from './db/client';
import { consultasCache } from './db/schema';
import { parseTaxpayer } from './taxpayer';
import { isEmail } from '../../domain/identifiers';
import { CLIENTE_LIMITES, TELEFONO_PATTERN, type Bandera, type Banderas } from '../../domain/clientes';

/** A person or company as a lookup found it, ready to fill the client's form. */
export type Contribuyente = {
  identificacion: string;
  razonSocial: string;
  nombreComercial: string | null;
  correos: string[];
  telefonos: string[];
  direccion: string | null;
};

/** The outcome of one lookup: `fuente` names the service that answered (servicio1, servicio2…, cedula). */
export type Consulta =
  | { estado: 'encontrado'; fuente: string; contribuyente: Contribuyente }
  | { estado: 'noEncontrado'; fuente: string }
  | { estado: 'noDisponible' };

/** What one HTTP call to a service gave. */
export type Respuesta = { tipo: 'json'; body: unknown } | { tipo: 'noEncontrado' } | { tipo: 'caido'; motivo: string };

/** The lookups of the taxpayer flags, in the order they are listed. */
export const SERVICIOS_BANDERAS = ['fantasma', 'especial', 'agenteRetencion', 'rimpe', 'catastro'] as const;
export type ServicioBandera = (typeof SERVICIOS_BANDERAS)[number];
type Catastro = NonNullable<Banderas['catastro']>;
type ValorBandera = boolean | Catastro | null;

export type Log = { warn(obj: object, msg: string): void };

/** An answer larger than this is not a taxpayer: the service counts as down. */
const MAX_BYTES = 1_048_576;

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const cut = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));

function urlFor(base: string, id: string): string {
  const encoded = encodeURIComponent(id);
  return base.includes('{id}') ? base.replaceAll('{id}', encoded) : `${base.replace(/\/+$/, '')}/${encoded}`;
}

async function readCapped(response: Response): Promise<string | null> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_BYTES) {
    await response.body?.cancel();
    return null;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Asks one service for one identification; never throws. */
export async function askService(base: string, id: string, timeoutMs: number): Promise<Respuesta> {
  let response: Response;
  const signal = AbortSignal.timeout(timeoutMs);
  const ask = () => fetch(urlFor(base, id), { headers: { accept: 'application/json' }, signal });
  try {
    try {
      response = await ask();
    } catch (error) {
      // A kept-alive connection the service closed in the meantime fails at once: once more, on a new connection,
      // within the same time limit.
      if (signal.aborted) throw error;
      response = await ask();
    }
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
    return {
      tipo: 'caido',
      motivo: signal.aborted ? 'sin respuesta a tiempo' : (cause ?? (error instanceof Error ? error.message : 'error de red')),
    };
  }
  if (response.status === 404) {
    await response.body?.cancel().catch(() => undefined);
    return { tipo: 'noEncontrado' };
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    return { tipo: 'caido', motivo: `respuesta ${response.status}` };
  }
  let text: string | null;
  try {
    text = await readCapped(response);
  } catch {
    return { tipo: 'caido', motivo: signal.aborted ? 'sin respuesta a tiempo' : 'conexión interrumpida' };
  }
  if (text === null) return { tipo: 'caido', motivo: 'respuesta demasiado grande' };
  try {
    return { tipo: 'json', body: JSON.parse(text) as unknown };
  } catch {
    return { tipo: 'caido', motivo: 'respuesta que no es JSON' };
  }
}

/** null, `[]`, `{}`: the service's way of saying "nobody". */
export function isEmptyAnswer(body: unknown): boolean {
  if (body === null) return true;
  if (Array.isArray(body)) return body.length === 0 || (body.length === 1 && isEmptyAnswer(body[0]));
  return typeof body === 'object' && Object.keys(body).length === 0;
}

const firstItem = (body: unknown): Record<string, unknown> | null => {
  const item = Array.isArray(body) ? body[0] : body;
  return item && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : null;
};

const unique = (values: string[]) => [...new Set(values)];

/** The texts of several fields, each a string (split at , ; /) or an array of strings. */
function list(...values: unknown[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[,;/]/) : [];
    for (const item of items) {
      const text = str(item);
      if (text && !out.includes(text)) out.push(text);
    }
  }
  return out;
}

/** The address: the record's own, or the head office's (matriz) among the SRI's establishments. */
function addressOf(record: Record<string, unknown>): string | null {
  const own = str(record.direccion) ?? str(record.direccionCompleta) ?? str(record.domicilio);
  if (own) return own;
  const establecimientos = Array.isArray(record.establecimientos) ? (record.establecimientos as unknown[]) : [];
  const items = establecimientos.filter((e): e is Record<string, unknown> => Boolean(e) && typeof e === 'object');
  const matriz = items.find((e) => str(e.matriz) === 'SI' || str(e.tipoEstablecimiento) === 'MAT') ?? items[0];
  return matriz ? (str(matriz.direccionCompleta) ?? str(matriz.direccion)) : null;
}

/**
 * Reads a taxpayer out of a RUC or cédula service's JSON: the SRI's fields (parseTaxpayer: numeroRuc, razonSocial,
 * nombreComercial, email, telefono) plus a cédula service's (identificacion or cedula, nombre / nombreCompleto /
 * nombres and apellidos, correo, celular) and the address (direccion, direccionCompleta, domicilio, or the
 * head office among `establecimientos`). 'vacio' for an empty answer; null for JSON of another shape or of another
 * identification (the service is then treated as down).
 */
export function parseContribuyente(body: unknown, id: string): Contribuyente | 'vacio' | null {
  if (isEmptyAnswer(body)) return 'vacio';
  const record = firstItem(body);
  if (!record) return null;
  const nombres = [str(record.apellidos), str(record.nombres)].filter(Boolean).join(' ');
  const echoed = record.numeroRuc ?? record.identificacion ?? record.cedula ?? record.ruc;
  if ((typeof echoed === 'string' || typeof echoed === 'number') && String(echoed).trim() !== id) return null;
  const taxpayer = parseTaxpayer(
    {
      ...record,
      numeroRuc: id,
      razonSocial: str(record.razonSocial) ?? str(record.nombreCompleto) ?? str(record.nombre) ?? (nombres || null),
    },
    id,
  );
  if (!taxpayer) return null;
  const nombreComercial = str(record.nombreComercial);
  return {
    identificacion: id,
    razonSocial: taxpayer.nombre.slice(0, CLIENTE_LIMITES.razonSocial),
    nombreComercial: nombreComercial === taxpayer.nombre ? null : cut(nombreComercial, CLIENTE_LIMITES.nombreComercial),
    correos: unique(list(taxpayer.correo, record.correo, record.correos, record.emails).map((c) => c.toLowerCase()))
      .filter(isEmail)
      .slice(0, CLIENTE_LIMITES.correos),
    telefonos: unique(
      list(taxpayer.telefono, record.celular, record.telefonos).map((t) =>
        t
          .replace(/[().-]/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      ),
    )
      .filter((t) => TELEFONO_PATTERN.test(t))
      .slice(0, CLIENTE_LIMITES.telefonos),
    direccion: cut(addressOf(record), CLIENTE_LIMITES.direccion),
  };
}

/** The fields each flag may come in: its own name (true/false) or the SRI's consolidated-taxpayer field ("SI"/"NO"). */
const FLAG_FIELDS: Record<Bandera, string[]> = {
  fantasma: ['fantasma', 'contribuyenteFantasma', 'transaccionesInexistente'],
  especial: ['especial', 'contribuyenteEspecial'],
  agenteRetencion: ['agenteRetencion'],
  rimpe: ['rimpe', 'regimen'],
};

function yesNo(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toUpperCase();
  if (['SI', 'SÍ', 'S', 'TRUE', '1'].includes(text)) return true;
  if (['NO', 'N', 'FALSE', '0', ''].includes(text)) return false;
  return undefined;
}

/** A flag service's answer: true/false, or undefined for JSON of another shape. An empty answer is false. */
export function parseBandera(bandera: Bandera, body: unknown): boolean | undefined {
  if (isEmptyAnswer(body)) return false;
  if (typeof body === 'boolean') return body;
  const record = firstItem(body);
  if (!record) return undefined;
  const found = FLAG_FIELDS[bandera].filter((field) => field in record);
  if (!found.length) return undefined;
  let result = false;
  for (const field of found) {
    const value = record[field];
    // The SRI's "regimen" holds the regime's name: "RIMPE", "RÉGIMEN GENERAL"…
    const flag = field === 'regimen' && typeof value === 'string' ? /RIMPE/i.test(value) : yesNo(value);
    if (flag === undefined) return undefined;
    result ||= flag;
  }
  return result;
}

const dateOnly = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value);

/** The cadastre service's answer: `{estado, actividad, inicioActividades}` or the SRI's field names; undefined otherwise. */
export function parseCatastro(body: unknown): Catastro | null | undefined {
  if (isEmptyAnswer(body)) return null;
  const record = firstItem(body);
  if (!record) return undefined;
  const fechas = firstItem(record.informacionFechasContribuyente) ?? {};
  const catastro = {
    estado: str(record.estado) ?? str(record.estadoContribuyenteRuc),
    actividad: str(record.actividad) ?? str(record.actividadEconomicaPrincipal),
    inicioActividades: dateOnly(str(record.inicioActividades) ?? str(record.fechaInicioActividades) ?? str(fechas.fechaInicioActividades)),
  };
  return catastro.estado || catastro.actividad || catastro.inicioActividades ? catastro : undefined;
}

/** consultas_cache: one row per question (`ruc:<ruc>`, `cedula:<id>`, `fantasma:<ruc>`…), ignored once expired. */
function createCache(db: Executor, seconds: number) {
  let lastPurge = 0;
  return {
    async read(key: string): Promise<unknown> {
      if (seconds <= 0) return undefined;
      const [row] = await db
        .select({ valor: consultasCache.CCA_VALOR })
        .from(consultasCache)
        .where(and(eq(consultasCache.CCA_CLAVE, key), gt(consultasCache.CCA_VENCE, new Date())));
      return row?.valor ?? undefined;
    },
    async write(key: string, valor: unknown) {
      if (seconds <= 0) return;
      const now = Date.now();
      const vence = new Date(now + seconds * 1000);
      await db
        .insert(consultasCache)
        .values({ CCA_CLAVE: key, CCA_VALOR: valor, CCA_VENCE: vence })
        .onConflictDoUpdate({ target: consultasCache.CCA_CLAVE, set: { CCA_VALOR: valor, CCA_VENCE: vence } });
      // Expired rows are overwritten when asked again; the rest go once an hour.
      if (now - lastPurge > 3_600_000) {
        lastPurge = now;
        await db.delete(consultasCache).where(lt(consultasCache.CCA_VENCE, new Date(now)));
      }
    },
  };
}

const isConsulta = (value: unknown): value is Consulta =>
  Boolean(value) &&
  typeof value === 'object' &&
  ['encontrado', 'noEncontrado'].includes((value as { estado?: string }).estado ?? '') &&
  typeof (value as { fuente?: unknown }).fuente === 'string';

export type Consultas = ReturnType<typeof createConsultas>;

/** The lookups with the configured services (config.consultas) and the cache in `db`. */
export function createConsultas(config: ConsultasConfig, db: Executor) {
  const cache = createCache(db, config.cacheSegundos);

  /** Asks the services in order: the first that answers (found or not found) decides; a down one passes to the next. */
  async function chain(key: string, id: string, services: Array<{ fuente: string; url: string }>, log: Log): Promise<Consulta> {
    const cached = await cache.read(key);
    if (isConsulta(cached)) return cached;
    for (const { fuente, url } of services) {
      const answer = await askService(url, id, config.timeoutMs);
      let result: Consulta | undefined;
      if (answer.tipo === 'noEncontrado') result = { estado: 'noEncontrado', fuente };
      else if (answer.tipo === 'json') {
        const parsed = parseContribuyente(answer.body, id);
        if (parsed === 'vacio') result = { estado: 'noEncontrado', fuente };
        else if (parsed) result = { estado: 'encontrado', fuente, contribuyente: parsed };
      }
      if (result) {
        await cache.write(key, result);
        return result;
      }
      log.warn(
        { servicio: fuente, motivo: answer.tipo === 'caido' ? answer.motivo : 'JSON de otra forma' },
        'consulta externa no disponible',
      );
    }
    return { estado: 'noDisponible' };
  }

  /** One flag: its value, or undefined when its service is not configured or down. */
  async function flag(name: ServicioBandera, id: string, log: Log): Promise<ValorBandera | undefined> {
    const url = config.banderas[name];
    if (!url) return undefined;
    const key = `${name}:${id}`;
    const cached = (await cache.read(key)) as { valor?: ValorBandera } | undefined;
    if (cached && 'valor' in cached) return cached.valor;
    const answer = await askService(url, id, config.timeoutMs);
    let valor: ValorBandera | undefined;
    if (answer.tipo === 'noEncontrado') valor = name === 'catastro' ? null : false;
    else if (answer.tipo === 'json') valor = name === 'catastro' ? parseCatastro(answer.body) : parseBandera(name, answer.body);
    if (valor === undefined) {
      log.warn(
        { servicio: name, motivo: answer.tipo === 'caido' ? answer.motivo : 'JSON de otra forma' },
        'consulta externa no disponible',
      );
      return undefined;
    }
    await cache.write(key, { valor });
    return valor;
  }

  return {
    /** A RUC through CONSULTA_RUC_URLS in order (fuente servicio1, servicio2…). */
    ruc: (ruc: string, log: Log) =>
      chain(
        `ruc:${ruc}`,
        ruc,
        config.rucUrls.map((url, i) => ({ fuente: `servicio${i + 1}`, url })),
        log,
      ),
    /** A cédula through CONSULTA_CEDULA_URL (fuente cedula). */
    cedula: (cedula: string, log: Log) =>
      chain(`cedula:${cedula}`, cedula, config.cedulaUrl ? [{ fuente: 'cedula', url: config.cedulaUrl }] : [], log),
    /**
     * Every flag at once, in parallel: `valores` holds the ones whose service answered; `noDisponibles` names the
     * others (down or not configured).
     */
    async banderas(id: string, log: Log) {
      const results = await Promise.all(SERVICIOS_BANDERAS.map((name) => flag(name, id, log)));
      const valores: Partial<Record<Bandera, boolean>> & { catastro?: Catastro | null } = {};
      const noDisponibles: ServicioBandera[] = [];
      SERVICIOS_BANDERAS.forEach((name, i) => {
        const valor = results[i];
        if (valor === undefined) noDisponibles.push(name);
        else if (name === 'catastro') valores.catastro = valor as Catastro | null;
        else valores[name] = valor as boolean;
      });
      return { valores, noDisponibles };
    },
  };
}
