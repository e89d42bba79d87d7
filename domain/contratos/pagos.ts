import { Type, type Static } from 'typebox';
import { Nullable } from './esquemas';

const MAX_ID = 2147483647;

/** A payment of a company: one recorded by the back office (PAG_ORIGEN admin) or the proof sent at registration. */
export const Pago = Type.Object({
  PAG_CODIGO: Type.Integer(),
  PAG_ORIGEN: Type.String({ description: 'registro (comprobante enviado al registrarse) o admin (registrado por el back office)' }),
  PAG_REFERENCIA: Type.String(),
  PAG_MONTO: Nullable(Type.String({ description: 'USD con 2 decimales; null en el comprobante del registro' })),
  PAG_FECHAPAGO: Nullable(Type.String({ description: 'YYYY-MM-DD; null en el comprobante del registro' })),
  BAN_CODIGO: Nullable(Type.Integer()),
  BAN_NOMBRE: Nullable(Type.String()),
  ARC_NOMBRE: Nullable(Type.String()),
  ARC_TAMANO: Nullable(Type.Integer()),
  PAG_FECHA: Type.String({ description: 'Cuándo se registró (ISO 8601)' }),
  ADM_USUARIO: Nullable(Type.String({ description: 'Quién lo registró; null en el comprobante del registro' })),
});
export type Pago = Static<typeof Pago>;

export const PagoGuardado = Type.Object({
  PAG_CODIGO: Type.Integer(),
  ARC_NOMBRE: Type.String(),
  ARC_TAMANO: Type.Integer(),
  msg: Type.String(),
});
export type PagoGuardado = Static<typeof PagoGuardado>;

export const PagoParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  pago: Type.Integer({ minimum: 1, maximum: MAX_ID }),
});

export const DescargaParams = Type.Object({
  a: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'EMP_CODIGO' }),
  b: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'PAG_CODIGO' }),
});

export const PAGO_MSG = {
  saved: 'Pago registrado',
  deleted: (referencia: string) => `Se eliminó el pago con referencia ${referencia}`,
  sendFieldsFirst: (required: string) => `${required} y debe enviarse antes del archivo`,
  registrationProof: 'El comprobante del registro no se elimina: es la prueba de pago de la empresa',
  fileMissing: 'El archivo de este pago ya no está en el almacenamiento',
  noFile: 'Este pago no tiene archivo',
};
