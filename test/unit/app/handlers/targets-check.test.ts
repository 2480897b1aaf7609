import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Target } from '../../../../src-shared/model';
import { createTestApp } from '../../../support/app';

describe('targets.check', () => {
  const app = createTestApp();
  const call = async (method: string, input: unknown) => {
    const envelope = await app.dispatch(method, input, { transport: 'in-process' });
    if (!envelope.ok) throw new Error(envelope.error.message);
    return envelope.value as { issues: { path: string; message: string }[]; warnings: string[] };
  };

  it('validates an unsaved target like a save would, with the live "Text only" warning, and writes nothing', async () => {
    const file = join(app.state.dir, 'aieval.yaml');
    const before = readFileSync(file, 'utf8');
    const agent = (await app.dispatch('targets.get', { id: 'helpdesk_agent' }, { transport: 'in-process' })) as {
      ok: true;
      value: Target;
    };
    // The example's live agent is judged by the offline replay judge: the check says so (issue 21).
    expect(await call('targets.check', { target: agent.value })).toEqual({
      issues: [],
      warnings: [],
      judgeMismatch: expect.objectContaining({ message: expect.any(String) }),
    });

    const textOnly = { ...agent.value, graders: ['accuracy_grader'] };
    const checked = await call('targets.check', { target: textOnly });
    expect(checked.warnings).toEqual([
      'Text only: no attached grader observes what the agent did (attach tool_usage_grader or state_check).',
    ]);

    const broken = { ...agent.value, id: 'helpdesk_agent_v2', dataset: 'helpdesk_v9' };
    const issues = (await call('targets.check', { target: broken, previousId: 'helpdesk_agent' })).issues;
    expect(issues.map((issue) => `${issue.path} ${issue.message}`)).toEqual([
      'targets.1.dataset unknown dataset "helpdesk_v9" (no datasets/helpdesk_v9.yaml)',
    ]);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
