// Lint rules, including the layering rules of docs/house-style.md: the directory decides which APIs a file may use.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { engineLayers } from './eslint-rules/engine-layers.js';

const noElectron = { name: 'electron', message: 'Only src-main/{electron,ipc,preload} may import electron.' };
const nodeBuiltins = { group: ['node:*'], message: 'This layer runs without Node APIs.' };
/** What no part of the core (src-main outside the Electron shell) may import. */
const coreBans = [
  { group: ['**/src-renderer/**'], message: 'The core never imports the renderer.' },
  { group: ['**/ipc/**', '**/electron/**', '**/preload/**'], message: 'The core knows nothing of Electron.' },
];
/**
 * The import rule of one core layer: the core's bans and the layer's own. A later block's rule replaces an earlier
 * one's whole, so each layer's rule repeats the core's.
 */
const coreImports = (...layerBans) => ({
  'no-restricted-imports': ['error', { paths: [noElectron], patterns: [...coreBans, ...layerBans] }],
});
/** The renderer's import rule: only the contract, never the main process; plus the rule of one renderer layer. */
const rendererImports = (...layerBans) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: [noElectron, { name: 'better-sqlite3', message: 'The renderer talks only to the contract.' }],
      patterns: [
        nodeBuiltins,
        { group: ['**/src-main/**'], message: 'The renderer talks only to the contract.' },
        ...layerBans,
      ],
    },
  ],
});
/** The engine, the store and the workspace layer never import a shell. */
const shellBan = { group: ['**/app/**', '**/http/**', '**/cli/**'], message: 'The core knows nothing of the shells.' };
/** The workspace layer reads and writes the user's files; what it checks in them comes from src-shared and matchers/. */
const engineBan = {
  group: ['**/engine/**'],
  message: 'The workspace layer sits below the engine: schemas live in src-shared, pattern compilers in matchers/.',
};
/** net/, matchers/ and hashing/ are the floor of the core: both the shells and the engine stand on them. */
const floorBan = {
  group: ['**/engine/**', '**/store/**', '**/workspace/**', '**/app/**', '**/http/**', '**/cli/**'],
  message: 'net/, matchers/ and hashing/ import only src-shared and libraries: the engine and the shells import them.',
};

/**
 * The engine's floors, bottom up: for each room of src-main/engine, what of src-main it may import (engine rooms as
 * `engine/<room>`, core layers by name; src-shared and libraries are always allowed). A room's own files are always
 * allowed. stats is the floor (every statistical method once, importing nothing, so the simulation suite and the product
 * run the same code); providers stand below grading (a grader calls a provider, never the reverse), grading below
 * trust (a judge's standing reads its template), trust below run and export (a run's verdict weighs its judges' trust);
 * scoring below grading, run, compare and export; compare below export (an envelope carries a comparison). docs/ARCHITECTURE.md
 * draws the same floors.
 */
const ENGINE_LAYERS = {
  stats: [],
  providers: ['hashing'],
  scoring: ['engine/stats'],
  agent: ['engine/providers'],
  history: ['engine/stats', 'hashing', 'store'],
  traces: ['net', 'store', 'workspace', 'worker-entry'],
  grading: ['engine/providers', 'engine/scoring', 'engine/stats', 'matchers', 'paths', 'workspace'],
  trust: ['engine/grading', 'engine/stats', 'store', 'workspace'],
  run: [
    'engine/agent',
    'engine/grading',
    'engine/history',
    'engine/providers',
    'engine/scoring',
    'engine/stats',
    'engine/trust',
    'hashing',
    'paths',
    'store',
    'workspace',
  ],
  preflight: ['engine/agent', 'engine/providers', 'engine/run'],
  optimizer: ['engine/providers', 'engine/run', 'engine/stats', 'store'],
  compare: ['engine/stats', 'store'],
  export: [
    'engine/compare',
    'engine/grading',
    'engine/run',
    'engine/scoring',
    'engine/stats',
    'engine/trust',
    'hashing',
    'matchers',
    'paths',
    'store',
    'workspace',
  ],
};

