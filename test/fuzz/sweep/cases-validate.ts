// Validate passes what run refuses, or what silently does nothing: each workspace here is broken in a way a run meets,
// so `ai-eval validate` must refuse it (exit 2, with the reason) and `ai-eval run` must refuse it too, never crash.
// Also the regex flavour's silent mismatches, and judge scores outside their scale (an error, never a clamp).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeRequest, FakeReply } from '../../fixtures/fake-provider-server';
import { bad, brokenRun, held, refused, type Kit, type Outcome, type SweepCase } from './sweep-kit';

const config = (providers: string, target: string, extra = '') => `version: 1
providers:
${providers}
judge: { provider: local, model: llama3.1:8b }
${extra}targets:
${target}
`;

const LOCAL = '  local: { kind: ollama, base_url: URL }';
const target = (lines: string) => `  - id: bot
    provider: local
    model: llama3.1:8b
    dataset: ds
    gate: { metric: avg_score, threshold: 1, type: soft }
${lines}`;

const DATASET = `id: ds
version: 1.0.0
questions:
  - { id: q1, input: Hello?, criteria: Greets., rubric_ref: r, expected: { reference: Hello there. } }
  - { id: q2, input: Bye?, criteria: Says bye., rubric_ref: r, expected: { reference: Goodbye. } }
`;

const rubric = (check: string) => `id: r
version: 1.0.0
label: R
checks:
${check}
`;

/** Every answer says hello; a judge gives `score`. */
function script(score: unknown): (request: FakeRequest) => FakeReply {
  return (request) => {
    const system = request.messages.find((m) => m.role === 'system')?.content ?? '';
    return /judge|evaluat|score/i.test(system) || request.body.format !== undefined
      ? { text: JSON.stringify({ score, reason: 'as scripted' }) }
      : { text: 'Hello there.' };
  };
}

/** Held when validate refuses (exit 2, saying why) and run does not crash; run is given 90 s. */
async function parity(kit: Kit, files: Record<string, string>, what: string): Promise<Outcome> {
  (await kit.fake()).script = script(4);
  const rubricked = files['rubrics/r.yaml'] !== undefined;
  const ws = await kit.files({
    'datasets/ds.yaml': rubricked ? DATASET : DATASET.replaceAll(', rubric_ref: r', ''),
    ...files,
  });
  const validated = await kit.cli(['validate', '-w', ws]);
  const ran = await kit.cli(['run', '-w', ws, '--json', join(ws, 'out.json')], { timeoutMs: 90_000 });
  const broken = brokenRun(validated, 'validate') ?? brokenRun(ran, 'run');
  if (broken) return broken;
  // validate prints each problem as file:line:col, key path and message.
  const verdict = refused(validated, `${what}: validate`, [2], /:\d+:\d+ /);
  if (verdict.verdict !== 'held') return bad('accepted', `${verdict.detail}; run exit ${ran.code}`);
  return held(`validate exit 2; run exit ${ran.code}`);
}

function parityCase(name: string, files: () => Record<string, string>): SweepCase {
  return { area: 'validate', name, run: (kit) => parity(kit, files(), name) };
}

const withGraders = (graders: string, lines = '') => target(`    graders: [${graders}]\n${lines}`);

const reservedProvider = (name: string) =>
  parityCase(`a provider named ${name}`, () => ({
    'aieval.yaml': config(`${LOCAL}\n  ${name}: { kind: ollama, base_url: URL }`, withGraders('format_grader')).replace(
      '    provider: local\n    model',
      `    provider: ${name}\n    model`,
    ),
  }));

const undefinedProvider = (name: string) =>
  parityCase(`a target naming provider ${name}, which is not defined`, () => ({
    'aieval.yaml': config(LOCAL, withGraders('format_grader')).replace(
      '    provider: local\n    model',
      `    provider: ${name}\n    model`,
    ),
  }));

