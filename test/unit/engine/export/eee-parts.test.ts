import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleHash } from '../../../../src-main/engine/export/eee/build-samples';
import { layoutProblems } from '../../../../src-main/engine/export/eee/eee-checks';
import { deploymentOf, epochMs, epochString, isUuid4, uuidFor } from '../../../../src-main/engine/export/eee/eee-names';
import type { EeeAggregate } from '../../../../src-main/engine/export/eee/eee-types';
import { componentProblem, ensureFolderInside, portableComponent } from '../../../../src-main/engine/export/safe-path';
import { parseSince } from '../../../../src-shared/text/since';
import { duplicateKey, parseStrictJson } from '../../../../src-main/engine/export/strict-json';
import { upgradeAggregate, upgradeInstance } from '../../../../src-main/engine/export/eee/upgrade-envelope';
import { tempDir } from './export-fixtures';

describe('EEE naming', () => {
  it('derives stable UUIDv4-shaped file ids and epoch strings that keep milliseconds', () => {
    const id = uuidFor('aieval/helpdesk@1.0.0/t@prompt-x/run-1');
    expect(isUuid4(id)).toBe(true);
    expect(uuidFor('aieval/helpdesk@1.0.0/t@prompt-x/run-1')).toBe(id);
    expect(uuidFor('another')).not.toBe(id);
    expect(epochString(1_750_000_001_250)).toBe('1750000001.25');
    expect(epochMs('1750000001.25')).toBe(1_750_000_001_250);
    expect(epochMs('2026-03-01')).toBeUndefined();
  });

  it('knows who runs a model from the provider kind and address', () => {
    const cases = [
      ['ollama', 'http://gpu-box:11434', 'self_deployed', 'open_weights'],
      ['openai', null, 'externally_managed', 'closed_weights'],
      ['openai', 'http://127.0.0.1:8000/v1', 'self_deployed', 'unknown'],
      ['openai', 'https://proxy.example.com/v1', 'unknown', 'unknown'],
      ['replay', null, 'unknown', 'unknown'],
    ] as const;
    for (const [kind, baseUrl, deployment_type, model_availability] of cases)
      expect(deploymentOf(kind, baseUrl), `${kind} at ${baseUrl}`).toEqual({ deployment_type, model_availability });
  });

  it('hashes a sample with the recipe of the EEE docs (the example file gives the reference value)', () => {
    expect(sampleHash('What is 2 + 2?', ['4'])).toBe(
      '9c94305328f8e70341f9d1880f4eaa6ea7f93b8922e6a03a8cdcf1924d28db0b',
    );
  });
});

describe('paths', () => {
  it('makes names portable and says why a name is not', () => {
    expect(portableComponent('llama3.1:8b')).toBe('llama3.1-8b');
    expect(portableComponent('..')).toBe('unknown');
    expect(portableComponent('../..')).toBe('..-');
    expect(portableComponent('a/b\\c')).toBe('a-b-c');
    expect(portableComponent('CON')).toBe('CON_');
    expect(portableComponent('data')).toBe('data_');
    expect(componentProblem('model.')).toContain('ends with a dot');
    expect(componentProblem('nul.txt')).toContain('reserved device name');
    expect(componentProblem('gpt-4o')).toBeUndefined();
  });

  it('never writes outside the output folder, through .. or through a link', () => {
    const root = tempDir('aieval-root-');
    expect(ensureFolderInside(root, 'data/a/b/c')).toBe(join(root, 'data/a/b/c'));
    expect(() => ensureFolderInside(root, '../escape')).toThrow(/refusing to write outside/);
    const elsewhere = tempDir('aieval-elsewhere-');
    mkdirSync(join(root, 'linked'));
    symlinkSync(elsewhere, join(root, 'linked', 'data'));
    expect(() => ensureFolderInside(root, 'linked/data/x')).toThrow(/is a link to elsewhere/);
  });

  it('checks the layout of an aggregate and its samples link', () => {
    const aggregate = {
      detailed_evaluation_results: {
        format: 'jsonl',
        file_path: 'data/c/d/m/f3a1c0de-4b2e-4c1a-9f6d-1b7e5a2c8d40_samples.jsonl',
      },
    } as EeeAggregate;
    expect(layoutProblems(aggregate, 'f3a1c0de-4b2e-4c1a-9f6d-1b7e5a2c8d40.json', ['c', 'd', 'm'])).toEqual([]);
    expect(layoutProblems(aggregate, 'results.json', undefined)).toEqual([
      'file name results.json is not <lowercase uuid4>.json',
    ]);
    expect(layoutProblems(aggregate, 'f3a1c0de-4b2e-4c1a-9f6d-1b7e5a2c8d40.json', ['c', 'd', 'other'])).toEqual([
      'detailed_evaluation_results.file_path points to data/c/d/m, but the file is in data/c/d/other',
    ]);
    const other = {
      detailed_evaluation_results: {
        format: 'jsonl',
        file_path: 'data/c/d/m/0b9f5a2e-1c3d-4e5f-8a9b-0c1d2e3f4a5b_samples.jsonl',
      },
    } as EeeAggregate;
    expect(layoutProblems(other, 'f3a1c0de-4b2e-4c1a-9f6d-1b7e5a2c8d40.json', undefined)[0]).toContain(
      'not f3a1c0de-4b2e-4c1a-9f6d-1b7e5a2c8d40_samples.jsonl',
    );
  });
});

