import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from '../../src/http/download';

describe('fileNameFromDisposition: the name a download is saved under', () => {
  it('reads the plain quoted filename', () => {
    expect(fileNameFromDisposition('attachment; filename="facturas-marzo.zip"')).toBe('facturas-marzo.zip');
  });

  it('reads an unquoted filename', () => {
    expect(fileNameFromDisposition('attachment; filename=respaldo.rar')).toBe('respaldo.rar');
  });

  it('prefers the RFC 5987 filename* (UTF-8, percent-encoded), which keeps accents and ñ', () => {
    const header = `attachment; filename="facturas-a_o-2026.zip"; filename*=UTF-8''facturas-a%C3%B1o-2026.zip`;
    expect(fileNameFromDisposition(header)).toBe('facturas-año-2026.zip');
  });

  it('reads filename* when it comes first, and with a language tag', () => {
    expect(fileNameFromDisposition(`attachment; filename*=utf-8'es'informe%20t%C3%A9cnico.pdf; filename="informe tecnico.pdf"`)).toBe(
      'informe técnico.pdf',
    );
  });

  it('unescapes quotes inside a quoted filename', () => {
    expect(fileNameFromDisposition('attachment; filename="el \\"mejor\\" archivo.zip"')).toBe('el "mejor" archivo.zip');
  });

  it('falls back to the plain name when filename* is malformed', () => {
    expect(fileNameFromDisposition(`attachment; filename="respaldo.zip"; filename*=UTF-8''respaldo%E0%A4.zip`)).toBe('respaldo.zip');
  });

  it('gives null when there is no header or it names no file', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('inline')).toBeNull();
  });
});
