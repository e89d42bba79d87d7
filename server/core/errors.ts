import type { FastifyError, FastifyInstance } from 'fastify';
import { MSG } from '../../src/domain/messages';
import { UploadRejected } from '../infra/files';

/** An error whose message is safe and useful to show: it goes to the client as { msg } with its status. */
export class HttpError extends Error {
  constructor(readonly statusCode: number, message: string, readonly code?: string) {
    super(message);
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

/** Turns the first schema violation into a Spanish sentence that names the field. */
export function validationMessage(errors: AjvError[], context?: string): string {
  const error = errors[0];
  if (!error) return MSG.formInvalid;
  if (error.parentSchema?.errorMessage && error.keyword !== 'required') return error.parentSchema.errorMessage;
  const field = fieldName(error);
  switch (error.keyword) {
    case 'required': return MSG.required(field);
    case 'type': return `El campo ${field} tiene un tipo de dato inválido`;
    case 'minLength': return Number(error.params.limit) <= 1 ? MSG.required(field) : `El campo ${field} debe tener al menos ${error.params.limit} caracteres`;
    case 'maxLength': return `El campo ${field} admite como máximo ${error.params.limit} caracteres`;
    case 'pattern': return `El campo ${field} tiene un formato inválido`;
    case 'format': return `El campo ${field} tiene un formato inválido`;
    case 'minimum': case 'maximum': return `El campo ${field} está fuera del rango permitido`;
    case 'enum': case 'const': case 'anyOf': return `El campo ${field} tiene un valor no permitido`;
    case 'additionalProperties': return `El campo ${String(error.params.additionalProperty)} no está permitido`;
    default: return context === 'body' ? MSG.formInvalid : `El parámetro ${field} no es válido`;
  }
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { validation?: AjvError[]; validationContext?: string }, request, reply) => {
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
    // Log the error without the request body: it may hold passwords.
    request.log.error({ err: { message: error.message, code: error.code, stack: error.stack } }, 'error interno');
    return reply.status(500).send({ msg: MSG.internal });
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ msg: MSG.routeNotFound }));
}
