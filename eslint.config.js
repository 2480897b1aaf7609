// Lint rules, including the layering rules of STYLE.md: the directory decides which APIs a file may use.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const noElectron = { name: 'electron', message: 'Only src-main/{electron,ipc,preload} may import electron.' };
const nodeBuiltins = { group: ['node:*'], message: 'This layer runs without Node APIs.' };

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
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron, { name: 'better-sqlite3', message: 'The renderer talks only to the contract.' }],
          patterns: [nodeBuiltins, { group: ['**/src-main/**'], message: 'The renderer talks only to the contract.' }],
        },
      ],
    },
  },
  {
    files: [
      'src-main/engine/**',
      'src-main/store/**',
      'src-main/app/**',
      'src-main/workspace/**',
      'src-main/http/**',
      'src-main/cli/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            { group: ['**/src-renderer/**'], message: 'The core never imports the renderer.' },
            { group: ['**/ipc/**', '**/electron/**', '**/preload/**'], message: 'The core knows nothing of Electron.' },
          ],
        },
      ],
    },
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
