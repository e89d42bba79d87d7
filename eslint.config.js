import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/** A relative import that climbs to the root and enters one of these folders. */
const into = (folders, message) => ({ regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`, message });

function importBoundaries() {
  const web = into(['server'], 'src/ imports domain/, never server/ (move what both halves need into domain/).');
  const api = into(['src'], 'server/ imports domain/, never src/ (move what both halves need into domain/).');
  // From a file `depth` folders below domain/, `../` repeated `depth` times leaves domain/.
  const outOfDomain = (depth) => ({ regex: `^(\\.\\./){${depth}}`, message: 'domain/ imports nothing of ours outside domain/.' });
  const rule = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
  // The request stays in the HTTP layer: a route reads it and hands repositories and services plain values.
  const fastify = {
    name: 'fastify',
    message:
      'Only server/core/, route files (*routes.ts), app.ts and main.ts import fastify: take the actor (core/actor.ts), the values and the logger (core/context.ts Log) as parameters.',
  };
  return [
    { files: ['src/**/*.{ts,tsx,js,mjs}'], rules: rule(web) },
    { files: ['server/**/*.{ts,tsx,js,mjs,mts}'], rules: rule(api) },
    // A later rule's options replace the earlier ones for the same files, so this one repeats the boundary above.
    {
      files: ['server/**/*.ts'],
      ignores: ['server/core/**', 'server/**/*routes.ts', 'server/app.ts', 'server/main.ts'],
      rules: { 'no-restricted-imports': ['error', { paths: [fastify], patterns: [api] }] },
    },
    ...[1, 2, 3, 4].map((depth) => ({
      files: [`domain/${'*/'.repeat(depth - 1)}*.{ts,tsx,js,mjs}`],
      rules: rule(outOfDomain(depth)),
    })),
  ];
}

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'data/', 'node_modules/', 'test-results/', 'coverage/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Unused values are defects; a leading underscore marks the ones kept on purpose (destructuring to drop a key).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // Several rules exist precisely to find and strip control characters (file names, text fields, sanitizing).
      'no-control-regex': 'off',
      'no-console': 'off',
    },
  },
  { files: ['src/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  // The three rooms only point down (docs/architecture.md): domain/ imports nothing of ours, server/ and src/ import
  // domain/ and never each other, types included. Tests may import anything.
  ...importBoundaries(),
  prettier,
);
