import { expect } from 'vitest';
import { DEMO } from '../../server/infra/db/demo-accounts';
import type { TestApp } from './server';
import { API } from './accounts';

/** Shared pieces of the support-ticket API suites (soporte*.test.ts, productos.test.ts). */
export { API };

export async function adminToken(t: TestApp, who: 'admin' | 'distribuidor' = 'admin'): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `${API}/loginAdmin`, payload: DEMO[who] });
  expect(res.statusCode).toBe(200);
  return res.json().usuario.token;
}

export async function companyToken(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `${API}/login`, payload: DEMO.empresa });
  expect(res.statusCode).toBe(200);
  return res.json().usuario.token;
}

export const validTicket = (overrides: Record<string, unknown> = {}) => ({
  SPT_PRODUCTOS: 1,
  SPT_RUC: '1790016919001',
  SPT_CLIENTENOMBRE: 'Lucía Pérez',
  SPT_CLIENTECORREO: 'lucia.perez@comercialandina.ec',
  SPT_CLIENTETELEFONO: '0991234567',
  SPT_ASUNTO: 'stec',
  SPT_MENSAJE: '<p>No puedo <strong>autorizar</strong> mis facturas en el SRI.</p>',
  ...overrides,
});

export async function createTicket(t: TestApp, overrides: Record<string, unknown> = {}, remoteAddress?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${API}/soporte`,
    payload: validTicket(overrides),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { SPT_ID: number; tokenArchivo: string; SPT_ESTADO: string; msg: string };
}

/** A buffer of `size` bytes that starts with the given signature (default: a zip's local file header). */
export function fileOf(size: number, signature = 'PK\x03\x04'): Buffer {
  const buffer = Buffer.alloc(size);
  buffer.write(signature, 0, 'latin1');
  return buffer;
}

export const RAR_SIGNATURE = 'Rar!\x1a\x07\x00';

/**
 * Everything in the app's file storage (DATA_DIR/files or the bucket), unfinished uploads included, sorted (ext4 lists
 * a directory in hash order, which may change as it grows).
 */
export async function storedFiles(t: TestApp): Promise<string[]> {
  const names: string[] = [];
  for await (const { name } of t.storage.list()) names.push(name);
  return names.sort();
}
