import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fillTemplate,
  judgeTemplateVersions,
  loadJudgeTemplate,
} from '../../../../../src-main/engine/grading/judge/judge-templates';

const workspace = (files: Record<string, string> = {}): string => {
  const dir = mkdtempSync(join(tmpdir(), 'aieval-templates-'));
  mkdirSync(join(dir, 'judge-templates'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'judge-templates', name), text);
  return dir;
};

const values = {
  question: 'Q',
  criteria: 'C',
  agent_response: 'R',
  dimension: 'D',
  definition: '',
  guidance: '',
  min_score: '0',
  max_score: '5',
};

describe('judge templates', () => {
  it('loads the bundled templates with their versions', () => {
    const dir = workspace();
    expect(judgeTemplateVersions(dir)).toEqual({ groundedness: '1.0.0', judge: '1.0.0', rubric_check: '1.0.0' });
    const judge = loadJudgeTemplate('judge', dir);
    expect(judge.body).not.toContain('---');
    expect(judge.body).toContain('{{agent_response}}');
  });

  it('prefers a workspace override and versions it by its text', () => {
    const dir = workspace({
      'judge.md': '---\nversion: 2.0.0\n---\nRate {{agent_response}} for {{question}} given {{criteria}}.',
    });
    const template = loadJudgeTemplate('judge', dir);
    expect(template.file).toBe(join(dir, 'judge-templates', 'judge.md'));
    expect(template.version).toMatch(/^2\.0\.0\+workspace\.[0-9a-f]{12}$/);
    expect(fillTemplate(template, values)).toBe('Rate R for Q given C.');
    expect(judgeTemplateVersions(dir).judge).toBe(template.version);
  });

  it('fills placeholders by name, so an override may use any subset in any order', () => {
    const dir = workspace({ 'custom_check.md': '{{ criteria }} / {{agent_response}} / {{question}} / {{max_score}}' });
    expect(fillTemplate(loadJudgeTemplate('custom_check', dir), values)).toBe('C / R / Q / 5');
  });

  it('rejects an unknown placeholder and a template that hides the response, naming the file', () => {
    const dir = workspace({
      'judge.md': '{{question}} {{criteria}} {{agent_response}} {{context}}',
      'groundedness.md': '{{question}} {{criteria}}',
    });
    expect(() => loadJudgeTemplate('judge', dir)).toThrow(/judge\.md: unknown placeholder \{\{context\}\}/);
    expect(() => loadJudgeTemplate('groundedness', dir)).toThrow(
      /groundedness\.md: the template never shows \{\{agent_response\}\}/,
    );
  });

  it('refuses template names that could escape the folder, and names missing templates', () => {
    const dir = workspace();
    expect(() => loadJudgeTemplate('../secrets', dir)).toThrow(/must be snake_case/);
    expect(() => loadJudgeTemplate('nope', dir)).toThrow(/no judge template "nope"/);
  });
});
