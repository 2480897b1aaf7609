// Validate refuses what run would refuse or silently skip (issue 48's fourth sweep): names every JavaScript object has,
// llm_judge checks with nothing to judge or no template, target_match sources no question has, a cassette that is not
// one, gates whose deciding judge is not attached. Each with file:line:col.
import { describe, expect, it } from 'vitest';
import { formatIssue } from '../../../src-shared/model';
import { loadWorkspace } from '../../../src-main/workspace/load-workspace';
import { copyExample } from '../../support/workspace';

const errorsOf = (edits: Record<string, (text: string) => string>) =>
  loadWorkspace(copyExample(edits))
    .issues.filter((i) => i.severity === 'error')
    .map(formatIssue);

const withProvider = (name: string) => (text: string) =>
  text
    .replace(
      '  local: { kind: ollama',
      `  ${name}: { kind: ollama, base_url: http://localhost:1 }\n  local: { kind: ollama`,
    )
    .replace('    provider: offline\n    model: llama3.1:8b', `    provider: ${name}\n    model: llama3.1:8b`);

/** The example's support_tone rubric with one more check. */
const withCheck = (check: string) => (text: string) => text.replace('scoring:', `${check}\nscoring:`);

describe('validate refuses what a run would refuse', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf'])('a provider named %s', (name) => {
    expect(errorsOf({ 'aieval.yaml': withProvider(name) })).toEqual([
      expect.stringMatching(
        new RegExp(`^aieval\\.yaml:\\d+:3 providers\\.${name} "${name}" is a name every JavaScript object has`),
      ),
    ]);
  });

  it('a __proto__ key anywhere, never dropped in silence', () => {
    expect(errorsOf({ 'aieval.yaml': withProvider('__proto__') })).toEqual([
      expect.stringMatching(/^aieval\.yaml:\d+:3 providers "__proto__" cannot be a key/),
    ]);
  });

  it('a target naming a provider that only every object has', () => {
    const errors = errorsOf({
      'aieval.yaml': (text) =>
        text.replace('    provider: offline\n    model: qwen3:8b', '    provider: valueOf\n    model: qwen3:8b'),
    });
    expect(errors).toEqual([
      expect.stringMatching(/targets\.3\.provider unknown provider "valueOf"; known: local, offline$/),
    ]);
  });

  it('llm_judge checks with no description, or naming no template there is', () => {
    const errors = errorsOf({
      'rubrics/support_tone.yaml': withCheck(
        '  - { id: judged, kind: llm_judge }\n  - { id: templated, kind: llm_judge, description: Kind., template: rubrik_check }',
      ),
    });
    expect(errors).toEqual([
      expect.stringMatching(/^rubrics\/support_tone\.yaml:\d+:5 checks\.7 llm_judge check judged has no description/),
      expect.stringMatching(/checks\.8\.template no judge template "rubrik_check" .*did you mean "rubric_check"\?$/),
    ]);
  });

  it('target_match sources: a misspelt key of the question, and a free-form path no question has', () => {
    const errors = errorsOf({
      'rubrics/support_tone.yaml': withCheck(
        '  - { id: typo, kind: target_match, source: expected.refrence }\n  - { id: gold, kind: target_match, source: metadata.gold }',
      ),
    });
    expect(errors).toEqual([
      expect.stringMatching(/checks\.7\.source "expected\.refrence": .*did you mean "expected\.reference"\?$/),
      expect.stringMatching(
        /checks\.8\.source none of the \d+ question\(s\) using rubric support_tone has a text at metadata\.gold/,
      ),
    ]);
  });

  it('a replay cassette that is not JSONL, at its line', () => {
    const errors = errorsOf({ 'recordings/helpdesk.jsonl': (text) => `${text}not a recorded call\n` });
    expect(errors).toEqual([expect.stringMatching(/providers\.offline\.file replay cassette: line 235 is not JSON/)]);
  });

  it('a gate whose deciding judge is not attached, or a corrected pass rate with no judge to decide', () => {
    const errors = errorsOf({
      'aieval.yaml': (text) =>
        text
          .replace(
            'graders: [accuracy_grader, groundedness_grader, actionability_grader, tool_usage_grader, state_check]\n    gate: { metric: pass_rate, threshold: 0.8, type: hard }',
            'graders: [accuracy_grader, state_check]\n    gate: { metric: pass_rate, threshold: 0.8, type: hard, judge: relevance_grader }',
          )
          .replace(
            'gate: { metric: avg_score, threshold: 3.5, type: hard }\n\n  # A tool-using',
            'gate: { metric: corrected_pass_rate, threshold: 0.5, type: hard }\n\n  # A tool-using',
          ),
    });
    expect(errors).toEqual([
      expect.stringMatching(/targets\.0\.gate\.metric corrected_pass_rate corrects one LLM judge's pass rate/),
      expect.stringMatching(/targets\.1\.gate\.judge relevance_grader is not one of this target's graders/),
    ]);
  });

  it('the example itself is still clean', () => {
    expect(errorsOf({})).toEqual([]);
  });
});
