import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Layers (docs/architecture.md): a workspace package is imported by its name, i.e. its index; its files and
 * above all a chain family's network/ (raw API shapes, transport) are private. The declared subpaths are a family's
 * entry points (chain-<family>/server, /sim), the server kit's modules, chain-common's wire contract and the
 * emulator's Node helpers.
 */
const PACKAGE_INTERNALS = [
  {
    group: [
      '@secux-companion/*/*',
      '!@secux-companion/chain-common/wire',
      '!@secux-companion/emulator/node',
      '!@secux-companion/chain-*/sim',
      '!@secux-companion/chain-*/server',
      '!@secux-companion/server-kit/*',
    ],
    message:
      "Import a workspace package by its name (its index), a family's entry point (chain-<family>/server, /sim) or a module of the server kit. Its files, and a chain family's network/, are private; the other declared subpaths are @secux-companion/chain-common/wire and @secux-companion/emulator/node.",
  },
  {
    group: ['**/chains/*/src/**', '**/packages/*/src/**'],
    message: 'Import another workspace package by its name, never by a path into its files.',
  },
];

/** Inside a chain family, logic/ is the only caller of network/. */
const NETWORK_FROM_OUTSIDE_LOGIC = {
  group: ['./network', './network/*', '../network', '../network/*', '**/network/**'],
  message: "Only logic/ calls network/: reach the chain through the family's adapter or factory (logic/).",
};

/**
 * apps/web's shared code sits below the families: it reaches them only through the registry the root provides
 * (state/families.ts; main.tsx and the tests' set-up import families/registry). families/types.ts is the contract
 * (types only) both sides build on.
 */
const WEB_SHARED = [
  'apps/web/src/accounts',
  'apps/web/src/send',
  'apps/web/src/home',
  'apps/web/src/components',
  'apps/web/src/lib',
  'apps/web/src/firmware',
  'apps/web/src/screens',
  'apps/web/src/device',
  'apps/web/src/state',
];
const WEB_FAMILY_FROM_SHARED = {
  group: ['**/families/**', '!**/families/types'],
  message:
    'Shared web code does not import a family (nor the registry): ask state/families.ts, which the root provides; the contract is families/types.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', '**/.tmp/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    // Benchmarks time a package's internals on purpose (bench/coinselect.mjs).
    ignores: ['bench/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: PACKAGE_INTERNALS }] },
  },
  {
    // The server's cross-family tests (one assertion over every family's provider or bounds) reach into the
    // families' server modules; a family's own tests live in its package.
    files: ['apps/server/src/chains/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: PACKAGE_INTERNALS.map((p, i) =>
            i ? p : { ...p, group: [...p.group, '!@secux-companion/chain-*/server/**'] },
          ),
        },
      ],
    },
  },
  {
    // Tests at a family's src root (integration harnesses) may wire network/ by hand.
    files: ['chains/*/src/**/*.ts'],
    ignores: ['chains/*/src/logic/**', 'chains/*/src/network/**', 'chains/*/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...PACKAGE_INTERNALS, NETWORK_FROM_OUTSIDE_LOGIC] }],
    },
  },
  {
    files: WEB_SHARED.map((dir) => `${dir}/**/*.{ts,tsx}`),
    rules: {
      'no-restricted-imports': ['error', { patterns: [...PACKAGE_INTERNALS, WEB_FAMILY_FROM_SHARED] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
