import { describe, expect, it } from 'vitest';
import {
  CLAVE_MSG,
  codigoNumericoAleatorio,
  digitoVerificador,
  generarClaveAcceso,
  leerClaveAcceso,
  validarClaveAcceso,
} from '../../domain/facturas';

/** A real key authorized by the SRI: Corporación Favorita, 18/11/2023, 072-126-000254002. */
const REAL = '1811202301179001691900120721260002540020711013510';
/** Another authorized invoice, of a different issuer and series, ending in a check digit other than 0. */
const OTRA_REAL = '0312202201019007200200120029020004874985766297216';

const PARTES_REAL = {
  fechaEmision: '18/11/2023',
  codDoc: '01',
  ruc: '1790016919001',
  ambiente: '2',
  estab: '072',
  ptoEmi: '126',
  secuencial: '000254002',
  codigoNumerico: '07110135',
  tipoEmision: '1',
} as const;

/** A 49-digit key with a correct check digit over any 48 digits: to reach the checks after the check digit. */
const conVerificador = (cuerpo: string) => cuerpo + digitoVerificador(cuerpo);

describe('clave de acceso', () => {
  it('accepts the real authorized keys and reads their parts', () => {
    expect(validarClaveAcceso(REAL)).toEqual({ valida: true, partes: PARTES_REAL });
    expect(leerClaveAcceso(OTRA_REAL)).toMatchObject({
      fechaEmision: '03/12/2022',
      ruc: '0190072002001',
      estab: '002',
      ptoEmi: '902',
      secuencial: '000487498',
    });
  });

  it('builds the real key back from its parts, digit for digit', () => {
    expect(generarClaveAcceso(PARTES_REAL)).toBe(REAL);
    const otra = leerClaveAcceso(OTRA_REAL)!;
    expect(generarClaveAcceso(otra)).toBe(OTRA_REAL);
  });

  it('refuses every key one digit away from the real one', () => {
    let probadas = 0;
    for (let i = 0; i < REAL.length; i++) {
      for (const d of '0123456789') {
        if (d === REAL[i]) continue;
        const alterada = REAL.slice(0, i) + d + REAL.slice(i + 1);
        expect(validarClaveAcceso(alterada).valida, `posición ${i + 1} → ${d}`).toBe(false);
        probadas++;
      }
    }
    expect(probadas).toBe(49 * 9);
  });

  it('computes the module 11 digit with weights 2..7 from the right, 11 → 0 and 10 → 1', () => {
    expect(digitoVerificador(REAL.slice(0, 48))).toBe(0);
    expect(digitoVerificador(OTRA_REAL.slice(0, 48))).toBe(6);
    // Sum 0: 11 - 0 = 11 → 0.
    expect(digitoVerificador('0'.repeat(48))).toBe(0);
    // The rightmost digit weighs 2: 6 × 2 = 12, 12 % 11 = 1, 11 - 1 = 10 → 1.
    expect(digitoVerificador('0'.repeat(47) + '6')).toBe(1);
    // 1 × 2 = 2 → 9; the seventh from the right weighs 2 again (weights repeat after 7): 1 × 2 → 9.
    expect(digitoVerificador('0'.repeat(47) + '1')).toBe(9);
    expect(digitoVerificador('0'.repeat(41) + '1' + '0'.repeat(6))).toBe(9);
    // The sixth from the right weighs 7: 7 → 11 - 7 = 4.
    expect(digitoVerificador('0'.repeat(42) + '1' + '0'.repeat(5))).toBe(4);
  });

  it('says in Spanish what is wrong with a key', () => {
    expect(validarClaveAcceso(REAL.slice(0, 48))).toEqual({ valida: false, error: CLAVE_MSG.longitud });
    expect(validarClaveAcceso(`${REAL}0`)).toEqual({ valida: false, error: CLAVE_MSG.longitud });
    expect(validarClaveAcceso(`${REAL.slice(0, 48)}A`)).toEqual({ valida: false, error: CLAVE_MSG.digitos });
    expect(validarClaveAcceso(`${REAL.slice(0, 48)}1`)).toEqual({ valida: false, error: CLAVE_MSG.verificador });
    // A correct check digit over an impossible date (31 February), an unknown document type, environment 3.
    expect(validarClaveAcceso(conVerificador(`31022024${REAL.slice(8, 48)}`))).toEqual({ valida: false, error: CLAVE_MSG.fecha });
    expect(validarClaveAcceso(conVerificador(`1811202302${REAL.slice(10, 48)}`))).toEqual({
      valida: false,
      error: CLAVE_MSG.tipoDocumento,
    });
    expect(validarClaveAcceso(conVerificador(`${REAL.slice(0, 23)}3${REAL.slice(24, 48)}`))).toEqual({
      valida: false,
      error: CLAVE_MSG.ambiente,
    });
    expect(CLAVE_MSG.verificador).toMatch(/^El dígito verificador de la clave de acceso no es válido/);
  });

  it('gives each document a random 8-digit numeric code that makes a valid key', () => {
    const codigos = Array.from({ length: 200 }, codigoNumericoAleatorio);
    for (const codigo of codigos) expect(codigo).toMatch(/^\d{8}$/);
    expect(new Set(codigos).size).toBeGreaterThan(195);
    const clave = generarClaveAcceso({ ...PARTES_REAL, codigoNumerico: undefined });
    expect(clave.slice(0, 39)).toBe(REAL.slice(0, 39));
    expect(validarClaveAcceso(clave).valida).toBe(true);
  });

  it('refuses to build a key from a part without its digits', () => {
    expect(() => generarClaveAcceso({ ...PARTES_REAL, estab: '72' })).toThrow('un establecimiento de 3 dígitos');
    expect(() => generarClaveAcceso({ ...PARTES_REAL, secuencial: '254002' })).toThrow('un secuencial de 9 dígitos');
    expect(() => generarClaveAcceso({ ...PARTES_REAL, fechaEmision: '30/02/2024' })).toThrow(CLAVE_MSG.fecha);
  });
});
