import { describe, expect, it } from 'vitest';
import { checkAsesorIdentification } from '../../domain/asesores';
import { asesorToWire } from '../../src/resources/asesores/AsesorForm';
import { bancoToWire } from '../../src/resources/bancos/BancoForm';

describe('identificación de un asesor (la misma regla en el formulario y en el servidor)', () => {
  it.each([
    ['1714307103', {}],
    ['0926687856001', {}],
    [' 0602910945 ', {}],
    ['1714307104', { error: 'El dígito verificador de la cédula no es válido' }],
    ['1714307104001', { error: 'El dígito verificador del RUC no es válido' }],
    ['123', { error: 'Cédula o RUC deben tener 10 o 13 dígitos' }],
    ['17143O7103', { error: 'La cédula debe tener 10 dígitos numéricos' }],
    ['', { error: 'Ingrese un número de identificación' }],
  ])('%s → %j', (value, expected) => {
    expect(checkAsesorIdentification(value)).toEqual(expected);
  });

  it('el RUC de una sociedad que no cuadra con el dígito verificador es solo una advertencia', () => {
    const result = checkAsesorIdentification('1793213150001');
    expect(result.error).toBeUndefined();
    expect(result.warning).toMatch(/dígito verificador del RUC/);
  });
});

describe('lo que los formularios envían', () => {
  it('asesor: recorta, vacío es null y deja fuera las columnas calculadas', () => {
    expect(
      asesorToWire({
        id: 4,
        ASE_CODIGO: 4,
        tickets: 2,
        ASE_IDENTIFICACION: ' 1714307103 ',
        ASE_NOMBRE: ' Ana ',
        ASE_CORREO: '  ',
        ASE_TELEFONO: null,
        ASE_TIPO: 'VENTAS',
        ASE_ACTIVO: false,
      }),
    ).toEqual({
      ASE_IDENTIFICACION: '1714307103',
      ASE_NOMBRE: 'Ana',
      ASE_CORREO: null,
      ASE_TELEFONO: null,
      ASE_TIPO: 'VENTAS',
      ASE_ACTIVO: false,
    });
  });

  it('banco: recorta y deja fuera los pagos', () => {
    expect(bancoToWire({ id: 1, pagos: 3, BAN_NOMBRE: ' Produbanco ', BAN_TIPO_CUENTA: 'CORRIENTE', BAN_NUMERO: ' 02005012345 ' })).toEqual(
      {
        BAN_NOMBRE: 'Produbanco',
        BAN_TIPO_CUENTA: 'CORRIENTE',
        BAN_NUMERO: '02005012345',
        BAN_ACTIVO: true,
      },
    );
  });
});
