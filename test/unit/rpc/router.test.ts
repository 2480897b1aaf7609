import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call } from '../../../src-shared/rpc/define';
import { createRouter } from '../../../src-shared/rpc/router';
import { RpcError } from '../../../src-shared/rpc/wire';

const contract = {
  'math.double': call(() => ({ input: z.object({ n: z.number() }), output: z.object({ value: z.number() }) })),
  'math.fail': call(() => ({ input: z.object({}), output: z.object({}) })),
} as const;

const dispatch = createRouter<object>(
  contract,
  {
    'math.double': ({ n }: { n: number }) => ({ value: n * 2 }),
    'math.fail': () => {
      throw new RpcError('conflict', 'already running');
    },
  },
  { checkOutputs: true },
);

describe('createRouter', () => {
  it('validates the input and wraps the value', async () => {
    expect(await dispatch('math.double', { n: 2 }, {})).toEqual({ ok: true, value: { value: 4 } });
  });

  it('answers a typed bad_input error for malformed input, before the handler runs', async () => {
    const result = await dispatch('math.double', { n: 'two' }, {});
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('bad_input');
    expect(!result.ok && result.error.message).toContain('n');
  });

  it('keeps the code of an RpcError and refuses unknown methods', async () => {
    expect(await dispatch('math.fail', {}, {})).toEqual({
      ok: false,
      error: { code: 'conflict', message: 'already running' },
    });
    const unknown = await dispatch('toString', {}, {});
    expect(!unknown.ok && unknown.error.code).toBe('not_found');
  });
});
