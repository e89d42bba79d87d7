import { describe, expect, it } from 'vitest';
import {
  checkProveedorIdentification,
  identificacionProveedor,
  PROVEEDOR_MSG,
  tipoProveedorPorIdentificacion,
  TIPOS_IDENTIFICACION_PROVEEDOR,
} from '../../domain/proveedores';

describe('la identificación de un proveedor', () => {
  it('admite RUC, cédula, pasaporte y exterior, nunca el consumidor final', () => {
    expect(TIPOS_IDENTIFICACION_PROVEEDOR.map((t) => t.id)).toEqual(['04', '05', '06', '08']);
    expect(checkProveedorIdentification('07', '9999999999999')).toEqual({ valid: false, error: PROVEEDOR_MSG.consumidorFinal });
    expect(checkProveedorIdentification('04', '9999999999999')).toEqual({ valid: false, error: PROVEEDOR_MSG.consumidorFinal });
    expect(checkProveedorIdentification('01', '1790012345001').error).toBe(PROVEEDOR_MSG.tipoIdentificacion);
  });

  it('comprueba cada tipo como el de un cliente: el largo es un error, el dígito verificador una advertencia', () => {
    expect(checkProveedorIdentification('04', '')).toEqual({ valid: false, error: 'Ingrese la identificación del proveedor' });
    expect(checkProveedorIdentification('04', '1791251237001')).toEqual({ valid: true });
    expect(checkProveedorIdentification('04', '179125123700').error).toBe('El RUC debe tener 13 dígitos numéricos');
    expect(checkProveedorIdentification('04', '1790012345001').warning).toBe(
      'El dígito verificador del RUC no es válido; verifique el número antes de continuar',
    );
    expect(checkProveedorIdentification('05', '1710034065')).toEqual({ valid: true });
    expect(checkProveedorIdentification('05', '1710034066').warning).toBe('El dígito verificador de la cédula no es válido');
    expect(checkProveedorIdentification('06', 'AB-1').error).toBe(
      'El pasaporte o la identificación del exterior debe tener de 3 a 20 letras o números',
    );
    expect(checkProveedorIdentification('08', 'X12345678')).toEqual({ valid: true });
  });

  it('guarda el pasaporte en mayúsculas y sugiere el tipo por el número', () => {
    expect(identificacionProveedor('06', ' ab123 ')).toBe('AB123');
    expect(identificacionProveedor('04', ' 1791251237001 ')).toBe('1791251237001');
    expect(tipoProveedorPorIdentificacion('1791251237001')).toBe('04');
    expect(tipoProveedorPorIdentificacion('1710034065')).toBe('05');
    expect(tipoProveedorPorIdentificacion('P1234567')).toBe('06');
    expect(tipoProveedorPorIdentificacion('9999999999999')).toBe('04');
  });
});
