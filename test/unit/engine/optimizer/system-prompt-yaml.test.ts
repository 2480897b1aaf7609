import { describe, expect, it } from 'vitest';
import { withSystemPrompt } from '../../../../src-main/engine/optimizer/system-prompt-yaml';

const config = `version: 1
# Providers: local first.
providers:
  local: { kind: ollama }   # the laptop's Ollama
targets:
  - id: first
    provider: local
    model: m
    # The prompt the optimizer may rewrite.
    system_prompt: |
      You are the help desk.
      Be kind.
    dataset: helpdesk
    graders: [format_grader]
    gate: { metric: avg_score }   # threshold from defaults
  - id: second   # no prompt yet
    provider: local
    model: m
    dataset: helpdesk
    graders: [format_grader]
`;

describe('withSystemPrompt', () => {
  it('rewrites only the target prompt, as a block literal, keeping every comment and untouched line', () => {
    const next = withSystemPrompt(config, 'first', 'You are the help desk.\nCite the opening hours.\n');
    expect(next).toBe(config.replace('      Be kind.\n', '      Cite the opening hours.\n'));
  });

  it('adds a system_prompt to a target that has none, leaving the other target alone', () => {
    const next = withSystemPrompt(config, 'second', 'Short prompt.');
    expect(next).toContain(
      '  - id: second   # no prompt yet\n    provider: local\n    model: m\n    dataset: helpdesk\n    graders: [format_grader]\n    system_prompt: Short prompt.\n',
    );
    expect(next.split('\n').slice(0, 17).join('\n')).toBe(config.split('\n').slice(0, 17).join('\n'));
  });

  it('names a target that is not in the file', () => {
    expect(() => withSystemPrompt(config, 'missing', 'x')).toThrow('aieval.yaml has no target "missing"');
  });
});
