// Versioned judge prompt templates: bundled in resources/judge-templates, overridable from a workspace's judge-templates/ folder.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { findResourcesDir } from '../../../paths';
import { readYamlFast } from '../../../workspace/fast-yaml';
import { TEMPLATE_FOLDER, templateNames } from '../../../workspace/judge-template-names';
import { JUDGE_TEMPLATE_NAME } from '../../../../src-shared/model';

export type JudgeTemplate = Readonly<{ name: string; version: string; body: string; file: string }>;

/** Placeholders a template may use; filled by name, so adding one never breaks an override. */
export const PLACEHOLDERS = [
  'question',
  'criteria',
  'agent_response',
  'dimension',
  'definition',
  'guidance',
  'min_score',
  'max_score',
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** Every template must show the judge these three, or it could not judge anything. */
const REQUIRED: readonly Placeholder[] = ['question', 'criteria', 'agent_response'];

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;

export class JudgeTemplateError extends Error {}

const cache = new Map<string, Readonly<{ mtimeMs: number; template: JudgeTemplate }>>();

/** The template `name`: the workspace's override when one exists, else the bundled one. Throws JudgeTemplateError. */
export function loadJudgeTemplate(
  name: string,
  workspaceDir: string,
  resourcesDir = findResourcesDir(),
): JudgeTemplate {
  if (!JUDGE_TEMPLATE_NAME.test(name)) throw new JudgeTemplateError(`judge template name "${name}" must be snake_case`);
  const override = join(workspaceDir, TEMPLATE_FOLDER, `${name}.md`);
  if (existsSync(override)) return readTemplate(name, override, true);
  const bundled = join(resourcesDir, TEMPLATE_FOLDER, `${name}.md`);
  if (!existsSync(bundled))
    throw new JudgeTemplateError(`no judge template "${name}" (looked in ${override} and ${bundled})`);
  return readTemplate(name, bundled, false);
}

/** Every template's version, overrides included, for the run identity snapshot (docs/runs.md). */
export function judgeTemplateVersions(workspaceDir: string, resourcesDir = findResourcesDir()): Record<string, string> {
  const names = new Set([
    ...templateNames(join(resourcesDir, TEMPLATE_FOLDER)),
    ...templateNames(join(workspaceDir, TEMPLATE_FOLDER)),
  ]);
  const versions: Record<string, string> = {};
  for (const name of [...names].sort()) versions[name] = loadJudgeTemplate(name, workspaceDir, resourcesDir).version;
  return versions;
}

/** Fills placeholders by name in one pass (filled text is never re-expanded); an unknown placeholder is an error. */
export function fillTemplate(template: JudgeTemplate, values: Readonly<Record<Placeholder, string>>): string {
  return template.body.replace(PLACEHOLDER, (_match, key: string) => {
    if (!(PLACEHOLDERS as readonly string[]).includes(key)) throw unknownPlaceholder(template.file, key);
    return values[key as Placeholder];
  });
}

function readTemplate(name: string, file: string, isOverride: boolean): JudgeTemplate {
  const mtimeMs = statSync(file).mtimeMs;
  const cached = cache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.template;
  const template = parseTemplate(name, file, readFileSync(file, 'utf8'), isOverride);
  cache.set(file, { mtimeMs, template });
  return template;
}

function parseTemplate(name: string, file: string, text: string, isOverride: boolean): JudgeTemplate {
  const match = FRONT_MATTER.exec(text);
  // The fast read first (the workspace's files already warmed it up); the yaml library for what it declines.
  const frontMatter = match?.[1] ?? '';
  const meta = match ? (readYamlFast(frontMatter) ?? (parseYaml(frontMatter) as unknown)) : undefined;
  const declared = meta !== null && typeof meta === 'object' && 'version' in meta ? String(meta.version) : undefined;
  if (!isOverride && declared === undefined)
    throw new JudgeTemplateError(`${file}: a bundled judge template needs a version in its front matter`);
  const body = match ? text.slice(match[0].length) : text;
  const used = new Set([...body.matchAll(PLACEHOLDER)].map((found) => found[1] ?? ''));
  for (const key of used) if (!(PLACEHOLDERS as readonly string[]).includes(key)) throw unknownPlaceholder(file, key);
  for (const key of REQUIRED)
    if (!used.has(key)) throw new JudgeTemplateError(`${file}: the template never shows {{${key}}} to the judge`);
  // An override's version carries a hash of its text, so editing it makes earlier judge validations stale (docs/grading.md).
  const version = isOverride
    ? `${declared ?? '0.0.0'}+workspace.${createHash('sha256').update(text).digest('hex').slice(0, 12)}`
    : (declared ?? '');
  return { name, version, body, file };
}

const unknownPlaceholder = (file: string, key: string) =>
  new JudgeTemplateError(
    `${file}: unknown placeholder {{${key}}} (known: ${PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')})`,
  );
