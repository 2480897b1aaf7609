import { describe, expect, it } from 'vitest';
import { target as targetSchema } from '../../../../src-shared/model';
import { stateCheckGrader } from '../../../../src-main/engine/grading/state-check.grader';
import { dotPath } from '../../../../src-shared/text/dot-path';
import { toolResultValue } from '../../../../src-main/engine/grading/state-assertions';
import { makeContext } from './make-context';

const agent = targetSchema.parse({
  id: 'agent',
  mode: 'agent',
  provider: 'fake',
  model: 'm',
  dataset: 'd',
  graders: ['state_check'],
  tools: [{ name: 'catalog', command: 'node', args: ['server.js'] }],
});

const loans: Record<string, unknown> = {
  '4471': { due_date: '2026-12-22', renewals: 1, titles: ['Dune'], member: { name: 'Ann' } },
};

/** A read tool answering like an MCP server: JSON text content. */
const callTool = async (server: string, tool: string, args: Record<string, unknown>) => {
  if (tool === 'broken') throw new Error('MCP server catalog exited');
  if (tool === 'fails') return { content: [{ type: 'text', text: 'no such loan' }], isError: true };
  return { content: [{ type: 'text', text: JSON.stringify({ server, ...(loans[String(args.card)] as object) }) }] };
};

const grade = (state: unknown, overrides: Parameters<typeof makeContext>[0] = {}) =>
  stateCheckGrader.grade(
    makeContext({
      target: agent,
      callTool,
      question: { metadata: state === undefined ? {} : { state } },
      ...overrides,
    }),
  );

const spec = (...assertions: object[]) => ({ server: 'catalog', assertions });
const loan = (id: string, path: string, expect: object) => ({
  id,
  tool: 'get_loan',
  args: { card: '4471' },
  path,
  expect,
});

describe('state_check', () => {
  it('skips when metadata.state is absent', async () => {
    expect(await grade(undefined)).toEqual({ status: 'skipped', score: null, reason: 'no metadata.state' });
  });

  it('scores a malformed spec 0.0 as a setup failure, never a skip', async () => {
    expect(await grade({ server: 'catalog', assertions: [] })).toEqual({
      status: 'scored',
      score: 0,
      reason: 'setup failure: metadata.state.assertions: must list at least one assertion',
    });
    expect((await grade('catalog')).reason).toMatch(/^setup failure: /);
    expect((await grade(spec(loan('a', 'x', { matches: '(' })))).reason).toBe(
      'setup failure: assertion a: invalid regex /(/u: Invalid regular expression: /(/u: Unterminated group',
    );
    expect((await grade({ ...spec(loan('a', 'x', { exists: true })), server: 'crm' })).reason).toMatch(
      /setup failure: metadata.state.server "crm" is not a tool server of target agent \(catalog\)/,
    );
  });

  it('is an error in chat mode (no callTool)', async () => {
    expect(await grade(spec(loan('a', 'x', { exists: true })), { callTool: undefined })).toMatchObject({
      status: 'error',
      reason: expect.stringMatching(/needs an agent target with MCP tool servers/),
    });
  });

  it('scores 5.0 when every assertion passes, one PASS line each', async () => {
    const outcome = await grade(
      spec(
        loan('renewed', 'due_date', { not_equals: '2026-12-01' }),
        loan('count', 'renewals', { equals: 1 }),
        loan('title', 'titles', { contains: 'Dune' }),
        loan('member', 'member.name', { matches: '^A' }),
        loan('no_fee', 'fee', { exists: false }),
        loan('server', 'server', { equals: 'catalog' }),
      ),
    );
    expect(outcome.status).toBe('scored');
    expect(outcome.score).toBe(5);
    expect(outcome.reason.split('\n')).toEqual([
      'PASS renewed: due_date is "2026-12-22", expected not "2026-12-01"',
      'PASS count: renewals is 1',
      'PASS title: titles is ["Dune"], contains "Dune"',
      'PASS member: member.name is "Ann", matches /^A/',
      'PASS no_fee: fee is missing',
      'PASS server: server is "catalog"',
    ]);
  });

  it('scores 0.0 when any assertion fails, naming it', async () => {
    const outcome = await grade(
      spec(loan('renewed', 'due_date', { equals: '2026-12-01' }), loan('count', 'renewals', { exists: true }), {
        id: 'err',
        tool: 'fails',
        args: {},
        path: '',
        expect: { exists: true },
      }),
    );
    expect(outcome.score).toBe(0);
    expect(outcome.reason.split('\n')).toEqual([
      'FAIL renewed: due_date is "2026-12-22", expected "2026-12-01"',
      'PASS count: renewals exists',
      'FAIL err: catalog:fails answered with an error: no such loan',
    ]);
  });

  it('is an error (degraded) when the read tool cannot be called', async () => {
    expect(await grade(spec({ id: 'x', tool: 'broken', args: {}, path: '', expect: { exists: true } }))).toMatchObject({
      status: 'error',
      reason: 'state_check: calling catalog:broken for assertion x failed: MCP server catalog exited',
    });
  });
});

describe('state helpers', () => {
  it('unwraps MCP results and plain values', () => {
    expect(toolResultValue({ structuredContent: { a: 1 }, content: [] })).toEqual({ value: { a: 1 }, isError: false });
    expect(toolResultValue('{"a": 2}')).toEqual({ value: { a: 2 }, isError: false });
    expect(toolResultValue('plain')).toEqual({ value: 'plain', isError: false });
    expect(toolResultValue({ a: 3 })).toEqual({ value: { a: 3 }, isError: false });
  });

  it('follows dot paths through objects and arrays', () => {
    expect(dotPath({ a: [{ b: 7 }] }, 'a.0.b')).toBe(7);
    expect(dotPath({ a: 1 }, 'a.b')).toBeUndefined();
    expect(dotPath({ a: 1 }, '')).toEqual({ a: 1 });
    expect(dotPath({}, 'constructor')).toBeUndefined();
  });
});
