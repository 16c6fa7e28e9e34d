import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'coverage/', 'screenshots/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // `import { type A }` still loads the module in the browser; `import type { A }` does not.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // Fastify plugins and handlers are async by contract, even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read the environment in src/server/config.ts only.',
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      globals: globals.browser,
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A route's loader throws the status of a page that is not there as React Router's data.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: 'react-router', name: 'DataWithResponseInit' }] },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The browser app never imports server code.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The browser app never imports server code.' },
            {
              regex: String.raw`^(\.\./)+(?!(api|ui|state|layout|panels|pages|shared|tests|support|back-office)/)[a-z-]+/`,
              message:
                'A feature does not reach into another feature; share through api/, ui/, state/ or back-office/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The back office's shared parts (its layout, tables and forms) serve every domain's pages and
    // know none of them; only its tests of the back office as a whole open the features.
    files: ['src/web/back-office/**/*.{ts,tsx}'],
    ignores: ['src/web/back-office/**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The browser app never imports server code.' },
            {
              group: ['**/features/**'],
              message: "The back office's shared parts do not use a feature; it uses them.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/web/**'], message: 'Shared code stands alone.' },
          ],
        },
      ],
    },
  },
  {
    // The server's zones: SQL lives in repositories (with db/'s connections and migrations, and
    // sql/'s helpers every repository shares), and a domain reaches another domain through its
    // services and model, never its repository.
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/db/**',
      'src/server/sql/**',
      // The catalogue's change watch listens on the database's own connections and statements.
      'src/server/catalog/catalogue-watch.ts',
      'src/server/catalog/catalogue-writes.ts',
      'src/server/**/*.repository.ts',
      'src/server/**/*.table.ts',
      'src/server/**/*.tables.ts',
      // Tests, and the set-up a domain's tests share, put what they need in the database.
      'src/server/**/*.test.ts',
      'src/server/**/*-test-kit.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              message: 'Only repositories, db/ and sql/ speak SQL; take `Db` from db/schema.',
            },
          ],
          patterns: [
            {
              regex: String.raw`^(\.\./)+[a-z-]+/[\w.-]+\.repository$`,
              message: "A domain does not use another domain's repository; ask its service.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/config.ts', 'tests/**', 'scripts/**', '*.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
