// Test projects: unit, integration and the security attack suite in plain Node; e2e drives Debian Chromium against
// `ai-eval serve`; desktop drives the built Electron app (skipped, saying why, where no Electron binary exists).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          // GitHub's workflow parser imports its JSON schema without an import attribute, which Node refuses: let Vite load it.
          server: { deps: { inline: ['@actions/workflow-parser'] } },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          // A throwaway PostgreSQL for the team store's tests, where the server is installed (test/support/).
          globalSetup: ['test/support/postgres.setup.ts'],
        },
      },
      {
        // The attack suite (docs/security.md): each test is a repro of a trust-boundary breach, run against the real code.
        // Its hostile sweep spawns the built CLI: built once first when the sources are newer.
        test: {
          name: 'security',
          include: ['test/security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          globalSetup: ['test/security/built-cli.setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 60000,
          hookTimeout: 120000,
          // A screen's answer (a save, a reload) can take seconds on a loaded 2-core machine; 1 s (vitest's default) is flaky.
          expect: { poll: { timeout: 10000 } },
          fileParallelism: false,
          // The team store's screens (settings-team-store.spec.ts) against a throwaway PostgreSQL, as the integration tests.
          globalSetup: ['test/support/postgres.setup.ts'],
        },
      },
      {
        test: {
          name: 'desktop',
          include: ['test/desktop/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 120000,
          hookTimeout: 900000,
          fileParallelism: false,
        },
      },
    ],
  },
});
