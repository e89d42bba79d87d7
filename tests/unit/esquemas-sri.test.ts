// @vitest-environment node
/**
 * The SRI's schemas and WSDLs the repository keeps (the invoice's XSD the server validates with, the WSDLs the local
 * SRI speaks) are the SRI's published files, unchanged: each is compared with the same-named file of the reference
 * copy in ../shared/reference/sri, beside the repository (CI runs in a fresh clone with shared/ beside it). A missing
 * reference folder fails: a comparison that cannot run must not pass.
 *
 * Compared after turning CRLF into LF and nothing else: an XML processor reads both line ends as one (XML 1.0, 2.11),
 * so they are the same schema, and a checkout with core.autocrlf rewrites them on either side. Every other byte
 * counts, a byte-order mark and trailing spaces included.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const REFERENCE = path.resolve(root, '..', 'shared', 'reference', 'sri');

/** Folders that hold no kept file: installed packages, builds, data and test output. */
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'dist-server', 'data', 'test-results', 'coverage']);

/** Every .xsd and .wsdl file under `dir`, relative to the repository's root. */
function keptFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : keptFiles(full);
    return /\.(xsd|wsdl)$/i.test(entry.name) ? [path.relative(root, full)] : [];
  });
}

/** The file's bytes as one character each (latin1), with CRLF turned into LF: compared byte for byte after that. */
const sameLineEnds = (content: Buffer) => content.toString('latin1').replace(/\r\n/g, '\n');
const readable = (line: string | undefined) => (line === undefined ? '(fin del archivo)' : Buffer.from(line, 'latin1').toString('utf8'));

/** The first line where two texts differ, for a message a person can act on. */
function firstDifference(kept: string, reference: string): string {
  const a = kept.split('\n');
  const b = reference.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `línea ${at + 1}: en el repositorio ${JSON.stringify(readable(a[at]))}, en la referencia ${JSON.stringify(readable(b[at]))}`;
}

const missingReference =
  `No existe la carpeta de referencia ${REFERENCE}. Los esquemas y WSDL del SRI se comparan con la copia de shared/ ` +
  'que va junto al repositorio (la integración continua la pone al lado del clon): copie shared/ junto al repositorio.';

describe('esquemas y WSDL del SRI guardados en el repositorio', () => {
  const kept = keptFiles(root).sort();

  it('la carpeta de referencia del SRI está junto al repositorio', () => {
    expect(fs.existsSync(REFERENCE), missingReference).toBe(true);
  });

  it('el repositorio guarda los esquemas y WSDL que el servidor usa', () => {
    // The walk must find them: an empty list would compare nothing and pass.
    expect(kept).toEqual(
      expect.arrayContaining([
        path.join('server', 'modules', 'comprobantes', 'esquemas', 'factura_V1.1.0.xsd'),
        path.join('server', 'modules', 'comprobantes', 'esquemas', 'NotaCredito_V1.1.0.xsd'),
        path.join('server', 'modules', 'comprobantes', 'esquemas', 'NotaDebito_V1.0.0.xsd'),
        path.join('server', 'modules', 'comprobantes', 'esquemas', 'ComprobanteRetencion_V2.0.0.xsd'),
        path.join('server', 'modules', 'comprobantes', 'esquemas', 'xmldsig-core-schema.xsd'),
        path.join('server', 'sri-local', 'wsdl', 'RecepcionComprobantesOffline.wsdl'),
        path.join('server', 'sri-local', 'wsdl', 'AutorizacionComprobantesOffline.wsdl'),
      ]),
    );
  });

  it.each(kept)('%s es igual al publicado por el SRI', (file) => {
    expect(fs.existsSync(REFERENCE), missingReference).toBe(true);
    const reference = path.join(REFERENCE, path.basename(file));
    expect(
      fs.existsSync(reference),
      `${file} no tiene un archivo del mismo nombre en ${REFERENCE}: guarde solo archivos publicados por el SRI, con su nombre`,
    ).toBe(true);
    const ours = sameLineEnds(fs.readFileSync(path.join(root, file)));
    const theirs = sameLineEnds(fs.readFileSync(reference));
    if (ours !== theirs) expect.fail(`${file} difiere de ${reference} en la ${firstDifference(ours, theirs)}`);
  });
});
