// The judge templates a workspace can name: the bundled ones (resources/judge-templates) and its own overrides in its
// judge-templates/ folder, so validate refuses an llm_judge check that names neither.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { JUDGE_TEMPLATE_NAME } from '../../src-shared/model';
import { findResourcesDir } from '../paths';

export const TEMPLATE_FOLDER = 'judge-templates';

/** The template names of one folder (its `<name>.md` files). */
export function templateNames(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => file.slice(0, -3))
    .filter((name) => JUDGE_TEMPLATE_NAME.test(name));
}

/** Every template name the workspace in `dir` can use. */
export function availableTemplates(dir: string, resourcesDir = findResourcesDir()): Set<string> {
  return new Set([...templateNames(join(resourcesDir, TEMPLATE_FOLDER)), ...templateNames(join(dir, TEMPLATE_FOLDER))]);
}
