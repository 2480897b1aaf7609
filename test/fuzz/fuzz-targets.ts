// The readers the fuzz suite attacks, and what each must do with any input: succeed, or report a positioned problem;
// never throw, never answer with a stack trace. A violated rule throws FuzzFailure.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WorkspaceIssue } from '../../src-shared/model';
import { readEnvelope } from '../../src-main/engine/export/eee/read-envelope';
import { compileJsonSchema } from '../../src-main/matchers/json-schema';
import { readLabelsFile } from '../../src-main/engine/trust/labels-file';
import { decodeJsonText } from '../../src-main/engine/traces/decode/decode-json-text';
import { decodeProtoRequest } from '../../src-main/engine/traces/decode/otlp-protobuf';
import { readOtlpFile, UnreadableFileError } from '../../src-main/engine/traces/decode/read-otlp-file';
import type { DecodedBatch } from '../../src-main/engine/traces/span';
import { loadWorkspace } from '../../src-main/workspace/load-workspace';
import { copyExample } from '../support/workspace';
import { fuzzSymlinkedWorkspace } from './fuzz-symlinks';

export class FuzzFailure extends Error {}

export type Seed = Readonly<{ name: string; bytes: Buffer }>;

export type FuzzTarget = Readonly<{
  name: string;
  /** Checks one input; throws FuzzFailure (or anything else: a crash) when a rule is broken. */
  run(input: Buffer, seed: Seed): Promise<void>;
}>;

const CORPUS = join(import.meta.dirname, 'corpus');
const RESOURCES = join(import.meta.dirname, '..', '..', 'resources');
const STACK_LINE = /\n\s+at /;

export function corpusOf(target: string): Seed[] {
  const dir = join(CORPUS, target);
  return readdirSync(dir)
    .sort()
    .map((name) => ({ name, bytes: readFileSync(join(dir, name)) }));
}

function expectPositioned(issues: readonly WorkspaceIssue[], what: string): void {
  for (const issue of issues) {
    if (!(issue.line >= 1 && issue.column >= 1))
      throw new FuzzFailure(`${what}: issue without a position: ${JSON.stringify(issue)}`);
    if (STACK_LINE.test(issue.message)) throw new FuzzFailure(`${what}: a stack trace in an issue: ${issue.message}`);
  }
}

function expectDecoded(batch: DecodedBatch, what: string): void {
  for (const span of batch.spans)
    if (!/^[0-9a-f]{32}$/.test(span.traceId) || !/^[0-9a-f]{16}$/.test(span.spanId))
      throw new FuzzFailure(`${what}: a span with bad ids was kept: ${span.traceId}/${span.spanId}`);
  for (const problem of batch.problems)
    if (typeof problem.message !== 'string' || STACK_LINE.test(problem.message))
      throw new FuzzFailure(`${what}: a problem without a plain message: ${String(problem.message)}`);
  if (batch.bad > 0 && batch.problems.length === 0)
    throw new FuzzFailure(`${what}: ${batch.bad} bad part(s) with no reason`);
}

let scratch: string | undefined;
const scratchDir = () => (scratch ??= mkdtempSync(join(tmpdir(), 'aieval-fuzz-')));

async function readFileBatches(bytes: Buffer, name: string): Promise<void> {
  const path = join(scratchDir(), name);
  writeFileSync(path, bytes);
  try {
    for await (const batch of readOtlpFile(path)) expectDecoded(batch, 'readOtlpFile');
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
  }
}

let workspaceDir: string | undefined;

/** A seed `pattern-*` is one regex, set as a schema's pattern, patternProperties and propertyNames; others a schema. */
function schemaOf(input: Buffer, seed: Seed): unknown {
  const text = input.toString('utf8');
  if (seed.name.startsWith('pattern-'))
    return {
      properties: { a: { pattern: text } },
      patternProperties: { [text]: {} },
      propertyNames: { pattern: text },
    };
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Values that make a backtracking engine explode on most patterns: long runs of one character, then a misfit. */
function hostileValues(schema: unknown): unknown[] {
  const characters = new Set(['a', ...JSON.stringify(schema).replace(/[^\w]/g, '')].slice(0, 8));
  return [...characters].flatMap((c) => {
    const evil = `${c.repeat(34)}!`;
    return [{ a: evil, [evil]: evil, saturday: evil }, [evil, evil], evil];
  });
}

export const FUZZ_TARGETS: readonly FuzzTarget[] = [
  {
    name: 'workspace',
    async run(input, seed) {
      workspaceDir ??= copyExample();
      const file = seed.name.replace('__', '/');
      expectPositioned(loadWorkspace(workspaceDir, { [file]: input.toString('utf8') }).issues, `workspace ${file}`);
    },
  },
  {
    name: 'otlp-json',
    async run(input) {
      expectDecoded(decodeJsonText(input.toString('utf8'), 1), 'decodeJsonText');
      await readFileBatches(input, 'input.jsonl');
    },
  },
  {
    name: 'otlp-protobuf',
    async run(input) {
      expectDecoded(decodeProtoRequest(input), 'decodeProtoRequest');
      await readFileBatches(input, 'input.binpb');
    },
  },
  {
    name: 'envelope',
    async run(input, seed) {
      const dir = scratchDir();
      const uuid = 'f3a1c0de-4b2e-4c1a-9f6d-1b7e5a2c8d40';
      const samples = seed.name.startsWith('samples');
      const aggregate = samples ? readFileSync(join(CORPUS, 'envelope', 'aggregate.json')) : input;
      writeFileSync(join(dir, `${uuid}.json`), aggregate);
      writeFileSync(
        join(dir, `${uuid}_samples.jsonl`),
        samples ? input : readFileSync(join(CORPUS, 'envelope', 'samples.jsonl.txt')),
      );
      const outcome = await readEnvelope(join(dir, `${uuid}.json`), RESOURCES);
      if (!outcome.ok) {
        if (outcome.problems.length === 0) throw new FuzzFailure('envelope refused with no reason');
        for (const problem of outcome.problems)
          if (STACK_LINE.test(problem)) throw new FuzzFailure(`envelope: a stack trace in a reason: ${problem}`);
      }
    },
  },
  {
    name: 'schema-pattern',
    async run(input, seed) {
      const schema = schemaOf(input, seed);
      if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return;
      const compiled = compileJsonSchema(schema as Record<string, unknown>);
      if (!compiled.ok) {
        if (STACK_LINE.test(compiled.problem)) throw new FuzzFailure(`schema: a stack trace: ${compiled.problem}`);
        return;
      }
      for (const value of hostileValues(schema)) compiled.validate(value);
    },
  },
  { name: 'workspace-symlinks', run: fuzzSymlinkedWorkspace },
  {
    name: 'labels',
    async run(input) {
      const read = readLabelsFile('labels/relevance.yaml', input.toString('utf8'), 'relevance_grader');
      if (!read.value && read.issues.length === 0) throw new FuzzFailure('labels refused with no issue');
      expectPositioned(read.issues, 'labels');
    },
  },
];
