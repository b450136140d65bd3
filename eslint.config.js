import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const foldersIn = (path) =>
  readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Each folder of src/web/features is a feature; the admin's areas (features/admin/<area>) are features too,
// features/admin/kit is what they share, and the shell (features/admin/*.tsx) imports them all
// (docs/decisions/052-admin-areas-as-features.md).
const ADMIN_KIT = 'admin/kit';
const features = foldersIn('src/web/features').flatMap((name) =>
  name === 'admin'
    ? ['admin', ...foldersIn('src/web/features/admin').map((area) => `admin/${area}`)]
    : [name],
);

const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

/** The negations that let a feature import itself by @web/features/… (each folder level re-included). */
const ownPaths = (feature) => {
  const parts = feature.split('/');
  return parts.flatMap((_, index) => {
    const path = `!@web/features/${parts.slice(0, index + 1).join('/')}`;
    return index === parts.length - 1 ? [path, `${path}/**`] : [path];
  });
};

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
  // A route parses, authorises, makes one core call and answers; the use case wakes the outbox after its
  // commit (docs/decisions/050-one-shape-for-use-cases.md).
  {
    files: ['src/server/http/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression > MemberExpression.callee[property.name='kick']",
          message: 'Routen wecken keine Jobs (kick): das tut der Anwendungsfall in core/ nach seinem Commit.',
        },
      ],
    },
  },
  // Features do not import each other; shared pieces move down to components/, lib/ or shared/. A feature's
  // files reach outside it only by @web/… paths, so a relative path that climbs out of the feature is refused
  // too (one block per folder depth). An admin area may import the admin kit; the admin shell (the files
  // directly in features/admin) may import every area.
  ...features.flatMap((feature) =>
    (feature === 'admin' ? [0] : [0, 1, 2, 3, 4]).map((depth) =>
      restrict(
        [`src/web/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
        [
          {
            group: ['@server/*', '**/server/**', 'pg', 'drizzle-orm', 'drizzle-orm/*'],
            message: 'Der Client importiert nie Server-Code.',
          },
          {
            group: [
              ...new Set([
                '**/features/**',
                '@web/app/*',
                ...ownPaths(feature),
                ...(feature.startsWith('admin/') && feature !== ADMIN_KIT ? ownPaths(ADMIN_KIT) : []),
              ]),
            ],
            message:
              'Features importieren einander nicht (und nicht app/): Gemeinsames gehört nach components/, lib/ oder shared/ (im Admin nach features/admin/kit).',
          },
          {
            group: [`${'../'.repeat(depth + 1)}*`],
            message: 'Außerhalb des eigenen Features wird über @web/… importiert.',
          },
        ],
      ),
    ),
  ),
);
