import { describe, it, expect } from 'vitest';
import { checkCedula, checkRuc, checkIdentification, CONSUMIDOR_FINAL } from '../../domain/identifiers';

const MSG_EMPTY = 'Ingrese un número de identificación';
const MSG_CEDULA_FORMAT = 'La cédula debe tener 10 dígitos numéricos';
const MSG_RUC_FORMAT = 'El RUC debe tener 13 dígitos numéricos';
const MSG_ID_LENGTH = 'Cédula o RUC deben tener 10 o 13 dígitos';
const WARN_CEDULA = 'El dígito verificador de la cédula no es válido';
const WARN_RUC = 'El dígito verificador del RUC no es válido; verifique el número antes de continuar';

const VALID_CEDULAS = ['1714307103', '0926687856', '0602910945', '0910005917'];
const VALID_RUCS = [
  '1790016919001', // private company
  '1792060346001', // private company
  '0992397535001', // private company
  '1760001550001', // public entity
  '1714307103001', // natural person
];
const REAL_RUCS_FAILING_CHECKSUM = ['1793213150001', '1793189906001', '0993366721001'];

describe('checkCedula', () => {
  it.each(VALID_CEDULAS)('accepts %s with no warning', (c) => {
    expect(checkCedula(c)).toEqual({ valid: true });
  });

  it('trims surrounding spaces', () => {
    expect(checkCedula('  1714307103 ')).toEqual({ valid: true });
  });

  it('accepts province 30 (registered abroad) and third digit 6', () => {
    expect(checkCedula('3014307106')).toEqual({ valid: true });
    expect(checkCedula('1764307102')).toEqual({ valid: true });
  });

  it('warns (but does not block) on a bad check digit', () => {
    expect(checkCedula('1714307104')).toEqual({ valid: true, warning: WARN_CEDULA });
  });

  it('warns on province 25 even when the check digit is right', () => {
    expect(checkCedula('2514307103')).toEqual({ valid: true, warning: WARN_CEDULA });
  });

  it('warns on province 00 and on third digit 7', () => {
    expect(checkCedula('0014307103').warning).toBe(WARN_CEDULA);
    expect(checkCedula('1774307100')).toEqual({ valid: true, warning: WARN_CEDULA });
  });

  it.each(['171430710', '17143071031', '1714307103001'])('rejects wrong length %s', (c) => {
    expect(checkCedula(c)).toEqual({ valid: false, error: MSG_CEDULA_FORMAT });
  });

  it.each(['17143O7103', 'abcdefghij', '1714-07103', '17143 7103'])('rejects non-digits %s', (c) => {
    expect(checkCedula(c)).toEqual({ valid: false, error: MSG_CEDULA_FORMAT });
  });

  it('rejects empty or blank input', () => {
    expect(checkCedula('')).toEqual({ valid: false, error: MSG_EMPTY });
    expect(checkCedula('   ')).toEqual({ valid: false, error: MSG_EMPTY });
  });
});

