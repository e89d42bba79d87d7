/**
 * The access key (clave de acceso) of an electronic document: 49 digits that make it unique at the SRI.
 * fecha ddmmaaaa (8) · codDoc (2) · RUC (13) · ambiente (1) · estab + ptoEmi (6) · secuencial (9) · código numérico (8)
 * · tipo de emisión (1) · dígito verificador (1), the last by module 11.
 */
import { esDia } from '../fechas';
import { esCodigoDocumento, type Ambiente } from '../facturas/catalogos';
import type { CodigoDocumento } from '../facturas/comprobante';
import { CLAVE_MSG } from '../facturas/mensajes';

export type PartesClaveAcceso = {
  /** dd/mm/aaaa, as fechaEmision. */
  fechaEmision: string;
  codDoc: CodigoDocumento;
  ruc: string;
  ambiente: Ambiente;
  estab: string;
  ptoEmi: string;
  secuencial: string;
  codigoNumerico: string;
  tipoEmision: '1';
};

export type ValidacionClave = { valida: true; partes: PartesClaveAcceso } | { valida: false; error: string };

/**
 * Module 11 check digit of the first 48 digits: weights 2, 3, 4, 5, 6, 7 repeating from the rightmost digit;
 * d = 11 - sum % 11, where 11 becomes 0 and 10 becomes 1.
 */
export function digitoVerificador(digitos: string): number {
  let suma = 0;
  for (let i = digitos.length - 1, peso = 2; i >= 0; i--, peso = peso === 7 ? 2 : peso + 1) {
    suma += (digitos.charCodeAt(i) - 48) * peso;
  }
  const d = 11 - (suma % 11);
  return d === 11 ? 0 : d === 10 ? 1 : d;
}

const rango = 100_000_000;
/** The largest multiple of 10^8 below 2^32: drawing under it keeps every 8-digit code equally likely. */
const techo = Math.floor(2 ** 32 / rango) * rango;

/**
 * A random 8-digit código numérico, new for each document: it keeps a key from being guessed from the number and
 * date alone. crypto.getRandomValues exists in browsers and in Node.
 */
export function codigoNumericoAleatorio(): string {
  const caja = new Uint32Array(1);
  do globalThis.crypto.getRandomValues(caja);
  while (caja[0]! >= techo);
  return String(caja[0]! % rango).padStart(8, '0');
}

const FECHA = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const digitosFijos = (texto: string, n: number) => new RegExp(`^\\d{${n}}$`).test(texto);

function exigir(valor: string, n: number, parte: string): string {
  if (!digitosFijos(valor, n)) throw new RangeError(CLAVE_MSG.parte(parte, n));
  return valor;
}

/** The 49-digit key of a document; throws when a part does not have its digits (a program error, not a user's). */
export function generarClaveAcceso(
  partes: Omit<PartesClaveAcceso, 'codigoNumerico' | 'tipoEmision'> & { codigoNumerico?: string; tipoEmision?: '1' },
): string {
  const fecha = FECHA.exec(partes.fechaEmision);
  if (!fecha || !esDia(`${fecha[3]}-${fecha[2]}-${fecha[1]}`)) throw new RangeError(CLAVE_MSG.fecha);
  const cuerpo = [
    `${fecha[1]}${fecha[2]}${fecha[3]}`,
    exigir(partes.codDoc, 2, 'un tipo de comprobante'),
    exigir(partes.ruc, 13, 'un RUC'),
    exigir(partes.ambiente, 1, 'un ambiente'),
    exigir(partes.estab, 3, 'un establecimiento'),
    exigir(partes.ptoEmi, 3, 'un punto de emisión'),
    exigir(partes.secuencial, 9, 'un secuencial'),
    exigir(partes.codigoNumerico ?? codigoNumericoAleatorio(), 8, 'un código numérico'),
    partes.tipoEmision ?? '1',
  ].join('');
  return cuerpo + digitoVerificador(cuerpo);
}

/** Checks a key's length, digits, check digit, date, document type, environment and emission type. */
export function validarClaveAcceso(clave: string): ValidacionClave {
  const k = String(clave ?? '').trim();
  if (!/^\d*$/.test(k)) return { valida: false, error: CLAVE_MSG.digitos };
  if (k.length !== 49) return { valida: false, error: CLAVE_MSG.longitud };
  if (digitoVerificador(k.slice(0, 48)) !== Number(k[48])) return { valida: false, error: CLAVE_MSG.verificador };
  const [dd, mm, aaaa] = [k.slice(0, 2), k.slice(2, 4), k.slice(4, 8)];
  if (!esDia(`${aaaa}-${mm}-${dd}`)) return { valida: false, error: CLAVE_MSG.fecha };
  const codDoc = k.slice(8, 10);
  if (!esCodigoDocumento(codDoc)) return { valida: false, error: CLAVE_MSG.tipoDocumento };
  const ambiente = k[23];
  if (ambiente !== '1' && ambiente !== '2') return { valida: false, error: CLAVE_MSG.ambiente };
  if (k[47] !== '1') return { valida: false, error: CLAVE_MSG.tipoEmision };
  return {
    valida: true,
    partes: {
      fechaEmision: `${dd}/${mm}/${aaaa}`,
      codDoc,
      ruc: k.slice(10, 23),
      ambiente,
      estab: k.slice(24, 27),
      ptoEmi: k.slice(27, 30),
      secuencial: k.slice(30, 39),
      codigoNumerico: k.slice(39, 47),
      tipoEmision: '1',
    },
  };
}

/** The parts of a valid key, or null. */
export const leerClaveAcceso = (clave: string): PartesClaveAcceso | null => {
  const v = validarClaveAcceso(clave);
  return v.valida ? v.partes : null;
};
