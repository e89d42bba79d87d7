import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './server';
import { DEMO } from '../../server/infra/db/demo-accounts';

/** Base path of the session, administration and support routes. */
export const API = '/api/EmpresasAmelia';

/** The demo companies seeded by server/infra/db/seed.ts (RUC and first user). */
export const COMPANIES = {
  andina: { ruc: DEMO.empresa.ruc, usuario: DEMO.empresa.usuario, clave: DEMO.empresa.clave },
  tornillo: { ruc: '1792060346001', usuario: 'ferreteria', clave: DEMO.empresa.clave },
  costa: { ruc: '0992397535001', usuario: 'costa', clave: DEMO.empresa.clave },
} as const;

/** Every password of the demo data: none may ever appear in a response body or a log line. */
export const DEMO_PASSWORDS = [DEMO.admin.clave, DEMO.distribuidor.clave, DEMO.empresa.clave];

export type CompanyLogin = { ruc: string; usuario: string; clave: string; recordar?: boolean };

/** Claims of a JWT, read the way any client can: base64url-decoding the middle part. */
export function jwtPayload(token: string): Record<string, unknown> & { iat: number; exp: number } {
  const parts = token.split('.');
  expect(parts).toHaveLength(3);
  return JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
}

export async function loginCompany(t: TestApp, credentials: CompanyLogin = COMPANIES.andina) {
  const res = await t.app.inject({ method: 'POST', url: `${API}/login`, payload: credentials });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().usuario as {
    USU_CODIGO: number;
    USU_USUARIO: string;
    COM_CODIGO: number;
    eid: number;
    EMP_RUC: string;
    token: string;
    expira: string;
    cambiarClave: boolean;
  };
}

export async function loginAdmin(t: TestApp, credentials: { usuario: string; clave: string } = DEMO.admin) {
  const res = await t.app.inject({ method: 'POST', url: `${API}/loginAdmin`, payload: credentials });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().usuario as {
    ADM_CODIGO: number;
    ADM_USUARIO: string;
    PRF_CODIGO: number;
    DRB_CONTADOR: number;
    token: string;
    expira: string;
  };
}

const issuedRucs = new Set<string>();

/**
 * A 13-digit RUC no other test of this process uses (province 17, private company, establishment 001). Remembered:
 * a suite that creates a thousand companies would otherwise draw the same random number once in a dozen runs.
 */
export function newRuc(): string {
  let ruc: string;
  do ruc = `179${String(randomInt(0, 10_000_000)).padStart(7, '0')}001`;
  while (issuedRucs.has(ruc));
  issuedRucs.add(ruc);
  return ruc;
}

export function registration(overrides: Record<string, unknown> = {}) {
  const ruc = newRuc();
  return {
    EMP_RUC: ruc,
    EMP_NOMBREC: `Comercial Prueba ${ruc.slice(3, 10)}`,
    EMP_NOMBRE: `COMERCIAL PRUEBA ${ruc.slice(3, 10)} S.A.`,
    email: `contabilidad.${ruc.slice(3, 10)}@prueba.ec`,
    usuario: `usuario${ruc.slice(3, 10)}`,
    clave: 'ClaveSegura2026',
    terminos: true,
    ...overrides,
  };
}

/** Registers a new company through the API and returns what the client received plus what it sent. */
export async function registerCompany(t: TestApp, overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const res = await t.app.inject({ method: 'POST', url: `${API}/registro`, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json() as { EMP_CODIGO: number; EMP_RUC: string; tokenPago: string; msg: string };
  return { ...created, body, login: { ruc: body.EMP_RUC as string, usuario: body.usuario as string, clave: body.clave as string } };
}
