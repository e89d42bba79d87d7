import { Type, type Static } from 'typebox';
import { text } from './esquemas';
import { ListQuery } from './lista';
import { BANCO_MSG, BANCO_NUMERO_PATTERN, BANCO_TIPOS_CUENTA, type BancoTipoCuenta } from '../bancos';

// One enum (not a union of literals): a wrong value gets its own Spanish message.
const TipoCuenta = Type.Unsafe<BancoTipoCuenta>(
  Type.String({ enum: [...BANCO_TIPOS_CUENTA], description: 'AHORROS o CORRIENTE', errorMessage: BANCO_MSG.invalidType }),
);

/** A collection account of the provider, where companies pay their plans: what the payments dialog offers. */
export const Banco = Type.Object({
  BAN_CODIGO: Type.Integer(),
  BAN_NOMBRE: Type.String(),
  BAN_TIPO_CUENTA: Type.String({ description: 'AHORROS o CORRIENTE' }),
  BAN_NUMERO: Type.String(),
});
export type Banco = Static<typeof Banco>;

/** A bank account as its administration reads it (GET /empresas/bancos?todos=1, /empresas/bancos/{id}). */
export const BancoAdmin = Type.Object({
  ...Banco.properties,
  BAN_TIPO_CUENTA: TipoCuenta,
  BAN_ACTIVO: Type.Boolean({ description: 'false: ya no se ofrece para registrar pagos' }),
  pagos: Type.Integer({ description: 'Pagos registrados en la cuenta (una cuenta con pagos se desactiva, no se elimina)' }),
});
export type BancoAdmin = Static<typeof BancoAdmin>;

/** What GET /empresas/bancos sends: BAN_ACTIVO and pagos only in the administration's list (todos=1). */
export const BancoListado = Type.Object({
  ...Banco.properties,
  BAN_ACTIVO: Type.Optional(BancoAdmin.properties.BAN_ACTIVO),
  pagos: Type.Optional(BancoAdmin.properties.pagos),
});

/** GET /empresas/bancos: without todos, the active accounts (the payments dialog); with todos=1, the administration's list. */
export const BancoQuery = Type.Object({
  ...ListQuery.properties,
  todos: Type.Optional(
    Type.String({ pattern: '^(1|true|0|false)$', description: '1: la lista de la administración (activas e inactivas, paginada)' }),
  ),
});
export type BancoQuery = Static<typeof BancoQuery>;

/** Creating or editing a bank account (administrators). */
export const BancoDatos = Type.Object({
  BAN_NOMBRE: text(120),
  BAN_TIPO_CUENTA: TipoCuenta,
  BAN_NUMERO: Type.String({ pattern: BANCO_NUMERO_PATTERN, errorMessage: BANCO_MSG.invalidNumber }),
  BAN_ACTIVO: Type.Optional(Type.Boolean()),
});
export type BancoDatos = Static<typeof BancoDatos>;

export const BancoEliminado = Type.Object({
  BAN_CODIGO: Type.Integer(),
  accion: Type.Union([Type.Literal('eliminado'), Type.Literal('desactivado')]),
  msg: Type.String(),
});
