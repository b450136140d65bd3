import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = readdirSync('src/web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'test-results',
      'playwright-report',
      'public',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  { files: ['scripts/**', 'bench/**', 'e2e/**', 'src/server/cli/**'], rules: { 'no-console': 'off' } },
  // Boundaries (docs/architecture.md#layers-and-folders): shared is imported by both sides and imports
  // neither; web never imports server.
  restrict(
    ['src/shared/**'],
    [
      {
        group: ['@web/*', '@server/*', '**/web/**', '**/server/**', 'react', 'react-dom'],
        message: 'src/shared bleibt frei von Client- und Server-Code.',
      },
    ],
  ),
  restrict(
    ['src/web/**'],
    [
      {
        group: ['@server/*', '**/server/**', 'pg', 'drizzle-orm', 'drizzle-orm/*'],
        message: 'Der Client importiert nie Server-Code.',
      },
    ],
  ),
  restrict(
    ['src/server/**'],
    [
      {
        group: ['@web/*', '**/web/**', 'react', 'react-dom'],
        message: 'Der Server importiert keinen Client-Code.',
      },
    ],
  ),
  // Features do not import each other; shared pieces move down to components/, lib/ or shared/.
  ...features.map((feature) =>
    restrict(
      [`src/web/features/${feature}/**`],
      [
        {
          group: ['@server/*', '**/server/**', 'pg', 'drizzle-orm', 'drizzle-orm/*'],
          message: 'Der Client importiert nie Server-Code.',
        },
        {
          group: [
            '@web/features/*',
            `!@web/features/${feature}`,
            `!@web/features/${feature}/**`,
            '**/features/**',
            '@web/app/*',
          ],
          message:
            'Features importieren einander nicht (und nicht app/): Gemeinsames gehört nach components/, lib/ oder shared/.',
        },
      ],
    ),
  ),
);
