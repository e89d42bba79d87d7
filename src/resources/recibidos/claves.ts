import { digitoVerificador } from '../../../domain/comprobantes/clave-acceso';

type ClavesLeidas = {
  /** The distinct keys whose check digit is right, in the order they were written. */
  validas: string[];
  /** 49-digit numbers whose check digit is wrong (a mistyped key). */
  invalidas: number;
  /** Valid keys written more than once. */
  repetidas: number;
};

/**
 * The access keys in what the user pasted (a column of a spreadsheet, an email, a list separated by commas): every run
 * of exactly 49 digits, as the server reads them; a run with a wrong module-11 check digit is counted apart, so that
 * the count the screen shows before sending is the one the server will ask the SRI about.
 */
export function leerClaves(texto: string): ClavesLeidas {
  const vistas = new Set<string>();
  let invalidas = 0;
  let repetidas = 0;
  for (const [clave] of texto.matchAll(/\d+/g)) {
    if (clave.length !== 49) continue;
    if (digitoVerificador(clave.slice(0, 48)) !== Number(clave[48])) invalidas++;
    else if (vistas.has(clave)) repetidas++;
    else vistas.add(clave);
  }
  return { validas: [...vistas], invalidas, repetidas };
}