describe('checkRuc', () => {
  it.each(VALID_RUCS)('accepts %s with no warning', (r) => {
    expect(checkRuc(r)).toEqual({ valid: true });
  });

  it.each(REAL_RUCS_FAILING_CHECKSUM)('accepts real RUC %s with a warning only', (r) => {
    expect(checkRuc(r)).toEqual({ valid: true, warning: WARN_RUC });
  });

  it('accepts consumidor final with no warning', () => {
    expect(CONSUMIDOR_FINAL).toBe('9999999999999');
    expect(checkRuc(CONSUMIDOR_FINAL)).toEqual({ valid: true });
  });

  it('trims surrounding spaces', () => {
    expect(checkRuc(' 1790016919001  ')).toEqual({ valid: true });
  });

  it('warns on establishment 000 / 0000', () => {
    expect(checkRuc('1714307103000')).toEqual({ valid: true, warning: WARN_RUC });
    expect(checkRuc('1790016919000')).toEqual({ valid: true, warning: WARN_RUC });
    expect(checkRuc('1760001550000')).toEqual({ valid: true, warning: WARN_RUC });
  });

  it('warns on a natural-person RUC whose cédula part has a bad check digit', () => {
    expect(checkRuc('1714307104001')).toEqual({ valid: true, warning: WARN_RUC });
  });

  it('warns on a private-company RUC with a bad check digit', () => {
    expect(checkRuc('1790016918001')).toEqual({ valid: true, warning: WARN_RUC });
  });

  it('warns on every check digit when the módulo 11 remainder is 1', () => {
    for (let d = 0; d <= 9; d++) {
      expect(checkRuc(`179206032${d}001`)).toEqual({ valid: true, warning: WARN_RUC });
    }
  });

  it('warns on a public-entity RUC with a bad check digit', () => {
    expect(checkRuc('1760001540001')).toEqual({ valid: true, warning: WARN_RUC });
  });

  it('accepts third digit 6 when it is a foreigner cédula plus establishment', () => {
    expect(checkRuc('1764307102001')).toEqual({ valid: true });
  });

  it('warns on province 25 and on third digits 7 and 8', () => {
    expect(checkRuc('2514307103001')).toEqual({ valid: true, warning: WARN_RUC });
    expect(checkRuc('1774307100001').warning).toBe(WARN_RUC);
    expect(checkRuc('1784307100001').warning).toBe(WARN_RUC);
  });

  it.each(['1790016919', '179001691900', '17900169190011'])('rejects wrong length %s', (r) => {
    expect(checkRuc(r)).toEqual({ valid: false, error: MSG_RUC_FORMAT });
  });

  it.each(['179001691900A', 'ABCDEFGHIJKLM', '1790016919-01'])('rejects non-digits %s', (r) => {
    expect(checkRuc(r)).toEqual({ valid: false, error: MSG_RUC_FORMAT });
  });

  it('rejects empty input', () => {
    expect(checkRuc('')).toEqual({ valid: false, error: MSG_EMPTY });
    expect(checkRuc(' ')).toEqual({ valid: false, error: MSG_EMPTY });
  });
});

describe('checkIdentification', () => {
  it('dispatches 10 digits to checkCedula', () => {
    for (const c of VALID_CEDULAS) expect(checkIdentification(c)).toEqual({ valid: true });
    expect(checkIdentification('1714307104')).toEqual({ valid: true, warning: WARN_CEDULA });
    expect(checkIdentification('17143O7103')).toEqual({ valid: false, error: MSG_CEDULA_FORMAT });
  });

  it('dispatches 13 digits to checkRuc', () => {
    for (const r of VALID_RUCS) expect(checkIdentification(r)).toEqual({ valid: true });
    for (const r of REAL_RUCS_FAILING_CHECKSUM) {
      expect(checkIdentification(r)).toEqual({ valid: true, warning: WARN_RUC });
    }
    expect(checkIdentification(CONSUMIDOR_FINAL)).toEqual({ valid: true });
    expect(checkIdentification('179001691900A')).toEqual({ valid: false, error: MSG_RUC_FORMAT });
  });

  it('trims before dispatching', () => {
    expect(checkIdentification(' 1714307103 ')).toEqual({ valid: true });
    expect(checkIdentification(' 1790016919001 ')).toEqual({ valid: true });
  });

  it.each(['1', '171430710', '17143071031', '179001691900', '17900169190011', 'ABC'])('rejects other lengths (%s)', (v) => {
    expect(checkIdentification(v)).toEqual({ valid: false, error: MSG_ID_LENGTH });
  });

  it('rejects empty input', () => {
    expect(checkIdentification('')).toEqual({ valid: false, error: MSG_EMPTY });
    expect(checkIdentification('  ')).toEqual({ valid: false, error: MSG_EMPTY });
  });
});
