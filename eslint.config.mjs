import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** The web's feature folders: each may import shared code (components, lib, config) but no other feature. */
const WEB_FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The pure helpers of @touchline/kit a domain may use: error constructors and the seeded random. */
const KIT_FOR_DOMAIN = [
  'invalid',
  'notFound',
  'conflict',
  'forbidden',
  'businessRule',
  'DomainError',
  'Random',
  'seededRandom',
  'Clock',
];

/**
 * The knex query builder, called: only a service's db/ may, so SQL lives in one folder per service.
 * Array and string methods of the same names (join, groupBy, update, select) are left out on purpose.
 */
const SQL_ONLY_IN_DB =
  'SQL lives in src/db/: call a typed function there (open transactions with inTransaction)';
const QUERY_BUILDER_CALLS = [
  // deps.db('cards'), trx('cards'), knex('cards')
  "CallExpression[callee.type='Identifier'][callee.name=/^(db|trx|tx|knex)$/]",
  "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(db|knex)$/]",
  // deps.db.transaction(…), db.transaction(…): a use case opens one through inTransaction
  "CallExpression[callee.property.name='transaction'][callee.object.type='Identifier'][callee.object.name=/^(db|knex|trx|tx)$/]",
  "CallExpression[callee.property.name='transaction'][callee.object.type='MemberExpression'][callee.object.property.name=/^(db|knex)$/]",
  // the builder's own methods
  "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(raw|where|andWhere|orWhere|whereIn|whereNotIn|whereNull|whereNotNull|whereBetween|whereRaw|andWhereRaw|orWhereIn|whereExists|whereNot|leftJoin|innerJoin|joinRaw|forUpdate|forShare|skipLocked|noWait|onConflict|returning|increment|decrement|orderByRaw|havingRaw)$/]",
].map((selector) => ({ selector, message: SQL_ONLY_IN_DB }));

// Inside inTransaction's callback every read goes through its handle: embedded PGlite has one
// connection, so a read through deps.db (or a cache that reloads through it) waits for the
// transaction's own connection forever (the price tick's alerts did, 6960a83).
const OUTSIDE_THE_TRANSACTION = {
  selector:
    "CallExpression[callee.name='inTransaction'] > :function MemberExpression[object.name='deps'][property.name=/^(db|players)$/]",
  message:
    'inside inTransaction read through its trx, not deps.db or deps.players (PGlite has one connection)',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'protos/gen/**', '.data/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // A package's public face is its package.json `exports`; its src/ may move without telling anyone.
    // The core rule, not typescript-eslint's: the blocks below set that one per folder and would replace this.
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@touchline/*/src', '@touchline/*/src/**'],
              message:
                'Import another package through its package.json `exports` (add a named subpath there), not its src/',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // SQL only in a service's db/: use cases, consumers, jobs and servers call typed functions there.
    files: ['services/*/src/**/*.ts'],
    ignores: ['services/*/src/db/**'],
    rules: {
      'no-restricted-syntax': ['error', ...QUERY_BUILDER_CALLS, OUTSIDE_THE_TRANSACTION],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['knex', 'knex/*'],
              message: 'SQL lives in src/db/: outside it, hold the handle as Db or Tx from @touchline/kit',
            },
          ],
        },
      ],
    },
  },
  {
    // The web app's service worker, plain JavaScript run in the worker's scope.
    files: ['web/build/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // A service's domain is rules as plain functions: no database, gRPC, bus or other runtime code.
    files: ['services/*/src/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@touchline/kit',
              allowImportNames: KIT_FOR_DOMAIN,
              message: 'domain/ may use only the pure helpers of @touchline/kit (errors, seeded random)',
            },
          ],
          patterns: [
            {
              group: ['knex', 'knex/*', 'pg', 'pg/*', '@grpc/*', 'ioredis', 'kafkajs', '@electric-sql/*'],
              message: 'domain/ holds rules as plain functions: no database, gRPC or bus code',
            },
            {
              group: [
                '@touchline/kit/*',
                '../db',
                '../db/*',
                '../use-cases',
                '../use-cases/*',
                '../server',
                '../service',
              ],
              message: 'domain/ holds rules as plain functions: use cases call it, not the reverse',
            },
            {
              group: ['@touchline/protos', '@touchline/protos/*'],
              allowTypeImports: true,
              message: 'domain/ may use the message types of the protos, not the gRPC runtime',
            },
          ],
        },
      ],
    },
  },
  ...WEB_FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`, '../../*'],
              message:
                'Features do not import each other: move what they share to web/src/components or web/src/lib',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['web/src/{components,lib,config}/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/*'], message: 'Shared code does not depend on a feature' }] },
      ],
    },
  },
  {
    files: ['tools/**/*.ts', 'e2e/**/*.ts', '**/scripts/**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
