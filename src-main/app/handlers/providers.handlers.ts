// Handlers for provider connections: list them with their key status, their live model lists, connection tests, saving.
import type { Contract } from '../../../src-shared/contract';
import type { Handlers } from '../../../src-shared/rpc/define';
import { withConnections } from '../../workspace/write-providers';
import type { AppState } from '../app-state';
import { addressOf, connectionOf, keyringOf, keyStatusOf } from '../connections';
import type { Ctx } from '../ctx';
import { probeConnection } from '../provider-probe';
import { saveConfig } from './targets.handlers';

export const providersHandlers = (state: AppState) =>
  ({
    'providers.list': () => {
      const keyring = keyringOf(state);
      return Object.entries(state.workspace().config?.providers ?? {}).map(([name, config]) => ({
        name,
        config,
        address: addressOf(config),
        key: keyStatusOf(keyring, name, config),
      }));
    },
    'providers.models': async ({ provider }) => {
      const { models, test } = await probeConnection(state, provider, connectionOf(state, provider));
      return { models, error: test.ok ? null : test.message };
    },
    'providers.test': async ({ provider, config }) =>
      (await probeConnection(state, provider, config ?? connectionOf(state, provider))).test,
    'providers.getJudge': () => state.workspace().config?.judge ?? null,
    'providers.save': ({ providers, judge }) => saveConfig(state, (text) => withConnections(text, providers, judge)),
  }) satisfies Partial<Handlers<Contract, Ctx>>;
