/**
 * Bank account rules both halves use: the provider's collection accounts (resource `bancos`, API /empresas/bancos),
 * where companies pay their plans.
 */

/** BAN_TIPO_CUENTA. */
export const BANCO_TIPOS_CUENTA = ['AHORROS', 'CORRIENTE'] as const;
export type BancoTipoCuenta = (typeof BANCO_TIPOS_CUENTA)[number];
export const BANCO_TIPO_ETIQUETA: Record<BancoTipoCuenta, string> = { AHORROS: 'Ahorros', CORRIENTE: 'Corriente' };
export const bancoTipoEtiqueta = (tipo: string): string =>
  (BANCO_TIPOS_CUENTA as readonly string[]).includes(tipo) ? BANCO_TIPO_ETIQUETA[tipo as BancoTipoCuenta] : tipo;
export const BANCO_TIPO_CHOICES = BANCO_TIPOS_CUENTA.map((id) => ({ id, name: BANCO_TIPO_ETIQUETA[id] }));

/** An account number: 5 to 20 digits. */
export const BANCO_NUMERO_PATTERN = '^[0-9]{5,20}$';

export const BANCO_MSG = {
  invalidNumber: 'El número de cuenta debe tener de 5 a 20 dígitos, sin espacios ni guiones',
  invalidType: 'El tipo de cuenta debe ser Ahorros o Corriente',
  nameRequired: 'Ingrese el nombre del banco',
  accountTaken: 'Ya existe esa cuenta: el mismo banco, tipo y número',
  deleted: (nombre: string) => `Se eliminó la cuenta de ${nombre}`,
  deactivatedInstead: (nombre: string, pagos: number) =>
    `La cuenta de ${nombre} tiene ${pagos === 1 ? '1 pago registrado' : `${pagos} pagos registrados`}: se desactivó en lugar de eliminarse, y ya no se ofrece para nuevos pagos`,
  alreadyInactive: (nombre: string, pagos: number) =>
    `La cuenta de ${nombre} ya estaba inactiva; tiene ${pagos === 1 ? '1 pago registrado' : `${pagos} pagos registrados`} y no se puede eliminar`,
} as const;
