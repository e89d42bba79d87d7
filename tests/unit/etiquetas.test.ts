import { describe, expect, it } from 'vitest';
import { cambiosLegibles, etiquetaCampo, etiquetasCampos, valorLegible } from '../../domain/etiquetas';

describe('etiquetas de la auditoría y del historial', () => {
  it('nombra los campos como se leen; uno desconocido, con su nombre legible, nunca el de la columna', () => {
    expect(etiquetaCampo('PAG_CODIGO')).toBe('Pago');
    expect(etiquetaCampo('PLANEMPRESA_CADUCA')).toBe('Plan vence');
    expect(etiquetaCampo('EMP_AMBIENTE')).toBe('Ambiente');
    expect(etiquetaCampo('EMP_NOMBREC')).toBe('Nombre comercial');
    expect(etiquetaCampo('XYZ_CAMPO_NUEVO')).toBe('Campo nuevo');
    expect(etiquetaCampo('otroValor')).toBe('Otro valor');
    expect(etiquetasCampos(['PLANEMPRESA_COMPROBANTES', 'PLANEMPRESA_CADUCA', 'ZZ_OTRO'])).toBe('Plan vence, Comprobantes, Otro');
    // PLAN_ID and PLAN_NOMBRE read the same: once.
    expect(etiquetasCampos(['PLAN_NOMBRE', 'PLAN_ID'])).toBe('Plan');
  });

  it('muestra los valores como se leen: guion, Sí/No, códigos por su nombre, fechas AAAA-MM-DD, dinero con 2 decimales', () => {
    expect([null, undefined, '', []].map((v) => valorLegible('EMP_TELEFONO', v))).toEqual(['—', '—', '—', '—']);
    expect([true, false].map((v) => valorLegible('EMP_ACTIVO', v))).toEqual(['Sí', 'No']);
    expect([1, 2, '2'].map((v) => valorLegible('EMP_AMBIENTE', v))).toEqual(['Pruebas', 'Producción', 'Producción']);
    expect(valorLegible('EMP_COMPROBACION', 'PENDIENTE')).toBe('Por verificar');
    expect(valorLegible('PLANEMPRESA_CLASE', 'E')).toBe('Comprobantes electrónicos');
    expect(valorLegible('PLANEMPRESA_PRECIO', '25.5')).toBe('25.50');
    expect(valorLegible('PAG_MONTO', 30)).toBe('30.00');
    expect(valorLegible('PLANEMPRESA_CADUCA', '2026-03-31')).toBe('2026-03-31');
    // A moment, in Ecuador's time (UTC-5).
    expect(valorLegible('EMP_ACTUALIZADO', '2026-03-31T15:04:00.000Z')).toBe('2026-03-31 10:04');
    expect(valorLegible('menus', ['Facturas', 'Clientes'])).toBe('Facturas, Clientes');
    expect(valorLegible('EMP_TELEFONO', 0)).toBe('0');
    expect(valorLegible('establecimiento', { EST_NUMERO: '001', EST_ACTIVO: true })).toBe(
      'Número del establecimiento: 001, Establecimiento activo: Sí',
    );
    expect(valorLegible('establecimientos', [{ EST_NUMERO: '001' }, { EST_NUMERO: '002' }])).toBe(
      'Número del establecimiento: 001; Número del establecimiento: 002',
    );
  });

  it('lista cada campo una vez, en el orden del diccionario, antes y después; un id que viaja con su nombre se muestra con él', () => {
    expect(
      cambiosLegibles(
        { PLANEMPRESA_ID: 7, PLAN_NOMBRE: 'Pyme', PLANEMPRESA_CADUCA: '2026-03-31' },
        { PLANEMPRESA_ID: 7, PLAN_NOMBRE: 'Pyme', PLANEMPRESA_CADUCA: '2026-04-30', PAG_CODIGO: 3 },
      ),
    ).toEqual([
      { campo: 'PLANEMPRESA_ID', etiqueta: 'Plan vendido', antes: 'Pyme (N° 7)', despues: 'Pyme (N° 7)' },
      { campo: 'PLANEMPRESA_CADUCA', etiqueta: 'Plan vence', antes: '2026-03-31', despues: '2026-04-30' },
      { campo: 'PAG_CODIGO', etiqueta: 'Pago', antes: undefined, despues: '3' },
    ]);
    // A creation has only "after"; a removal only "before".
    expect(cambiosLegibles(null, { BAN_CODIGO: 2, BAN_NOMBRE: 'Banco Pichincha', PAG_MONTO: '45.5' })).toEqual([
      { campo: 'PAG_MONTO', etiqueta: 'Monto', antes: undefined, despues: '45.50' },
      { campo: 'BAN_CODIGO', etiqueta: 'Banco', antes: undefined, despues: 'Banco Pichincha (N° 2)' },
    ]);
    expect(cambiosLegibles({ EMP_ACTIVO: true }, null)).toEqual([
      { campo: 'EMP_ACTIVO', etiqueta: 'Activa', antes: 'Sí', despues: undefined },
    ]);
    expect(cambiosLegibles(null, null)).toEqual([]);
  });
});
