import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, expect } from 'vitest';

/** The SRI's XSD `archivo` (server/modules/comprobantes/esquemas). */
export const esquemaSri = (archivo: string) => join(import.meta.dirname, '../../server/modules/comprobantes/esquemas', archivo);

/**
 * A temporary folder for what a test file writes (removed in afterAll; call it at the top of the file), and the tools
 * the tests read those files with: pdftotext, xmllint against an SRI schema.
 */
export function carpetaTemporal(prefijo: string) {
  const dir = mkdtempSync(join(tmpdir(), prefijo));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let archivos = 0;
  /** A new path in the folder, numbered so that no two are the same. */
  const ruta = (nombre: string) => join(dir, `${++archivos}-${nombre}`);
  const guardar = (nombre: string, contenido: string | Buffer) => {
    const file = ruta(nombre);
    writeFileSync(file, contenido);
    return file;
  };
  /** pdftotext -layout of the PDF. */
  const pdfTexto = (pdf: Buffer, nombre = 'ride.pdf') =>
    spawnSync('pdftotext', ['-layout', guardar(nombre, pdf), '-'], { encoding: 'utf8' }).stdout;
  /** The PDF's non-empty pages as pdftotext -layout gives them (which must not fail). */
  const paginas = (pdf: Buffer) =>
    execFileSync('pdftotext', ['-layout', guardar('ride.pdf', pdf), '-'], { encoding: 'utf8' })
      .split('\f')
      .filter((p) => p.trim());
  /** Debian's xmllint against the SRI's `esquema`, on the document without its signature (the schema has no ds:Signature). */
  const esquemaAcepta = (esquema: string, xml: string, nombre = 'sin-firma.xml') => {
    const sinFirma = xml.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '');
    expect(sinFirma).not.toBe(xml);
    const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', esquema, guardar(nombre, sinFirma)], { encoding: 'utf8' });
    return { ok: run.status === 0, salida: run.stderr };
  };
  return { dir, ruta, guardar, pdfTexto, paginas, esquemaAcepta };
}

/** The rows of sheet `hoja` of an Excel workbook (ExcelJS's values: index 0 of each row is empty). */
export async function filasExcel(xlsx: Buffer, hoja: string) {
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.load(xlsx as unknown as ArrayBuffer);
  return libro.getWorksheet(hoja)!.getSheetValues().filter(Boolean) as unknown[][];
}
