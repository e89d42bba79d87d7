import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService, TokenError } from '../../server/infra/tokens';

describe('tokens: verificación recordada', () => {
  afterEach(() => vi.useRealTimers());

  const service = () => createTokenService('clave-de-prueba-de-los-tokens-de-al-menos-32-caracteres');

  it('un token ya verificado vence igual en su segundo exp, como lo juzga jose', async () => {
    const tokens = service();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00.200Z'));
    const { token } = await tokens.sign({ kind: 'admin' }, 2, 'sesion-1');
    expect(await tokens.verify(token)).toMatchObject({ kind: 'admin', jti: 'sesion-1' });
    vi.setSystemTime(new Date('2026-11-23T10:00:01.999Z'));
    expect(await tokens.verify(token)).toMatchObject({ jti: 'sesion-1' });
    vi.setSystemTime(new Date('2026-11-23T10:00:02.000Z'));
    const expired = await tokens.verify(token).catch((error: unknown) => error);
    expect(expired).toBeInstanceOf(TokenError);
    expect((expired as TokenError).expired).toBe(true);
    // A fresh service (another process) judges the same token the same way.
    expect(
      await service()
        .verify(token)
        .catch((error: TokenError) => error.expired),
    ).toBe(true);
  });

  it('el token verificado no abre la puerta a uno alterado, ni sus datos se pueden cambiar', async () => {
    const tokens = service();
    const { token } = await tokens.sign({ kind: 'empresa' }, 60, 'sesion-2');
    const claims = await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const other = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), jti: 'sesion-5' })).toString(
      'base64url',
    );
    for (const altered of [`${header}.${other}.${signature}`, `${header}.${payload}.${signature.slice(0, -2)}AA`, `${token}.`]) {
      const refused = await tokens.verify(altered).catch((error: unknown) => error);
      expect(refused, altered).toBeInstanceOf(TokenError);
      expect((refused as TokenError).expired).toBe(false);
    }
    expect(() => Object.assign(claims, { jti: 'sesion-5' })).toThrow(TypeError);
    expect(await tokens.verify(token)).toMatchObject({ jti: 'sesion-2' });
  });

  it('un token sin exp no se acepta', async () => {
    const { SignJWT } = await import('jose');
    const key = new TextEncoder().encode('clave-de-prueba-de-los-tokens-de-al-menos-32-caracteres');
    const forever = await new SignJWT({ kind: 'admin', admin: 1, perfil: 1 }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    await expect(service().verify(forever)).rejects.toBeInstanceOf(TokenError);
  });
});
