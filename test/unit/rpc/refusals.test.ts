import { hostname } from 'node:os';
// Every refusal the service can throw reaches the caller with its code, message and details; nothing is a 500 by omission.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call } from '../../../src-shared/rpc/define';
import { createRouter } from '../../../src-shared/rpc/router';
import { RpcError, type ErrorCode } from '../../../src-shared/rpc/wire';
import { MatrixRunNotFound } from '../../../src-main/engine/compare/run-matrix';
import { ExportError } from '../../../src-main/engine/export/eee/export-run';
import { parseSince } from '../../../src-shared/text/since';
import { SampleError } from '../../../src-main/engine/trust/sample-judge-calls';
import { ValidationError } from '../../../src-main/engine/trust/validate-judge';
import { CandidateActionError } from '../../../src-main/engine/optimizer/candidate-actions';
import { JobConflictError } from '../../../src-main/engine/optimizer/optimizer-jobs';
import { OptimizerRefusal } from '../../../src-main/engine/optimizer/question-sets';
import { PreflightError } from '../../../src-main/engine/preflight/preflight';
import { ProviderConfigError } from '../../../src-main/engine/providers/connection-errors';
import { PlanError } from '../../../src-main/engine/run/plan';
import { RunConflictError } from '../../../src-main/engine/run/run-lock';
import { WorkspaceExistsError } from '../../../src-main/workspace/example';
import { FileChangedError } from '../../../src-main/workspace/write-file';

const problem = { subject: 'provider "local"', problem: 'nothing answers at http://127.0.0.1:9', fix: 'start Ollama' };
const lock = { targetId: 'bot', runId: 'run-7', pid: 42, host: 'ci', acquiredAt: 0, heartbeatAt: 0 };

function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

/** One instance of every refusal class, with the code and details the caller must see. */
const REFUSALS: ReadonlyArray<readonly [string, () => unknown, ErrorCode, unknown?]> = [
  ['PlanError', () => new PlanError('unknown target "x"'), 'bad_input'],
  ['ProviderConfigError', () => new ProviderConfigError('OPENAI_API_KEY is not set'), 'bad_input'],
  [
    'RunConflictError',
    () => new RunConflictError({ ...lock, pid: process.pid, host: hostname() }),
    'conflict',
    { runId: 'run-7' },
  ],
  [
    'RunConflictError, held by another process',
    () => new RunConflictError(lock),
    'unavailable',
    { runId: 'run-7', environment: 'another process runs target "bot"' },
  ],
  ['MatrixRunNotFound', () => new MatrixRunNotFound('run-9'), 'not_found'],
  ['ExportError', () => new ExportError('run-9 is not complete'), 'not_found'],
  ['SampleError', () => new SampleError('no calls in the window'), 'bad_input'],
  ['ValidationError', () => new ValidationError('no gold items yet'), 'bad_input'],
  ['CandidateActionError', () => new CandidateActionError('conflict', 'already applied'), 'conflict'],
  ['JobConflictError', () => new JobConflictError('a job is running'), 'conflict'],
  ['OptimizerRefusal', () => new OptimizerRefusal('too few questions'), 'bad_input'],
  ['FileChangedError', () => new FileChangedError('datasets/a.yaml'), 'conflict'],
  ['WorkspaceExistsError', () => new WorkspaceExistsError('/w already holds a workspace (aieval.yaml)'), 'conflict'],
  ['PreflightError', () => new PreflightError([problem]), 'bad_input', { preflight: [problem] }],
  ['parseSince', () => thrownBy(() => parseSince('yesterday', 0)), 'bad_input'],
];

/** Errors that are not refusals, each with where it is handled instead of reaching the router. */
const NOT_REFUSALS: Readonly<Record<string, string>> = {
  RpcError: 'the refusal type itself',
  DecodeError: 'a trace file that does not decode: counted per file by the import',
  UnreadableFileError: 'reported per file by the import',
  StaleSocketError: 'retried inside the HTTP client',
  ProviderError: 'a provider call that failed: the result is marked errored or degraded',
  UntrustedWorkspaceError: 'reported by preflight and by the run as a result error',
  ProposalError: 'a proposer answer without a prompt: the optimizer job records it',
  JudgeTemplateError:
    'caught where a template is read: the judge call fails on its result, identity and export fall back',
  CallFailedError: 'a provider call that failed after retries: the result is marked errored',
  BodyTooLarge: 'answered 413 by the HTTP shell',
  UsageError: 'the CLI prints it with the usage',
  CallFailed: 'the CLI prints it and exits 2',
  MissingNativeBindingError: 'start-up: the store cannot open at all',
  MigrationError: 'start-up: the store refuses to open',
  YamlEditError: 'wrapped with the file name as invalid_workspace where a YAML edit is made',
  TeamStoreError: 'the team store cannot be used: refused as the environment (environment-refusal.ts, CLI exit 3)',
  StoreUrlError: 'a store setting that is not a postgresql:// URL: refused where the setting is read',
};

const contract = {
  'probe.refuse': call(() => ({ input: z.object({ index: z.number() }), output: z.object({}) })),
} as const;
const dispatch = createRouter<object>(contract, {
  'probe.refuse': ({ index }: { index: number }) => {
    throw (REFUSALS[index] as (typeof REFUSALS)[number])[1]();
  },
});

describe('refusals', () => {
  it.each(REFUSALS.map((entry, index) => [entry[0], index] as const))(
    '%s reaches the caller with its code, message and details',
    async (_, index) => {
      const [, make, code, details] = REFUSALS[index] as (typeof REFUSALS)[number];
      const error = make() as Error;
      expect(error).toBeInstanceOf(RpcError);
      expect(await dispatch('probe.refuse', { index }, {})).toEqual({
        ok: false,
        error: { code, message: error.message, ...(details === undefined ? {} : { details }) },
      });
    },
  );

  it('every error class in src-main and src-shared is a refusal or handled before the router', () => {
    const root = join(import.meta.dirname, '../../..');
    const files = ['src-main', 'src-shared'].flatMap((dir) => sourceFiles(join(root, dir)));
    const undecided: string[] = [];
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(/class (\w+) extends (\w+)/g)) {
        const [, name, base] = match as unknown as [string, string, string];
        const refusal = base === 'RpcError' || base === 'refusal';
        if (base !== 'Error' && !refusal) continue;
        const known = refusal ? REFUSALS.some(([listed]) => listed === name) : name in NOT_REFUSALS;
        if (!known) undecided.push(`${relative(root, file)}: ${name}`);
      }
    }
    expect(undecided).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) ? [path] : [];
  });
}
