import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * Layers (docs/architecture.md): a workspace package is imported by its name, i.e. its index; its files and
 * above all a chain family's network/ (raw API shapes, transport) are private. The declared subpaths are a family's
 * entry points (chain-<family>/server, /sim, /web, /web/entry), the server and web kits' modules, chain-common's wire
 * contract and the emulator's Node helpers.
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
      '!@secux-companion/chain-*/web',
      '!@secux-companion/chain-*/web/entry',
      '!@secux-companion/web-kit/**',
    ],
    message:
      "Import a workspace package by its name (its index), a family's entry point (chain-<family>/server, /sim, /web, /web/entry) or a module of the server or web kit. Its files, and a chain family's network/, are private; the other declared subpaths are @secux-companion/chain-common/wire and @secux-companion/emulator/node.",
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
 * The shared web code sits below the families: the web kit (packages/web-kit) and the shell's screens reach them only
 * through the registry the root provides (web-kit's state/families.ts; main.tsx and the tests' set-up import
 * apps/web/src/families/registry, which reads the manifest through virtual:families). The contract is web-kit's
 * family/types.
 */
const WEB_SHARED = [
  'packages/web-kit/src',
  'apps/web/src/accounts',
  'apps/web/src/home',
  'apps/web/src/components',
  'apps/web/src/lib',
  'apps/web/src/firmware',
  'apps/web/src/screens',
  'apps/web/src/device',
  'apps/web/src/state',
];
const WEB_FAMILY_FROM_SHARED = {
  group: [
    '@secux-companion/chain-*/web',
    '@secux-companion/chain-*/web/**',
    '**/families/registry',
    'virtual:families',
  ],
  message:
    'Shared web code does not import a family (nor the registry): ask state/families.ts, which the root provides; the contract is @secux-companion/web-kit/family/types.',
};

/** The family packages (chains/<dir>, chain-common aside): a family imports no other family. */
const FAMILY_DIRS = readdirSync(new URL('./chains', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'common')
  .map((d) => d.name);
const otherFamily = (dir) => ({
  group: ['@secux-companion/chain-*', '!@secux-companion/chain-common', `!@secux-companion/chain-${dir}`],
  message:
    'A family imports no other family: what two families share belongs in chain-common or a kit below them.',
});

/** The local network is a root above the families: a family's tests take its own sim/ and the sim kit. */
const LOCALNET_FROM_FAMILY = {
  group: ['@secux-companion/localnet', '@secux-companion/localnet/*'],
  message:
    'A family does not import the local network (a root above it): use its own sim/ or @secux-companion/sim-kit.',
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
    // Tests at a family's src root (integration harnesses) may wire network/ by hand.
    files: ['chains/*/src/**/*.{ts,tsx}'],
    ignores: ['chains/*/src/logic/**', 'chains/*/src/network/**', 'chains/*/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...PACKAGE_INTERNALS, NETWORK_FROM_OUTSIDE_LOGIC] }],
    },
  },
  // Per family: the rules above plus no import of another family.
  ...FAMILY_DIRS.flatMap((dir) => [
    {
      files: [`chains/${dir}/src/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [...PACKAGE_INTERNALS, otherFamily(dir), LOCALNET_FROM_FAMILY] },
        ],
      },
    },
    {
      // .tsx too: the web side's screens reach the chain through logic/ like every other caller.
      files: [`chains/${dir}/src/**/*.{ts,tsx}`],
      ignores: [
        `chains/${dir}/src/logic/**`,
        `chains/${dir}/src/network/**`,
        `chains/${dir}/src/**/*.test.{ts,tsx}`,
      ],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...PACKAGE_INTERNALS,
              NETWORK_FROM_OUTSIDE_LOGIC,
              otherFamily(dir),
              LOCALNET_FROM_FAMILY,
            ],
          },
        ],
      },
    },
  ]),
  {
    files: WEB_SHARED.map((dir) => `${dir}/**/*.{ts,tsx}`),
    // A shared screen's test may set a family's state up (the EVM chain cache of the account list's test).
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...PACKAGE_INTERNALS, WEB_FAMILY_FROM_SHARED] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/web-kit/**/*.{ts,tsx}', 'chains/*/src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
