import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { DEMO } from '../../server/db/demo-accounts';

describe.each(testDatabases)('sesión de empresa (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(kind); });
  afterAll(() => t.close());

  it('una empresa inicia sesión con RUC, usuario y clave', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/EmpresasAmelia/login', payload: DEMO.empresa });
    expect(res.statusCode).toBe(200);
    expect(res.json().usuario).toMatchObject({ EMP_RUC: DEMO.empresa.ruc, USU_ACTIVO: true });
  });
});
