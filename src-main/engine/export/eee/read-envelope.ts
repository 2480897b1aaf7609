// Reads one EEE aggregate file and its samples file (when present) for import: strict JSON, 0.2.x upgraded, fully validated.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { inputFileProblem } from '../../../workspace/input-file';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { EEE_SCHEMA_VERSION, type EeeAggregate, type EeeInstance } from './eee-types';
import { isUuid4 } from './eee-names';
import { parseStrictJson } from '../strict-json';
import { isLegacyVersion, upgradeAggregate, upgradeInstance } from './upgrade-envelope';
import { validateEnvelope } from './validate-envelope';

export type ReadEnvelope = Readonly<{
  path: string;
  fileName: string;
  aggregateSha256: string;
  /** The version the file declared (it was upgraded to 0.3.0 when older). */
  fromVersion: string;
  aggregate: EeeAggregate;
  samples: Readonly<{ path: string; sha256: string; rows: EeeInstance[] }> | undefined;
  warnings: string[];
}>;

export type ReadOutcome = Readonly<{ ok: true; envelope: ReadEnvelope }> | Readonly<{ ok: false; problems: string[] }>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** [collection, developer, model] when the file sits at …/data/<c>/<d>/<m>/<file>, as EEE lays files out. */
function layoutFolder(path: string): string[] | undefined {
  const parts = resolve(path).split(sep);
  const n = parts.length;
  return n >= 5 && parts[n - 5] === 'data' ? parts.slice(n - 4, n - 1) : undefined;
}

/** The samples file the aggregate names, looked for beside it (only its base name is used: nothing can point elsewhere). */
function samplesBeside(path: string, linkPath: unknown): string | undefined {
  if (typeof linkPath !== 'string' || linkPath === '') return undefined;
  return join(dirname(resolve(path)), basename(linkPath.replaceAll('\\', '/')));
}

/** Why a file could not be read, in words (the system's code in brackets for a search). */
function unreadable(error: NodeJS.ErrnoException): string {
  const words: Record<string, string> = {
    ENOENT: 'no such file',
    EISDIR: 'a folder, not a file',
    EACCES: 'not allowed to read it',
    EPERM: 'not allowed to read it',
  };
  const said = error.code ? words[error.code] : undefined;
  return said ? `cannot read the file: ${said} (${error.code})` : `cannot read the file: ${error.message}`;
}

export async function readEnvelope(path: string, resourcesDir: string): Promise<ReadOutcome> {
  const problem = inputFileProblem(path);
  if (problem) return { ok: false, problems: [`cannot read the file: ${problem}`] };
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    return { ok: false, problems: [unreadable(error as NodeJS.ErrnoException)] };
  }
  let document: unknown;
  try {
    document = parseStrictJson(bytes.toString('utf8'), 'the file');
  } catch (error) {
    return { ok: false, problems: [(error as Error).message] };
  }
  if (!isObject(document)) return { ok: false, problems: ['the file is not a JSON object (an EEE aggregate file)'] };
  if (document.schema_version === undefined)
    return { ok: false, problems: ['not an Every Eval Ever file: it has no schema_version (an aggregate file has)'] };
  const fromVersion = String(document.schema_version);
  const legacy = isLegacyVersion(fromVersion);
  if (fromVersion !== EEE_SCHEMA_VERSION && !legacy) {
    return {
      ok: false,
      problems: [`schema_version "${fromVersion}" is not one this app reads (${EEE_SCHEMA_VERSION}, or 0.2.x)`],
    };
  }
  const fileName = basename(path);
  const fileUuid = fileName.endsWith('.json') && isUuid4(fileName.slice(0, -5)) ? fileName.slice(0, -5) : undefined;
  const link = isObject(document.detailed_evaluation_results) ? document.detailed_evaluation_results : undefined;
  const samplesPath = samplesBeside(path, link?.file_path);
  const warnings: string[] = [];
  if (legacy)
    warnings.push(`schema ${fromVersion} read as ${EEE_SCHEMA_VERSION} (missing deployment axes set to "unknown")`);
  const present = samplesPath !== undefined && existsSync(samplesPath);
  if (samplesPath !== undefined && !present)
    warnings.push(
      `its samples file ${basename(samplesPath)} is not beside it: only the aggregate results are imported`,
    );

  const rows: EeeInstance[] = [];
  const check = await validateEnvelope({
    aggregate: legacy ? upgradeAggregate(document, fileUuid) : document,
    fileName,
    // An upgraded file's link was rewritten into the 0.3.0 layout, so it cannot name the folder the file sits in.
    folder: legacy ? undefined : layoutFolder(path),
    samplesPath: present ? samplesPath : undefined,
    resourcesDir,
    upgradeRow: legacy ? upgradeInstance : undefined,
    onRow: (row) => rows.push(row),
  });
  if (check.problems.length > 0 || !check.aggregate) return { ok: false, problems: check.problems };
  const samples = present && check.digest ? { path: samplesPath, sha256: check.digest.sha256, rows } : undefined;
  return {
    ok: true,
    envelope: {
      path: resolve(path),
      fileName,
      aggregateSha256: createHash('sha256').update(bytes).digest('hex'),
      fromVersion,
      aggregate: check.aggregate,
      samples,
      warnings,
    },
  };
}
