import type { Page } from 'playwright-core';
import { cedulaValida as cedulaDeProvincia } from './identificaciones';

/**
 * What the clients book's end-to-end scenario needs besides the common harness: identifications that pass the SRI's
 * check digit, the CSV a company would import, a PDF of a given size, and a slow uplink so the progress bars show.
 */

/** A cédula of Guayas (province 09) with a valid check digit. */
export const cedulaValida = (serial: number) => cedulaDeProvincia(serial, '090');

export type FilaImportacion = { tipo?: string; identificacion: string; razonSocial: string; correo?: string; telefono?: string };

/** A CSV as the template describes it (semicolons, UTF-8 with BOM, header first). */
export function csvImportacion(filas: FilaImportacion[]): Buffer {
  const lines = [
    'tipo_identificacion;identificacion;razon_social;nombre_comercial;correos;telefonos;direccion',
    ...filas.map((f) => [f.tipo ?? '', f.identificacion, f.razonSocial, '', f.correo ?? '', f.telefono ?? '', 'Guayaquil'].join(';')),
  ];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** A PDF of about `bytes` bytes (a comment pads it): big enough that its upload takes a moment on a slow uplink. */
export function pdfDeTamano(bytes: number): Buffer {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n';
  const tail = 'trailer << /Root 1 0 R >>\n%%EOF\n';
  const line = `%${'x'.repeat(78)}\n`;
  return Buffer.from(head + line.repeat(Math.max(0, Math.ceil((bytes - head.length - tail.length) / line.length))) + tail);
}

/** Limits the page's upload speed (Chromium's network emulation; downloads stay unthrottled); null lifts it. */
export async function limitarSubida(page: Page, bytesPorSegundo: number | null) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPorSegundo ?? -1,
  });
}

/**
 * Waits until a determinate progress bar shows a value strictly between 0 and 100 (the upload is under way), and
 * returns the values it saw.
 */
export async function verProgreso(page: Page, name: string): Promise<number[]> {
  const bar = page.getByRole('progressbar', { name });
  await bar.waitFor({ state: 'visible' });
  const seen: number[] = [];
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const value = Number(await bar.getAttribute('aria-valuenow', { timeout: 1_000 }).catch(() => NaN));
    if (Number.isFinite(value)) seen.push(value);
    if (seen.some((v) => v > 0 && v < 100)) return seen;
    await page.waitForTimeout(50);
  }
  throw new Error(`La barra «${name}» no mostró un avance parcial: ${seen.join(', ')}`);
}
