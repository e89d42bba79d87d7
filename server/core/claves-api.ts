/**
 * API keys as a caller of the company API (`Authorization: Bearer amk_…`). The guard (guards.ts) hands a key here
 * instead of reading a session: one statement finds the key by its hash, counts the request against the key's
 * rate limit, marks it used, and reads what a session check reads (the administrador it acts for, the company, the
 * menu). Nothing is cached: a revoked key, a deactivated company or a demoted creator stops the next request on every
 * instance. What a key may call: the sections of PERMISOS_CLAVE, reads with 'leer' and writes with 'emitir'.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { GuardArea } from './menu-access';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../infra/db/client';
import { empresasHistorial } from '../infra/db/schema';
import { HttpError, TooManyRequests } from './errors';
import type { CompanyActor } from './actor';
import { PERMISOS_CLAVE, PREFIJO_CLAVE, type AlcanceClave } from '../../domain/integraciones';
import { CLAVES_MSG } from '../../domain/contratos/clavesApi';
import { MSG } from '../../domain/messages';
import { DEACTIVATED_CODE } from '../../domain/constants';

/** The key a client sends, when it sends one: `Authorization: Bearer amk_…`. */
export function claveDe(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** hex SHA-256 of a key: what claves_api keeps. */
export const hashClave = (clave: string) => createHash('sha256').update(clave, 'utf8').digest('hex');

/** A new key: the prefix and 32 random bytes; `prefijo` is what the list shows of it. */
export function nuevaClave() {
  const clave = `${PREFIJO_CLAVE}${randomBytes(32).toString('base64url')}`;
  return { clave, prefijo: clave.slice(0, 12), hash: hashClave(clave) };
}

type FilaClave = {
  cla_codigo: number;
  emp_codigo: number;
  usu_codigo: number;
  cla_nombre: string;
  cla_alcances: string[];
  cla_cuenta: number;
  espera_ms: number;
  usu_usuario: string;
  usu_activo: boolean;
  administrador: boolean;
  emp_activo: boolean;
  permisos: string[];
};

const filas = async <T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Finds an unrevoked key by its hash, counts this request in its one-minute window and marks it used, in one
 * statement; with the rows a session check reads. Undefined for an unknown or revoked key.
 */
async function leerClave(db: Db, hash: string): Promise<FilaClave | undefined> {
  const [fila] = await filas<FilaClave>(
    db,
    sql`with usada as (
      update claves_api set
        cla_cuenta = case when cla_ventana is null or cla_ventana <= now() - interval '1 minute' then 1 else cla_cuenta + 1 end,
        cla_ventana = case when cla_ventana is null or cla_ventana <= now() - interval '1 minute' then now() else cla_ventana end,
        cla_ultimo_uso = now()
      where cla_hash = ${hash} and cla_revocada is null
      returning cla_codigo, emp_codigo, usu_codigo, cla_nombre, cla_alcances, cla_cuenta, cla_ventana)
    select usada.cla_codigo, usada.emp_codigo, usada.usu_codigo, usada.cla_nombre, usada.cla_alcances, usada.cla_cuenta,
      greatest(0, ceil(extract(epoch from (usada.cla_ventana + interval '1 minute' - now())) * 1000))::int as espera_ms,
      u.usu_usuario, u.usu_activo, (u.usu_rol = 'administrador' and u.com_codigo = usada.emp_codigo) as administrador,
      e.emp_activo,
      array(select m.men_permiso from menus_empresa me inner join menus m on m.men_codigo = me.men_codigo
        where me.emp_codigo = e.emp_codigo and m.men_activo and m.men_area = 'empresa' and m.men_permiso <> '') as permisos
    from usada
    inner join usuarios u on u.usu_codigo = usada.usu_codigo
    inner join empresas e on e.emp_codigo = usada.emp_codigo`,
  );
  return fila;
}

const esLectura = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * The company actor of a request made with an API key, or a refusal: 401 for an unknown or revoked key, 403 when its
 * creator is no longer an active administrador or the company is inactive, 429 past its limit. The menu and the scope
 * are checked here; the route's roles by the guard, as for a session (a key acts as an administrador).
 */
export async function actorDeClave(
  db: Db,
  clave: string,
  request: FastifyRequest,
  limitePorMinuto: number,
): Promise<{ actor: CompanyActor; permisos: string[] }> {
  if (!clave.startsWith(PREFIJO_CLAVE)) throw new HttpError(401, CLAVES_MSG.invalida);
  const fila = await leerClave(db, hashClave(clave));
  if (!fila) throw new HttpError(401, CLAVES_MSG.invalida);
  if (!fila.usu_activo || !fila.administrador || !fila.emp_activo) throw new HttpError(403, MSG.deactivatedTitle, DEACTIVATED_CODE);
  if (fila.cla_cuenta > limitePorMinuto) {
    const segundos = Math.max(1, Math.ceil(fila.espera_ms / 1000));
    throw new TooManyRequests(CLAVES_MSG.limite(segundos), segundos);
  }
  const permiso = request.routeOptions.config?.permiso;
  const seccion = [permiso ?? []].flat();
  if (!seccion.some((p) => PERMISOS_CLAVE.includes(p))) throw new HttpError(403, CLAVES_MSG.rutaNoPermitida);
  const alcance: AlcanceClave = esLectura(request.method) ? 'leer' : 'emitir';
  if (!fila.cla_alcances.includes(alcance)) throw new HttpError(403, CLAVES_MSG.sinAlcance(alcance));
  return {
    actor: {
      kind: 'empresa',
      usuario: fila.usu_codigo,
      empresa: fila.emp_codigo,
      sesion: `clave-${fila.cla_codigo}`,
      cambiarClave: false,
      nombreUsuario: nombreEnHistorial(fila.cla_nombre),
      rol: 'administrador',
      clave: { codigo: fila.cla_codigo, nombre: fila.cla_nombre },
    },
    permisos: fila.permisos,
  };
}

/** How the company's history names a key (its HIS_USUARIO, 60 characters). */
const nombreEnHistorial = (nombre: string) => `Clave API «${nombre}»`.slice(0, 60);

/**
 * Records in the company's history every write a key made that succeeded (HIS_ACCION 'api', CLA_CODIGO): the method,
 * the route and the status. Reads are not recorded; the key's last use says when it last read.
 */
export function registrarAccionesDeClaves(app: FastifyInstance, db: Db) {
  // onSend, not onResponse: the line is written before the client reads the answer, so it never misses it.
  app.addHook('onSend', async (request, reply, payload) => {
    const clave = request.company?.clave;
    // A replayed answer (Idempotency-Key) is the first request's: that one was recorded.
    if (!clave || esLectura(request.method) || reply.statusCode >= 300 || reply.getHeader('Idempotent-Replayed')) return payload;
    try {
      await db.insert(empresasHistorial).values({
        EMP_CODIGO: request.company!.empresa,
        USU_CODIGO: request.company!.usuario,
        CLA_CODIGO: clave.codigo,
        HIS_USUARIO: request.company!.nombreUsuario,
        HIS_ACCION: 'api',
        HIS_DESCRIPCION: `${request.method} ${request.url.split('?')[0]} → ${reply.statusCode}`.slice(0, 500),
      });
    } catch (error) {
      request.log.error({ err: error }, 'no se pudo registrar la acción de la clave de API en el historial');
    }
    return payload;
  });
}

/**
 * onRoute hook of a module's scope (after its default permission): a company route a key may call says so in the
 * OpenAPI document (security: the session token or the key) and in its description.
 */
export function documentarClaves(areaOf: (route: RouteOptions) => GuardArea | undefined) {
  return (route: RouteOptions) => {
    if (areaOf(route) !== 'empresa' || !route.schema) return;
    if (![route.config?.permiso ?? []].flat().some((p) => PERMISOS_CLAVE.includes(p))) return;
    const alcance = esLectura([route.method].flat()[0]) ? 'leer' : 'emitir';
    const dice = `También con una clave de API (Authorization: Bearer amk_…) de alcance «${alcance}».`;
    route.schema = {
      ...route.schema,
      security: [{ token: [] }, { claveApi: [] }],
      description: route.schema.description ? `${route.schema.description} ${dice}` : dice,
    };
  };
}