describe('strict JSON', () => {
  it('finds a key given twice in one object, not across objects', () => {
    expect(duplicateKey('{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}')).toBeUndefined();
    expect(duplicateKey('{"a":1,"b":"\\"a\\":","a":2}')).toBe('a');
    expect(() => parseStrictJson('{"score": NaN}', 'the file')).toThrow(/the file is not valid JSON/);
    expect(() => parseStrictJson('{"score": 1, "score": 2}', 'the file')).toThrow(
      'the file has the key "score" twice in one object',
    );
  });
});

describe('--since', () => {
  const now = Date.UTC(2026, 2, 10, 12);
  it('reads ISO dates, epoch seconds and spans', () => {
    expect(parseSince('2026-03-01', now)).toBe(Date.UTC(2026, 2, 1));
    expect(parseSince('2026-03-01T08:00:00Z', now)).toBe(Date.UTC(2026, 2, 1, 8));
    expect(parseSince('1772323200', now)).toBe(1_772_323_200_000);
    expect(parseSince('-7d', now)).toBe(now - 7 * 86_400_000);
    expect(parseSince('-12h', now)).toBe(now - 12 * 3_600_000);
    expect(() => parseSince('last week', now)).toThrow(/--since "last week" is not a date/);
  });
});

describe('0.2.x files', () => {
  it('reads the fields 0.3.0 made required or moved', () => {
    const upgraded = upgradeAggregate(
      {
        schema_version: '0.2.0',
        evaluation_id: 'e',
        source_metadata: { source_name: 'inspect_ai', additional_details: { n: 3 } },
        model_info: { name: 'm', id: 'o/m' },
        evaluation_results: [
          {
            source_data: { dataset_name: 'arc', sample_ids: [1, 2] },
            metric_config: {},
            score_details: { score: 0.3, confidence_interval: { lower: 0, upper: 0.9 } },
          },
        ],
        detailed_evaluation_results: { file_path: 'instance_level_data/arc_o_m.jsonl', total_rows: 3 },
      },
      'f3a1c0de-4b2e-4c1a-9f6d-1b7e5a2c8d40',
    );
    expect(upgraded).toMatchObject({
      schema_version: '0.3.0',
      eval_library: { name: 'inspect_ai', version: 'unknown' },
      source_metadata: { additional_details: { n: '3' } },
      model_info: { additional_details: { deployment_type: 'unknown', model_availability: 'unknown' } },
      evaluation_results: [
        {
          source_data: { sample_ids: ['1', '2'] },
          score_details: { score: 0.3, uncertainty: { confidence_interval: { lower: 0, upper: 0.9 } } },
        },
      ],
      detailed_evaluation_results: {
        format: 'jsonl',
        file_path: 'data/arc/unknown/m/f3a1c0de-4b2e-4c1a-9f6d-1b7e5a2c8d40_samples.jsonl',
        total_rows: 3,
      },
    });
    expect(
      upgradeInstance({
        schema_version: 'instance_level_eval_0.2.2',
        sample_id: 4,
        input: { raw: 'q', reference: '5' },
      }),
    ).toEqual({
      schema_version: '0.3.0',
      sample_id: '4',
      input: { raw: 'q', reference: ['5'] },
    });
  });
});