const rubricCase = (name: string, check: string) =>
  parityCase(name, () => ({
    'aieval.yaml': config(LOCAL, withGraders('rubric_checks')),
    'rubrics/r.yaml': rubric(check),
  }));

const PARITY: SweepCase[] = [
  reservedProvider('constructor'),
  reservedProvider('__proto__'),
  reservedProvider('toString'),
  reservedProvider('hasOwnProperty'),
  undefinedProvider('constructor'),
  undefinedProvider('valueOf'),
  rubricCase('an llm_judge check with no description', '  - { id: j, kind: llm_judge }'),
  rubricCase(
    'an llm_judge check with an unknown template',
    '  - { id: j, kind: llm_judge, description: Greets., template: no_such_template }',
  ),
  rubricCase(
    'a target_match source with a typo (expected.refrence)',
    '  - { id: t, kind: target_match, source: expected.refrence, mode: normalized }',
  ),
  rubricCase(
    'a target_match source no question has (metadata.gold)',
    '  - { id: t, kind: target_match, source: metadata.gold, mode: normalized }',
  ),
  rubricCase('a regex with a named back-reference', '  - { id: x, kind: regex, pattern: "(?<w>l)\\\\k<w>" }'),
  rubricCase('a regex with a numbered back-reference', '  - { id: x, kind: regex, pattern: "(l)\\\\1" }'),
  rubricCase('a regex with lookahead', '  - { id: x, kind: regex, pattern: "Hel(?=lo)" }'),
  rubricCase(
    'a regex with the v flag (set notation)',
    '  - { id: x, kind: regex, pattern: "[\\\\p{L}--[a-z]]", flags: v }',
  ),
  parityCase('a replay cassette that is not JSON', () => ({
    'aieval.yaml': config(`${LOCAL}\n  tape: { kind: replay, file: tape.jsonl }`, withGraders('format_grader')).replace(
      '    provider: local\n    model',
      '    provider: tape\n    model',
    ),
    'tape.jsonl': 'this is not a cassette\n{"hash": 1}\n',
  })),
  parityCase('every target disabled', () => ({
    'aieval.yaml': config(LOCAL, withGraders('format_grader', '    enabled: false\n')),
  })),
  parityCase('a gate naming a judge the target does not attach', () => ({
    'aieval.yaml': config(LOCAL, withGraders('format_grader')).replace(
      'gate: { metric: avg_score, threshold: 1, type: soft }',
      'gate: { metric: corrected_pass_rate, threshold: 0.5, type: hard, judge: relevance_grader }',
    ),
  })),
];

/** A judge that answers `score` on its 0-5 scale: the question must be degraded (a judge error), never scored. */
function scaleCase(score: number): SweepCase {
  return {
    area: 'validate',
    name: `a judge score of ${score} on a 0-5 scale`,
    async run(kit) {
      (await kit.fake()).script = script(score);
      const ws = await kit.files({
        'datasets/ds.yaml': DATASET.replaceAll(', rubric_ref: r', ''),
        'aieval.yaml': config(LOCAL, withGraders('relevance_grader')),
      });
      const file = join(ws, 'out.json');
      const ran = await kit.cli(['run', '-w', ws, '--json', file]);
      const broken = brokenRun(ran, 'run');
      if (broken) return broken;
      const report = JSON.parse(readFileSync(file, 'utf8')) as {
        runs: { questions: { status: string; graders: { status: string; score: number | null }[] }[] }[];
      };
      const questions = report.runs[0]?.questions ?? [];
      const scored = questions.filter((q) => q.graders.some((g) => g.status === 'scored'));
      return scored.length === 0 && questions.length > 0
        ? held(`${questions.length} questions degraded`)
        : bad('accepted', `${scored.length} question(s) scored from a judge answer of ${score}`);
    },
  };
}

export const CASES: readonly SweepCase[] = [...PARITY, scaleCase(99), scaleCase(-3)];
