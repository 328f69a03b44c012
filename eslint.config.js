// Lint: TypeScript's recommended rules, React hooks rules, and the feature import boundaries
// of STYLE.md (web features do not import each other; server features touch only their own
// tables and reach other features through their services; core does no I/O).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresIn = (dir) => {
  try {
    return readdirSync(dir, { withFileTypes: true })
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
);
