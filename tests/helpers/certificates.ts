import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { buildDemoPkcs12, type DemoCertificateOptions } from '../../server/infra/db/demo-certificate';
import { API } from './accounts';
import type { TestApp } from './server';

/**
 * Electronic signatures for the tests, built at run time with node-forge (keys by Node's crypto): no certificate file
 * is ever committed. By default a legacy (3DES) .p12 of a demonstration CA, valid from yesterday for a year.
 */
export const SIGNATURE_PASSWORD = 'Firma.Segura-2026';
const DAY = 86_400_000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

export function buildSignature(options: Partial<DemoCertificateOptions> = {}): Buffer {
  return buildDemoPkcs12({
    password: SIGNATURE_PASSWORD,
    titular: 'JUAN CARLOS PEREZ LOPEZ',
    desde: daysFromNow(-1),
    hasta: daysFromNow(365),
    ...options,
  });
}

/** The cases every signature screen must tell apart. */
export const signatures = {
  legacy: (ruc?: string) => buildSignature({ algorithm: '3des', ruc }),
  modern: (ruc?: string) => buildSignature({ algorithm: 'aes256', ruc }),
  expired: (ruc?: string) => buildSignature({ ruc, desde: daysFromNow(-730), hasta: daysFromNow(-2) }),
  notYetValid: (ruc?: string) => buildSignature({ ruc, desde: daysFromNow(10), hasta: daysFromNow(400) }),
  expiringIn: (days: number, ruc?: string) => buildSignature({ ruc, hasta: daysFromNow(days) }),
  withoutKey: (ruc?: string) => buildSignature({ ruc, withKey: false }),
  encipherOnly: (ruc?: string) => buildSignature({ ruc, keyUsage: { keyEncipherment: true } }),
};

/** A multipart body with text fields and, optionally, the file in `signfile` (or another field). */
export function signatureForm(
  fields: Record<string, string>,
  file?: { content: Buffer; filename?: string; field?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----firma${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'signfile'}"; filename="${file.filename ?? 'firma.p12'}"\r\nContent-Type: application/x-pkcs12\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POSTs a signature (and its password) to `path` under the API with a token; returns the raw answer. */
export function postSignature(
  t: TestApp,
  path: string,
  token: string,
  content: Buffer,
  { password = SIGNATURE_PASSWORD, filename = 'firma.p12', ruc }: { password?: string; filename?: string; ruc?: string } = {},
) {
  const form = signatureForm({ password, ...(ruc ? { ruc } : {}) }, { content, filename });
  return t.app.inject({ method: 'POST', url: `${API}${path}`, payload: form.payload, headers: { ...form.headers, 'x-token': token } });
}

/** Gives the session's company a valid signature through the company's own upload; returns its metadata. */
export async function uploadCompanySignature(t: TestApp, token: string, content: Buffer = signatures.legacy()) {
  const res = await postSignature(t, '/firma', token, content);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { FIR_CODIGO: number; FIR_HASTA: string };
}
