import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { settings as settingsSchema, type Target } from '../../../src-shared/model';
import { withSettings, withTarget } from '../../../src-main/workspace/write-config';
import { EXAMPLE_DIR } from '../../support/workspace';

const config = readFileSync(join(EXAMPLE_DIR, 'aieval.yaml'), 'utf8');
const targets = () => parse(config).targets as Target[];

describe('withTarget', () => {
  it('changes only the edited keys and keeps every comment', () => {
    const chat = {
      ...targets()[0]!,
      model: 'llama3.2:3b',
      gate: { metric: 'avg_score', threshold: 4, type: 'soft' },
    } as Target;
    const next = withTarget(config, chat);
    for (const line of config.split('\n').filter((l) => l.trim().startsWith('#'))) expect(next).toContain(line);
    const written = parse(next).targets[0];
    expect(written.model).toBe('llama3.2:3b');
    expect(written.gate).toEqual({ metric: 'avg_score', threshold: 4, type: 'soft' });
    expect(next.split('\n').length).toBe(config.split('\n').length);
  });

  it('renames a target in place and appends a new one without writing defaults', () => {
    const renamed = withTarget(config, { ...targets()[0]!, id: 'helpdesk_chat_v2' } as Target, 'helpdesk_chat');
    expect(parse(renamed).targets.map((t: Target) => t.id)).toEqual([
      'helpdesk_chat_v2',
      'helpdesk_agent',
      'helpdesk_chat_offline',
      'helpdesk_agent_offline',
    ]);
    const added = withTarget(config, {
      id: 'extra',
      provider: 'local',
      model: 'm',
      dataset: 'helpdesk',
      graders: ['format_grader'],
      mode: 'chat',
      enabled: true,
      system_prompt: '',
      max_steps: 8,
      gate: { metric: 'avg_score', threshold: 3.5, type: 'hard' },
    } as Target);
    expect(parse(added).targets.at(-1)).toEqual({
      id: 'extra',
      provider: 'local',
      model: 'm',
      dataset: 'helpdesk',
      graders: ['format_grader'],
    });
  });

  it('writes a multi-line prompt as a block literal', () => {
    const next = withTarget(config, { ...targets()[0]!, system_prompt: 'Line one.\nLine two.\n' } as Target);
    expect(next).toContain('system_prompt: |\n      Line one.\n      Line two.\n');
  });
});

describe('withSettings', () => {
  it('updates one setting and keeps the rest of the file', () => {
    const next = withSettings(config, { ...settingsSchema.parse({}), concurrency: 8 });
    expect(parse(next).settings.concurrency).toBe(8);
    expect(next).toContain('# AI Eval workspace: the Riverside Library help desk example.');
  });
});

describe('untouched lines', () => {
  it('stay byte-for-byte, flow collections included', () => {
    // The example's own settings with one value changed: every other line, flow collections included, stays.
    const current = settingsSchema.parse((parse(config) as { settings: unknown }).settings);
    const next = withSettings(config, { ...current, concurrency: 6 });
    const flowLines = config.split('\n').filter((line) => line.includes('{ ') || line.includes('['));
    for (const line of flowLines) expect(next).toContain(line);
  });
});

describe('withSettings defaults', () => {
  it('writes a changed setting without writing every default beside it', () => {
    const bare = 'version: 1\ntargets: []\n';
    const next = parse(withSettings(bare, { ...settingsSchema.parse({}), concurrency: 8 }));
    expect(next.settings).toEqual({ concurrency: 8 });
  });
});
