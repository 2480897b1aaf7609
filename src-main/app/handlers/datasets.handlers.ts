// Handlers for dataset files: list, read, save (the text as typed, never lost) and create.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { Contract } from '../../../src-shared/contract';
import type { DatasetDocument, DatasetSummary } from '../../../src-shared/contract/datasets.contract';
import { RpcError } from '../../../src-shared/rpc/wire';
import type { Handlers } from '../../../src-shared/rpc/define';
import { loadWorkspace } from '../../workspace/load-workspace';
import { FileChangedError, readSnapshot, textHash, writeSnapshot } from '../../workspace/write-file';
import { readWorkspaceFile } from '../../workspace/workspace-files';
import type { AppState } from '../app-state';
import type { Ctx } from '../../../src-shared/rpc/ctx';

/** The dataset's file relative to the workspace; ids are snake_case, so the path cannot escape `datasets/`. */
function datasetFile(dir: string, id: string): string {
  const yml = `datasets/${id}.yml`;
  return existsSync(join(dir, yml)) ? yml : `datasets/${id}.yaml`;
}

function readDocument(state: AppState, id: string): DatasetDocument {
  const file = datasetFile(state.dir, id);
  if (!existsSync(join(state.dir, file)))
    throw new RpcError('not_found', `No dataset "${id}" (${file} does not exist).`);
  const workspace = state.workspace();
  const issues = workspace.issues.filter((issue) => issue.file === file);
  const read = readWorkspaceFile(state.dir, file);
  if (!read.ok) throw new RpcError('invalid_workspace', read.problem, issues);
  const loaded = workspace.datasets.get(id);
  return {
    id,
    file,
    text: read.text,
    hash: textHash(read.text),
    dataset: loaded?.dataset ?? null,
    issues,
  };
}

export const datasetsHandlers = (state: AppState) =>
  ({
    'datasets.list': () => {
      const workspace = state.workspace();
      const files = new Set([
        ...workspace.issues.map((i) => i.file),
        ...[...workspace.datasets.values()].map((d) => d.file),
      ]);
      const summaries: DatasetSummary[] = [...files]
        .filter((file) => file.startsWith('datasets/'))
        .sort()
        .map((file) => {
          const id = file.replace(/^datasets\/|\.ya?ml$/g, '');
          const loaded = workspace.datasets.get(id);
          return {
            id,
            file,
            version: loaded?.dataset.version ?? null,
            description: loaded?.dataset.description ?? null,
            questionCount: loaded?.questions.length ?? 0,
            disabledCount: loaded?.disabledCount ?? 0,
            errorCount: workspace.issues.filter((issue) => issue.file === file && issue.severity === 'error').length,
          };
        });
      return summaries;
    },
    'datasets.get': ({ id }) => readDocument(state, id),
    'datasets.save': ({ id, text, baseHash }) => {
      const file = datasetFile(state.dir, id);
      const snapshot = readSnapshot(join(state.dir, file));
      if (snapshot.hash === null) throw new RpcError('not_found', `No dataset "${id}" (${file} does not exist).`);
      if (baseHash !== undefined && baseHash !== snapshot.hash) throw new FileChangedError(file);
      if (writeSnapshot(snapshot, text)) state.events.emit('workspace.changed', { file });
      return readDocument(state, id);
    },
    'datasets.check': ({ id, text }) => {
      const file = datasetFile(state.dir, id);
      return { issues: loadWorkspace(state.dir, { [file]: text }).issues.filter((issue) => issue.file === file) };
    },
    'datasets.create': ({ id, description, question }) => {
      const file = datasetFile(state.dir, id);
      if (existsSync(join(state.dir, file)))
        throw new RpcError('conflict', `Dataset "${id}" already exists (${file}).`);
      const first = question ?? { input: 'Write the first question here.', criteria: 'What a good answer does.' };
      // Only what was given: no empty description or criteria for the user to delete.
      const starter = {
        id,
        version: '1.0.0',
        ...(description ? { description } : {}),
        questions: [
          { id: 'first_question', input: first.input, ...(first.criteria ? { criteria: first.criteria } : {}) },
        ],
      };
      writeSnapshot(readSnapshot(join(state.dir, file)), stringify(starter)); // refused if made meanwhile
      return readDocument(state, id);
    },
  }) satisfies Partial<Handlers<Contract, Ctx>>;
