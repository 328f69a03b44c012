// Lint: TypeScript's recommended rules, React hooks rules, and the feature import boundaries
// of STYLE.md (web features do not import each other; server features touch only their own
// tables and reach other features through their services; core does no I/O).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Paths are taken from this file's folder, so lint gives the same answer from any working directory.
const here = import.meta.dirname;

const featuresIn = (dir) => {
  try {
    return readdirSync(`${here}/${dir}`, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
};

const webFeatures = featuresIn('apps/web/src/features');
const serverFeatures = featuresIn('apps/server/src/features');

const webBoundaries = webFeatures.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/features/*', '!@/features/' + feature, '!@/features/' + feature + '/**'],
            message: 'Web features do not import each other; compose them in app/.',
          },
          { group: ['@/app/*', '@/app/**'], message: 'Features do not import the app shell.' },
          { group: ['../../*', '../../**'], message: 'Leave a feature through the @/ alias, not relative paths.' },
        ],
      },
    ],
  },
}));

const serverBoundaries = serverFeatures.map((feature) => ({
  files: [`apps/server/src/features/${feature}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^#src/db/schema/(?!' + feature + '\\.ts$)',
            message: "A feature touches only its own tables; call the other feature's service.",
          },
          {
            regex: '^#src/features/(?!' + feature + '/)[^/]+/(?![^/]+\\.service\\.ts$)',
            message: 'Reach another feature only through its *.service.ts.',
          },
        ],
      },
    ],
  },
}));

// The same boundaries on resolved paths, so a relative import cannot slip past them.
const web = 'apps/web/src';
const server = 'apps/server/src';
const pathZones = [
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'Web features do not import each other; compose them in app/.',
  })),
  { target: `${web}/features`, from: `${web}/app`, message: 'Features do not import the app shell.' },
  {
    target: [`${web}/components`, `${web}/lib`],
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared UI and lib code do not depend on features or the shell.',
  },
  ...serverFeatures.map((feature) => ({
    target: `${server}/features/${feature}`,
    from: `${server}/db/schema`,
    except: [`./${feature}.ts`],
    message: "A feature touches only its own tables; call the other feature's service.",
  })),
  ...serverFeatures.flatMap((feature) =>
    serverFeatures
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `${server}/features/${feature}/**/*`,
        from: `${server}/features/${other}/**/*`,
        except: [`**/${server}/features/${other}/*.service.ts`],
        message: 'Reach another feature only through its *.service.ts.',
      })),
  ),
  { target: 'packages/core', from: ['apps', 'e2e', 'bench'], message: 'packages/core depends on no app.' },
  { target: 'apps/web', from: 'apps/server', message: 'The web app talks to the server over HTTP only.' },
  { target: 'apps/server', from: 'apps/web', message: 'The server does not import the web app.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tools/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
      // Deliberate breaches that test/lint-boundaries.test.ts lints on purpose.
      'apps/server/test/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*'],
              message: 'Shared UI and lib code do not depend on features or the shell.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'pg', '@electric-sql/*', 'drizzle-orm*', 'hono*', 'react*'],
              message: 'packages/core is pure domain logic: no I/O.',
            },
          ],
        },
      ],
    },
  },
  ...webBoundaries,
  ...serverBoundaries,
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server', 'apps/web', 'packages/core'].map((dir) => `${here}/${dir}/tsconfig.json`),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: here, zones: pathZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
