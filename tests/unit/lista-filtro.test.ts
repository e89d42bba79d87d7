// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readFilter } from '../../server/core/list';

/** The 400 that readFilter throws for `raw`, as { status, msg }. */
function refusal(raw: string, options?: { nullIsNoFilter?: boolean }) {
  try {
    readFilter(raw, options);
  } catch (error) {
    const { statusCode, message } = error as { statusCode: number; message: string };
    return { status: statusCode, msg: message };
  }
  throw new Error(`readFilter aceptó ${raw}`);
}

describe('readFilter: el único lector del filter de una lista', () => {
  it('sin filtro, o vacío, es ningún filtro; un objeto se lee tal cual', () => {
    expect(readFilter(undefined)).toEqual({});
    expect(readFilter('')).toEqual({});
    expect(readFilter('{"q":"andrade","id":[1,2]}')).toEqual({ q: 'andrade', id: [1, 2] });
  });

  it('lo que no es un objeto JSON responde 400 en español', () => {
    expect(refusal('{')).toEqual({ status: 400, msg: 'El parámetro filter no es un JSON válido' });
    expect(refusal('[1]')).toEqual({ status: 400, msg: 'El parámetro filter debe ser un objeto' });
    expect(refusal('"texto"')).toEqual({ status: 400, msg: 'El parámetro filter debe ser un objeto' });
    expect(refusal('{"q":"a\\u0000b"}')).toEqual({ status: 400, msg: 'El parámetro filter contiene caracteres no permitidos' });
    expect(refusal('{"x\\u0000":1}')).toEqual({ status: 400, msg: 'El parámetro filter contiene caracteres no permitidos' });
  });

  it('null se rechaza, salvo donde solo la lista lee el filtro: allí es ningún filtro', () => {
    expect(refusal('null')).toEqual({ status: 400, msg: 'El parámetro filter debe ser un objeto' });
    expect(readFilter('null', { nullIsNoFilter: true })).toEqual({});
    expect(refusal('[]', { nullIsNoFilter: true })).toEqual({ status: 400, msg: 'El parámetro filter debe ser un objeto' });
  });
});
