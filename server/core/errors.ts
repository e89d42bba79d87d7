import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../domain/messages';
import { UploadRejected } from '../infra/files';
import { databaseFailure } from '../infra/db/errors';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../infra/db/unavailable';

/** An error whose message is safe and useful to show: it goes to the client as { msg } with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** What a route or service answers about one record: the record, or a 404 with the message when there is none. */
export function found<T>(row: T | null | undefined, message: string = MSG.notFound): T {
  if (!row) throw new HttpError(404, message);
  return row;
}

/** A 429 that also tells clients, in the standard header, how many seconds to wait before trying again. */
export class TooManyRequests extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

type AjvError = {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: { errorMessage?: string; title?: string };
};

function fieldName(error: AjvError): string {
  if (error.keyword === 'required') return String(error.params.missingProperty);
  const parts = error.instancePath.split('/').filter(Boolean);
  return parts.at(-1) ?? 'solicitud';
}

/** Answers of the HTTP layer (router, Node's parser); none repeats what the client sent. */
const HTTP_MSG = {
  badUrl: 'La dirección de la solicitud no es válida',
  urlTooLong: 'La dirección de la solicitud es demasiado larga',
  headersTooLarge: 'Las cabeceras o la dirección de la solicitud son demasiado largas',
  timeout: 'La solicitud tardó demasiado en llegar',
  badRequest: 'La solicitud no es válida',
};

/** The refusal of text with a character its kind refuses or a lone surrogate (core/requests.ts), naming the field. */
export const forbiddenCharactersMessage = (field: string) => `El campo ${field} contiene caracteres no permitidos`;

/** Turns the first schema violation into a Spanish sentence that names the field. */
export function validationMessage(errors: AjvError[], context?: string): string {
  const error = errors[0];
  if (!error) return MSG.formInvalid;
  // A field's own errorMessage describes its format; missing or forbidden characters get the generic sentence.
  if (error.parentSchema?.errorMessage && error.keyword !== 'required' && error.keyword !== 'text') return error.parentSchema.errorMessage;
  const field = fieldName(error);
  switch (error.keyword) {
    case 'required':
      return MSG.required(field);
    case 'type':
      return `El campo ${field} tiene un tipo de dato inválido`;
    case 'minLength':
      return Number(error.params.limit) <= 1
        ? MSG.required(field)
        : `El campo ${field} debe tener al menos ${error.params.limit} caracteres`;
    case 'maxLength':
      return `El campo ${field} admite como máximo ${error.params.limit} caracteres`;
    case 'pattern':
      return `El campo ${field} tiene un formato inválido`;
    case 'format':
      return `El campo ${field} tiene un formato inválido`;
    case 'minimum':
    case 'maximum':
      return `El campo ${field} está fuera del rango permitido`;
    case 'enum':
    case 'const':
    case 'anyOf':
      return `El campo ${field} tiene un valor no permitido`;
    case 'text':
      return forbiddenCharactersMessage(field);
    case 'additionalProperties':
      return `El campo ${String(error.params.additionalProperty)} no está permitido`;
    default:
      return context === 'body' ? MSG.formInvalid : `El parámetro ${field} no es válido`;
  }
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { validation?: AjvError[]; validationContext?: string }, request, reply) => {
    if (error instanceof TooManyRequests) reply.header('Retry-After', String(error.retryAfterSeconds));
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.code ? { msg: error.message, code: error.code } : { msg: error.message });
    }
    if (error instanceof UploadRejected) {
      return reply.status(error.reason === 'size' ? 413 : 400).send({ msg: error.message });
    }
    if (error.validation) {
      return reply.status(400).send({ msg: validationMessage(error.validation, error.validationContext) });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send({ msg: MSG.bodyTooLarge });
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.status(415).send({ msg: MSG.unsupportedMedia });
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ msg: MSG.invalidJson });
    }
    if (status === 429) return reply.status(429).send({ msg: error.message });
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code }, 'solicitud rechazada');
      return reply.status(status).send({ msg: MSG.formInvalid });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ database: databaseFailure(error) }, 'la base de datos no está disponible');
      return reply.status(503).send({ msg: DATABASE_UNAVAILABLE });
    }
    // Never the request body (it may hold passwords), and of a database error only its SQLSTATE, table and constraint:
    // the driver's message carries the statement's parameters (password hashes, tokens).
    const database = databaseFailure(error);
    request.log.error(database ? { database } : { err: { message: error.message, code: error.code, stack: error.stack } }, 'error interno');
    return reply.status(500).send({ msg: MSG.internal });
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ msg: MSG.routeNotFound }));
}

/** Percent signs only as %XX: the part is written right, whatever the bytes it encodes. */
const PERCENT_SYNTAX = /^(?:[^%]|%[0-9a-fA-F]{2})*$/;

/**
 * Whether a part of a URL is percent-encoded right but its bytes are not UTF-8: %ED%A0%80 is how a lone surrogate
 * travels in a URL. Such a part holds no text; it is refused like text with a lone surrogate.
 */
export function encodesNoText(part: string): boolean {
  if (!PERCENT_SYNTAX.test(part)) return false;
  try {
    decodeURIComponent(part);
    return false;
  } catch {
    return true;
  }
}

/**
 * The parameter of a mounted route that a path's undecodable segment stands for (`/empresas/buscarEmpresa/%ED%A0%80`:
 * term), or undefined. The router refuses such a path before it knows the route, so the routes are matched here.
 */
function undecodableParameter(request: FastifyRequest): string | undefined {
  const segments = request.url.split('?')[0].split('/');
  for (const route of request.server.menuAccess ?? []) {
    const pattern = route.url.split('/');
    if (route.method !== request.method || pattern.length !== segments.length) continue;
    let parameter: string | undefined;
    const matches = pattern.every((part, i) => {
      if (!part.startsWith(':')) return part === segments[i];
      if (parameter === undefined && encodesNoText(segments[i])) parameter = part.slice(1).replace(/[(?].*$/, '');
      return true;
    });
    if (matches && parameter !== undefined) return parameter;
  }
  return undefined;
}

/** Fastify's `frameworkErrors`: the router's refusals (bad percent-encoding, over-long parameter) as { msg }. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: error.code }, 'solicitud rechazada');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send({ msg: HTTP_MSG.urlTooLong });
  if (error.code === 'FST_ERR_BAD_URL') {
    const parameter = undecodableParameter(request);
    return reply.status(400).send({ msg: parameter === undefined ? HTTP_MSG.badUrl : forbiddenCharactersMessage(parameter) });
  }
  return reply.status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400).send({ msg: HTTP_MSG.badRequest });
}

/** Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before there is a request (e.g. headers over 16 kB). */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
  const [status, msg] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, HTTP_MSG.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, HTTP_MSG.timeout]
        : [400, HTTP_MSG.badRequest];
  const body = JSON.stringify({ msg });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
