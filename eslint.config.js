// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/**
 * Imports in one order (packages, then the project's own, each alphabetical), and no
 * module that imports itself through others: a cycle loads one side half-made
 * (tests/unit/import-cycles.test.ts runs it on a cycle).
 *
 * @type {import('eslint').Linter.Config}
 */
export const importRules = {
  files: ['**/*.{ts,tsx,mts}'],
  plugins: { 'import-x': importX },
  settings: {
    // The files import-x reads for exports and cycles (its default is JavaScript only).
    'import-x/extensions': ['.ts', '.tsx', '.mts'],
    'import-x/resolver-next': [
      createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] }),
    ],
  },
  rules: {
    'import-x/order': [
      'error',
      {
        groups: ['builtin', 'external', ['internal', 'parent', 'sibling', 'index']],
        'newlines-between': 'never',
        alphabetize: { order: 'asc', caseInsensitive: true },
      },
    ],
    // Cycles through our own modules only: a package's files are not parsed for them.
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  },
};

export default defineConfig(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.netlify/',
      '.toolchain/',
      '.data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'scratch/',
      'db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Numbers and booleans in template literals read fine and are common in messages.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      // `void promise` marks fire-and-forget calls (signal handlers) deliberately.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // `const { secret, ...rest } = value` is how a field is left out of an object.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    // Config files in plain JavaScript are outside the TypeScript project.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests assert shapes first and then index into them; `!` keeps them short.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  importRules,
  ...astro.configs.recommended,
  {
    files: ['**/*.astro'],
    ...tseslint.configs.disableTypeChecked,
  },
  // The parts of the project and what each may import (docs/architecture.md).
  ...boundaries(),
);

/**
 * One block per part: the import paths a part must not use. Browser code (lib, islands,
 * components) may import the API app's types only (`import type`), never its code.
 */
function boundaries() {
  const part = {
    api: { group: ['**/api/**'], message: 'the API app (src/api)' },
    db: { group: ['**/db/**'], message: 'the database layer (db/)' },
    hosts: { group: ['**/hosts/**', '**/netlify/**'], message: 'a host (hosts/, netlify/)' },
    node: { group: ['node:*'], message: "Node's built-in modules" },
    islands: { group: ['**/islands/**'], message: 'islands (browser code)' },
    pages: { group: ['**/pages/**', '**/layouts/**'], message: 'pages and layouts' },
    components: { group: ['**/components/**'], message: 'Astro components' },
  };
  /** @param {string} name @param {string[]} files @param {(keyof typeof part)[]} banned @param {(keyof typeof part)[]} [typesAllowed] @returns {import("eslint").Linter.Config} */
  const rule = (name, files, banned, typesAllowed = []) => ({
    name: `boundaries/${name}`,
    files,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: banned.map((key) => ({
            group: part[key].group,
            message: `${name} must not import ${part[key].message} (docs/architecture.md).`,
            ...(typesAllowed.includes(key) ? { allowTypeImports: true } : {}),
          })),
        },
      ],
    },
  });
  return [
    rule(
      'src/lib',
      ['src/lib/**'],
      ['api', 'db', 'hosts', 'node', 'islands', 'pages', 'components'],
      ['api'],
    ),
    rule('Islands', ['src/islands/**'], ['api', 'db', 'hosts', 'node', 'pages'], ['api']),
    rule('Components', ['src/components/**'], ['api', 'db', 'hosts', 'node', 'pages'], ['api']),
    rule('Layouts', ['src/layouts/**'], ['api', 'db', 'hosts', 'node']),
    rule('Pages', ['src/pages/**'], ['hosts']),
    rule('The API app', ['src/api/**'], ['islands', 'pages', 'components', 'hosts']),
    rule('db/', ['db/**'], ['api', 'islands', 'pages', 'components', 'hosts']),
    rule('A host', ['hosts/**', 'netlify/**'], ['islands', 'pages', 'components']),
    rule('Scripts', ['scripts/**'], ['islands', 'pages', 'components']),
  ];
}
