// markdown_structure: required headings, a maximum heading depth, a minimum of list items, a code block.
import { executed, type CheckExecutor } from '../rubric/check-executor';
import { CHECK_KIND_SCHEMAS } from '../../../../src-shared/model';

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/gm;
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d+[.)])[ \t]+\S/gm;
const CODE_FENCE = /^ {0,3}(```|~~~)/m;

export const markdownStructureCheck: CheckExecutor<'markdown_structure'> = {
  kind: 'markdown_structure',
  schema: CHECK_KIND_SCHEMAS.markdown_structure,
  async execute(check, context) {
    const headings = [...context.response.matchAll(HEADING)].map((match) => ({
      depth: match[1]?.length ?? 0,
      text: (match[2] ?? '').trim().toLowerCase(),
    }));
    const requirements: { met: boolean; failure: string }[] = [];
    for (const required of check.required_headings) {
      requirements.push({
        met: headings.some((heading) => heading.text === required.trim().toLowerCase()),
        failure: `no heading "${required}"`,
      });
    }
    if (check.max_heading_depth !== undefined) {
      const deepest = Math.max(0, ...headings.map((heading) => heading.depth));
      requirements.push({
        met: deepest <= check.max_heading_depth,
        failure: `a heading of depth ${deepest} (at most ${check.max_heading_depth})`,
      });
    }
    if (check.min_list_items !== undefined) {
      const items = context.response.match(LIST_ITEM)?.length ?? 0;
      requirements.push({
        met: items >= check.min_list_items,
        failure: `${items} list items (at least ${check.min_list_items})`,
      });
    }
    if (check.require_code_block)
      requirements.push({ met: CODE_FENCE.test(context.response), failure: 'no fenced code block' });
    if (requirements.length === 0) return executed(1, true, 'no structure required');
    const failures = requirements.filter((requirement) => !requirement.met).map((requirement) => requirement.failure);
    const score = (requirements.length - failures.length) / requirements.length;
    return executed(
      score,
      failures.length === 0,
      failures.length === 0 ? `all ${requirements.length} structure requirements met` : failures.join('; '),
    );
  },
};