export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist', 'resources/example/tools/**', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src-shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron, { name: 'react', message: 'src-shared is UI-free.' }],
          patterns: [
            nodeBuiltins,
            {
              group: ['**/src-main/**', '**/src-renderer/**', '../../src-*'],
              message: 'src-shared imports only itself and zod.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...rendererImports(),
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='api'][callee.property.name='on']",
          message: 'Renderer events are subscribed once per feature store: in its <feature>-events.ts (or the store).',
        },
      ],
    },
  },
  {
    // The app shell mounts the screens; a screen navigates through navigation/, never through the shell.
    files: ['src-renderer/features/**'],
    rules: rendererImports({
      group: ['**/app/**'],
      message: 'A screen navigates through navigation/, not the app shell.',
    }),
  },
  {
    files: ['src-renderer/components/**', 'src-renderer/navigation/**'],
    rules: rendererImports({
      group: ['**/app/**', '**/features/**'],
      message: 'Shared UI and navigation sit below the screens and the app shell.',
    }),
  },
  {
    // Where renderer events may be subscribed: each feature's events module, a store, the editors' disk watch.
    files: ['src-renderer/**/*-events.ts', 'src-renderer/**/*.store.ts', 'src-renderer/components/disk-change.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: [
      'src-main/engine/**',
      'src-main/store/**',
      'src-main/app/**',
      'src-main/workspace/**',
      'src-main/http/**',
      'src-main/cli/**',
      'src-main/net/**',
      'src-main/matchers/**',
      'src-main/hashing/**',
    ],
    rules: coreImports(),
  },
  {
    // The core knows nothing of its shells: the engine, the store and the workspace layer never import the service,
    // the HTTP server or the CLI; and the store never imports the engine (the types they share live in src-shared).
    files: ['src-main/engine/**', 'src-main/store/**', 'src-main/workspace/**'],
    rules: coreImports(shellBan),
  },
  {
    files: ['src-main/workspace/**'],
    rules: coreImports(shellBan, engineBan),
  },
  {
    files: ['src-main/net/**', 'src-main/matchers/**', 'src-main/hashing/**'],
    rules: coreImports(floorBan),
  },
  {
    // Inside the engine every room imports only what its row of ENGINE_LAYERS allows.
    files: ['src-main/engine/**'],
    plugins: { layering: { rules: { 'engine-layers': engineLayers } } },
    rules: { 'layering/engine-layers': ['error', ENGINE_LAYERS] },
  },
  {
    files: ['src-main/store/**'],
    rules: coreImports(shellBan, {
      group: ['**/engine/**'],
      message: 'The store sits below the engine: shared types live in src-shared.',
    }),
  },
  {
    // The service and the HTTP shell never reach into the CLI; the service never into the HTTP shell.
    files: ['src-main/app/**', 'src-main/http/**'],
    rules: coreImports({ group: ['**/cli/**'], message: 'The service and the HTTP shell never import the CLI.' }),
  },
  {
    files: ['src-main/app/**'],
    rules: coreImports({ group: ['**/cli/**', '**/http/**'], message: 'The service never imports a shell.' }),
  },
  {
    // The HTTP shell adapts a router it is handed; what the service is, the CLI's serve command decides.
    files: ['src-main/http/**'],
    rules: coreImports({
      group: ['**/cli/**', '**/app/**'],
      message: 'The HTTP shell is handed the service, never imports it.',
    }),
  },
  {
    // The CLI is a client of the service (ARCHITECTURE.md): a command reaches the engine and the store through the
    // typed client (cli/workspace-client.ts), never around it; of the service it imports only the app factory, its
    // options and the cassette `run --record` hands it. Of the workspace layer it takes four small pieces: the trust
    // and user-settings stores the factory is given, atomic writes for the files a command writes, and the config
    // file's name.
    files: ['src-main/cli/**'],
    rules: coreImports(
      {
        group: ['**/engine/**', '**/store/**'],
        message: 'A CLI command reaches the engine and the store through the typed client (withWorkspaceClient).',
      },
      {
        group: ['**/app/**', '!**/app/create-app', '!**/app/app-state', '!**/app/deferred-cassette'],
        message: 'A CLI command reaches the service through the app factory and the typed client, not its handlers.',
      },
      {
        group: [
          '**/workspace/**',
          '!**/workspace/trust',
          '!**/workspace/user-settings',
          '!**/workspace/write-file',
          '!**/workspace/load-workspace',
        ],
        message: 'A CLI command reads and changes the workspace through the typed client (workspace.validate, ...).',
      },
    ),
  },
  {
    // CommonJS, where require is how a file imports: the bin (bin/package.json) and a lazy loader the bundle keeps lazy.
    files: ['bin/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src-main/preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!electron$|\\.\\./\\.\\./src-shared/rpc/wire$)',
              message: 'The preload imports only electron and the wire constants.',
            },
          ],
        },
      ],
    },
  },
);
