import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, it, expect } from 'vitest';
import englishMessages from 'ra-language-english';
import { es } from '../../src/i18n/es';

type Catalogue = { [key: string]: unknown };

/** Every leaf key path ("ra.action.add", ...) of a nested catalogue. */
function leafPaths(node: unknown, prefix = ''): string[] {
  if (node === null || typeof node !== 'object') return [prefix];
  return Object.entries(node as Catalogue).flatMap(([key, value]) => leafPaths(value, prefix ? `${prefix}.${key}` : key));
}

function lookup(catalogue: unknown, path: string): unknown {
  let node: unknown = catalogue;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Catalogue)[key];
  }
  return node;
}

function placeholders(text: string): string[] {
  return [...new Set(text.match(/%\{[^}]+\}/g) ?? [])].sort();
}

const englishKeys = leafPaths(englishMessages);

/**
 * Values allowed to be identical in English and Spanish because the word is
 * spelled the same in both languages and is the correct Spanish term:
 *  - 'No'        (ra.boolean.false, ra.message.no)
 *  - 'Inspector' (ra.configurable.inspector.title)
 * Values with nothing translatable (only placeholders, punctuation or
 * whitespace, e.g. '%{name}' or ' ') are also accepted, see below.
 */
const IDENTICAL_ALLOWLIST = new Set(['No', 'Inspector']);

/** Keys ra-input-rich-text passes to translate(), read from its build. */
function richTextKeys(): string[] {
  const require = createRequire(import.meta.url);
  const distDir = dirname(require.resolve('ra-input-rich-text'));
  const keys = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(c?js)$/.test(entry.name)) {
        for (const m of readFileSync(full, 'utf8').matchAll(/ra\.tiptap\.[A-Za-z0-9_]+/g)) {
          keys.add(m[0]);
        }
      }
    }
  };
  walk(distDir);
  return [...keys].sort();
}

describe('Spanish react-admin catalogue (src/i18n/es.ts)', () => {
  it('reads a non-trivial English catalogue', () => {
    expect(englishKeys.length).toBeGreaterThan(100);
  });

  it('has every English key as a non-empty string', () => {
    const missing = englishKeys.filter((path) => {
      const value = lookup(es, path);
      return typeof value !== 'string' || value.length === 0;
    });
    expect(missing, `Missing or empty keys in es.ts (${missing.length}):\n${missing.join('\n')}`).toEqual([]);
  });

  it('keeps the same %{placeholders} as English', () => {
    const mismatched = englishKeys
      .filter((path) => typeof lookup(es, path) === 'string')
      .filter((path) => {
        const en = placeholders(lookup(englishMessages, path) as string);
        const sp = placeholders(lookup(es, path) as string);
        return en.join(',') !== sp.join(',');
      })
      .map(
        (path) => `${path}: en=[${placeholders(lookup(englishMessages, path) as string)}] es=[${placeholders(lookup(es, path) as string)}]`,
      );
    expect(mismatched, `Placeholder mismatches:\n${mismatched.join('\n')}`).toEqual([]);
  });

  it('keeps the |||| plural separator where English has it', () => {
    const pluralKeys = englishKeys.filter((path) => (lookup(englishMessages, path) as string).includes('||||'));
    expect(pluralKeys.length).toBeGreaterThan(0);
    const broken = pluralKeys.filter((path) => {
      const value = lookup(es, path);
      return typeof value !== 'string' || !value.includes('||||');
    });
    expect(broken, `Keys missing the |||| plural separator:\n${broken.join('\n')}`).toEqual([]);
  });

  it('translates every value (no English left over, except allowlist)', () => {
    const untranslated = englishKeys.filter((path) => {
      const en = lookup(englishMessages, path);
      const sp = lookup(es, path);
      if (sp !== en) return false;
      if (IDENTICAL_ALLOWLIST.has(sp as string)) return false;
      // Nothing to translate: only placeholders / punctuation / spaces.
      const text = (sp as string).replace(/%\{[^}]+\}/g, '');
      return /\p{L}/u.test(text);
    });
    expect(untranslated, `Values identical to English:\n${untranslated.join('\n')}`).toEqual([]);
  });

  it('translates the ra-input-rich-text (ra.tiptap.*) keys', () => {
    const keys = richTextKeys();
    expect(keys.length).toBeGreaterThan(0);
    const missing = keys.filter((path) => {
      const value = lookup(es, path);
      return typeof value !== 'string' || value.length === 0;
    });
    expect(missing, `Missing ra-input-rich-text keys:\n${missing.join('\n')}`).toEqual([]);
  });

  it('uses every key of its own "amelia" block somewhere in src/ or domain/ (no dead keys)', () => {
    const roots = ['src', 'domain'].map((folder) => join(import.meta.dirname, '..', '..', folder));
    const sources: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !full.endsWith(join('i18n', 'es.ts'))) sources.push(readFileSync(full, 'utf8'));
      }
    };
    roots.forEach(walk);
    const code = sources.join('\n');
    const literal = (text: string) => code.includes(`'${text}'`) || code.includes(`"${text}"`);
    // Keys read through a template (translate(`amelia.firma.${key}`)): the rest of the key must appear as the key given,
    // or the template builds the leaf itself (`amelia.firma.estado_${status}`, `uso.${uso}`).
    const template = (prefix: string) => code.includes(`\`${prefix}\${`);
    const throughPrefix = (path: string) =>
      [...path].some((_, k) => {
        if (k < 'amelia.'.length || !template(path.slice(0, k))) return false;
        const rest = path.slice(k);
        return path[k - 1] !== '.' || literal(rest) || [...rest].some((__, j) => j > 0 && template(rest.slice(0, j)));
      });
    const unused = leafPaths(es.amelia, 'amelia').filter((path) => !literal(path) && !throughPrefix(path));
    expect(unused, `Unused keys:\n${unused.join('\n')}`).toEqual([]);
  });
});
