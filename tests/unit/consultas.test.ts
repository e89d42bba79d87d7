// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseBandera, parseCatastro, parseContribuyente } from '../../server/infra/consultas';
import { cedulaPerson, sriTaxpayer } from '../helpers/consultas-stub';

const RUC = '0992345678001';

describe('parseContribuyente: lo que un servicio de RUC o de cédula respondió', () => {
  it('el registro del SRI (arreglo), con la dirección de la matriz', () => {
    expect(parseContribuyente([sriTaxpayer(RUC)], RUC)).toEqual({
      identificacion: RUC,
      razonSocial: 'DISTRIBUIDORA DEL LITORAL DISLIT S.A.',
      nombreComercial: 'DISLIT',
      correos: ['facturacion@dislit.ec'],
      telefonos: ['042 345678'],
      direccion: 'GUAYAS / GUAYAQUIL / TARQUI / AV. JUAN TANCA MARENGO KM 2',
    });
  });

  it('un servicio de cédulas: nombre, o apellidos y nombres; correos y teléfonos repetidos o inválidos se descartan', () => {
    expect(parseContribuyente(cedulaPerson('0912345678'), '0912345678')).toMatchObject({
      razonSocial: 'PEREZ LOPEZ JUAN CARLOS',
      correos: ['jcperez@correo.ec'],
      telefonos: ['0991234567'],
    });
    expect(
      parseContribuyente(
        {
          cedula: '0912345678',
          apellidos: 'SALAZAR MORA',
          nombres: 'MARIA ELENA',
          correo: 'MES@Correo.ec; no-es-correo, mes@correo.ec',
          telefono: '(02) 2345-678 / 0991234567',
        },
        '0912345678',
      ),
    ).toEqual({
      identificacion: '0912345678',
      razonSocial: 'SALAZAR MORA MARIA ELENA',
      nombreComercial: null,
      correos: ['mes@correo.ec'],
      telefonos: ['02 2345 678', '0991234567'],
      direccion: null,
    });
  });

  it('vacío: no existe; otra forma u otra identificación: el servicio no sirve', () => {
    for (const empty of [null, [], {}, [{}]]) expect(parseContribuyente(empty, RUC)).toBe('vacio');
    for (const wrong of ['texto', 42, { status: 'ok' }, [1, 2], { numeroRuc: RUC }]) expect(parseContribuyente(wrong, RUC)).toBeNull();
    expect(parseContribuyente(sriTaxpayer('1790016919001'), RUC)).toBeNull();
  });

  it('recorta los textos a lo que admite el cliente', () => {
    const long = parseContribuyente({ razonSocial: 'A'.repeat(400), direccion: 'B'.repeat(400) }, RUC);
    expect(long).toMatchObject({ razonSocial: 'A'.repeat(300), direccion: 'B'.repeat(300) });
  });
});

describe('parseBandera y parseCatastro', () => {
  it('acepta su propio nombre (true/false) o el campo del SRI ("SI"/"NO")', () => {
    expect(parseBandera('fantasma', { fantasma: true })).toBe(true);
    expect(parseBandera('fantasma', [{ contribuyenteFantasma: 'NO', transaccionesInexistente: 'SI' }])).toBe(true);
    expect(parseBandera('especial', { contribuyenteEspecial: 'SI' })).toBe(true);
    expect(parseBandera('agenteRetencion', sriTaxpayer(RUC))).toBe(false);
    expect(parseBandera('rimpe', { regimen: 'RIMPE' })).toBe(true);
    expect(parseBandera('rimpe', { regimen: 'GENERAL' })).toBe(false);
    expect(parseBandera('rimpe', true)).toBe(true);
    expect(parseBandera('especial', [])).toBe(false);
    expect(parseBandera('especial', { otra: 'cosa' })).toBeUndefined();
    expect(parseBandera('especial', { especial: 'tal vez' })).toBeUndefined();
  });

  it('catastro: sus nombres o los del SRI; vacío: null; otra forma: undefined', () => {
    expect(parseCatastro({ estado: 'ACTIVO', actividad: 'COMERCIO', inicioActividades: '2015-03-02' })).toEqual({
      estado: 'ACTIVO',
      actividad: 'COMERCIO',
      inicioActividades: '2015-03-02',
    });
    expect(parseCatastro([sriTaxpayer(RUC)])).toEqual({
      estado: 'ACTIVO',
      actividad: 'VENTA AL POR MAYOR DE PRODUCTOS ALIMENTICIOS',
      inicioActividades: '2012-05-14',
    });
    expect(parseCatastro({})).toBeNull();
    expect(parseCatastro({ status: 'ok' })).toBeUndefined();
  });
});
