import { describe, expect, it } from 'vitest';
import { cambios, mostrar } from '../../src/resources/auditoria/diff';

const yesNo = { si: 'Sí', no: 'No' };

describe('auditoría: antes y después', () => {
  it('lista cada campo que cambió una vez, con su valor antes y después', () => {
    expect(cambios({ ADM_NOMBRE: 'Ana', ADM_ACTIVO: true }, { ADM_NOMBRE: 'Ana María', ADM_ACTIVO: false })).toEqual([
      { campo: 'ADM_NOMBRE', antes: 'Ana', despues: 'Ana María' },
      { campo: 'ADM_ACTIVO', antes: true, despues: false },
    ]);
    // A creation has only "after"; a deletion only "before".
    expect(cambios(null, { ADM_USUARIO: 'ana' })).toEqual([{ campo: 'ADM_USUARIO', antes: undefined, despues: 'ana' }]);
    expect(cambios({ BAN_NOMBRE: 'Pichincha' }, null)).toEqual([{ campo: 'BAN_NOMBRE', antes: 'Pichincha', despues: undefined }]);
    expect(cambios(null, null)).toEqual([]);
  });

  it('muestra los valores como se leen: guion, Sí/No, listas con comas, estructuras en JSON', () => {
    expect([null, undefined, '', []].map((v) => mostrar(v, yesNo))).toEqual(['—', '—', '—', '—']);
    expect([true, false].map((v) => mostrar(v, yesNo))).toEqual(['Sí', 'No']);
    expect(mostrar([3, 7, 12], yesNo)).toBe('3, 7, 12');
    expect(mostrar(0, yesNo)).toBe('0');
    expect(mostrar({ EST_NUMERO: '001' }, yesNo)).toBe('{"EST_NUMERO":"001"}');
    expect(mostrar([{ a: 1 }, 'x'], yesNo)).toBe('{"a":1}, x');
  });
});
