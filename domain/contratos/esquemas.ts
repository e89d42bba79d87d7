import { Type, type TSchema } from 'typebox';
import { MSG, PASSWORD_MIN_LENGTH } from '../messages';
import { EMAIL_PATTERN } from '../identifiers';

/** Shared request/response pieces; `errorMessage` is the Spanish text sent when the rule fails. */
export const Msg = Type.Object({ msg: Type.String(), code: Type.Optional(Type.String()) });
export const errorResponses = { 400: Msg, 401: Msg, 403: Msg, 404: Msg, 409: Msg, 413: Msg, 429: Msg };

/** Marks text where tab and line breaks are content (rich text, comments, settings); other control characters stay refused. */
export const multiline = { 'x-multiline': true } as const;
export const text = (max: number, extra: object = {}) => Type.String({ minLength: 1, maxLength: max, ...extra });
export const Ruc13 = Type.String({ pattern: '^[0-9]{13}$', errorMessage: 'El RUC debe tener 13 dígitos numéricos' });
export const Email = Type.String({ maxLength: 150, pattern: EMAIL_PATTERN, errorMessage: 'Ingrese un correo electrónico válido' });
export const NewPassword = Type.String({
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: 200,
  errorMessage: MSG.passwordTooShort,
});
export const IdParam = (name: string) => Type.Object({ [name]: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** The answer of a route that sends a file (server/core/download.ts sendFile): a stored attachment or image. */
export const Download = Type.Unsafe<unknown>({
  type: 'string',
  format: 'binary',
  description: 'El archivo, con Content-Disposition attachment',
});
/** The answer of a route that sends a file it generates: a template, a report, an export. */
export const Archivo = Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'El archivo' });
/** A search box's text (soporte/nombre, asesor/nombre). */
export const SearchBody = Type.Object({ filtro: text(100) });
