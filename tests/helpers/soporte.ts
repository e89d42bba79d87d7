/**
 * Helpers of the support e2e scenarios: the taxpayer-lookup stand-in's RUCs, temporary attachments,
 * and the public ticket form's fields.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SRI_RUC, SRI_TAXPAYER, startTaxpayerStub } from './taxpayer-stub';

/** RUCs of the taxpayer-lookup stand-in used here: found, not registered, and unreachable. */
export const SRI = { found: SRI_RUC.found, notRegistered: SRI_RUC.notRegistered, unreachable: SRI_RUC.dropped } as const;
export { SRI_TAXPAYER, startTaxpayerStub };

/** A temporary folder for attachments, removed by cleanup(). */
export function tempFiles() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-e2e-soporte-'));
  return {
    dir,
    /** A small file with the given content. */
    write(name: string, content: Buffer | string) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, content);
      return file;
    },
    /** A sparse file of `size` bytes: nothing is written, nothing is read into memory. */
    sparse(name: string, size: number) {
      const file = path.join(dir, name);
      fs.closeSync(fs.openSync(file, 'w'));
      fs.truncateSync(file, size);
      return file;
    },
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Bytes that start like a ZIP (local file header signature PK\x03\x04), which is what the server checks. */
export function zipBytes(text: string): Buffer {
  return Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from(`\n${text}\n`, 'utf8'), Buffer.alloc(64, 7)]);
}

/** The public ticket form's controls. */
export function ticketForm(page: Page) {
  return {
    product: page.getByLabel('Producto', { exact: true }),
    id: page.getByLabel('RUC o cédula', { exact: true }),
    search: page.getByRole('button', { name: 'Buscar', exact: true }),
    name: page.getByLabel('Nombre del cliente', { exact: true }),
    email: page.getByLabel('Correo electrónico', { exact: true }),
    phone: page.getByLabel('Teléfono', { exact: true }),
    subject: page.getByLabel('Asunto', { exact: true }),
    message: page.getByRole('textbox', { name: 'Mensaje', exact: true }),
    bold: page.getByRole('button', { name: 'Negrita', exact: true }),
    file: page.locator('#adjunto'),
    fileName: page.locator('.am-file__name'),
    send: page.getByRole('button', { name: 'Enviar ticket', exact: true }),
  };
}

/** The option texts of a <select>, without its empty placeholder. */
export const optionTexts = (page: Page, selector: string) =>
  page
    .locator(`${selector} option:not([value=""])`)
    .allInnerTexts()
    .then((texts) => texts.map((t) => t.trim()));
