import { Type, type Static } from 'typebox';
import { Email, NewPassword, Ruc13, text } from './esquemas';
import { MSG } from '../messages';

/** What the registration page sends: the company and its first user. */
export const Registro = Type.Object({
  EMP_RUC: Ruc13,
  EMP_NOMBREC: text(200),
  EMP_NOMBRE: text(200),
  email: Email,
  usuario: text(60, { pattern: '^\\S+$', errorMessage: 'El usuario no puede tener espacios' }),
  clave: NewPassword,
  terminos: Type.Literal(true, { errorMessage: MSG.termsRequired }),
});
export type Registro = Static<typeof Registro>;

export const RegistroCreado = Type.Object({
  EMP_CODIGO: Type.Integer(),
  EMP_RUC: Type.String(),
  msg: Type.String(),
  tokenPago: Type.String({ description: 'Token de una hora para adjuntar el comprobante de pago (registro/pago)' }),
});
export type RegistroCreado = Static<typeof RegistroCreado>;

export const PagoParams = Type.Object({
  empresa: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  ruc: Ruc13,
  referencia: Type.String({
    minLength: 1,
    maxLength: 60,
    pattern: '^[A-Za-z0-9-]+$',
    errorMessage: 'La referencia de pago solo admite letras, números y guiones',
  }),
});

export const PagoRecibido = Type.Object({
  PAG_CODIGO: Type.Integer(),
  ARC_NOMBRE: Type.String(),
  ARC_TAMANO: Type.Integer(),
  msg: Type.String(),
});
export type PagoRecibido = Static<typeof PagoRecibido>;
