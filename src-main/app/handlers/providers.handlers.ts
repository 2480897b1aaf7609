// Handlers for provider connections: list them with their key status, their live model lists, connection tests, saving.
import type { Contract } from '../../../src-shared/contract';
import type { Handlers } from '../../../src-shared/rpc/define';
import { pullModel } from '../../engine/providers/ollama-models';
import { withConnections } from '../../workspace/write-providers';
import type { AppState } from '../app-state';
import { addressOf, connectionOf, keyringOf, keyStatusOf } from '../connections';
import type { Ctx } from '../../../src-shared/rpc/ctx';
import { probeConnection } from '../provider-probe';
import { saveConfig } from './targets.handlers';
import { messageOf } from '../../../src-shared/text/message-of';

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
      const config = connectionOf(state, provider);
      const { models, test } = await probeConnection(state, provider, config);
      return { models, error: test.ok ? null : test.message, canPull: config.kind === 'ollama' };
    },
    'providers.pull': async ({ provider, model }) => {
      const config = connectionOf(state, provider);
      if (config.kind !== 'ollama')
        return { ok: false, message: `provider "${provider}" is ${config.kind}: only Ollama pulls models` };
      try {
        await pullModel({ baseUrl: addressOf(config) }, model, (progress) =>
          state.events.emit('providers.pullProgressed', { provider, model, ...progress }),
        );
        return { ok: true, message: `pulled ${model} onto ${addressOf(config)}` };
      } catch (error) {
        return { ok: false, message: messageOf(error) };
      }
    },
    'providers.test': async ({ provider, config }) =>
      (await probeConnection(state, provider, config ?? connectionOf(state, provider))).test,
    'providers.getJudge': () => state.workspace().config?.judge ?? null,
    'providers.save': ({ providers, judge }) => saveConfig(state, (text) => withConnections(text, providers, judge)),
  }) satisfies Partial<Handlers<Contract, Ctx>>;
