// Reads back what a judge saw beside the answer (criteria, rubric, expected facts, tool calls) from its stored prompt.
import type { JudgeSaw } from '../../../../src-shared/model';
import { RUBRIC_HEADER_END } from '../rubric/criteria-with-rubric';
import { GROUND_TRUTH_HEADER, MUST_NOT_CONTAIN_HEADER } from './judge-grader';
import { NO_CRITERIA } from './judge-prompt';
import { TOOL_CALLS_HEADER } from './tool-calls-block';

const CRITERIA_FENCE = /<criteria>\n([\s\S]*?)\n<\/criteria>/;
/** The escape escapeFenceTags puts in front of a fence tag inside content. */
const ESCAPED_FENCE_TAG = /&lt;(\s*\/?\s*(?:question|criteria|agent_response)\b[^>]*)>/gi;

type BlockKind = 'rubric' | 'facts' | 'forbidden' | 'tools';

/** The kind of block a line opens, if it is one of the headers judge-grader and criteriaWithRubric write. */
function blockOpenedBy(line: string): BlockKind | undefined {
  if (line === GROUND_TRUTH_HEADER) return 'facts';
  if (line === MUST_NOT_CONTAIN_HEADER) return 'forbidden';
  if (line === TOOL_CALLS_HEADER) return 'tools';
  if (line.startsWith('Rubric ') && line.endsWith(RUBRIC_HEADER_END)) return 'rubric';
  return undefined;
}

const listItems = (lines: readonly string[]) =>
  lines.filter((line) => line.startsWith('- ')).map((line) => line.slice(2));

/** A must_not_contain phrase is written as a JSON string; anything else is shown as written. */
function unquote(phrase: string): string {
  try {
    const value: unknown = JSON.parse(phrase);
    return typeof value === 'string' ? value : phrase;
  } catch {
    return phrase;
  }
}

/** What the judge read in its criteria fence; undefined when the prompt has no such fence. */
export function judgeSawFromPrompt(prompt: string): JudgeSaw | undefined {
  const fenced = CRITERIA_FENCE.exec(prompt)?.[1];
  if (fenced === undefined) return undefined;
  const lines = fenced.replace(ESCAPED_FENCE_TAG, '<$1>').split('\n');
  const criteria: string[] = [];
  const blocks: { kind: BlockKind; header: string; lines: string[] }[] = [];
  lines.forEach((line, index) => {
    // A block starts on its header line at the top or after a blank line (how the parts are joined).
    const kind = index === 0 || lines[index - 1] === '' ? blockOpenedBy(line) : undefined;
    if (kind) blocks.push({ kind, header: line, lines: [] });
    else if (blocks.length > 0) blocks[blocks.length - 1]?.lines.push(line);
    else criteria.push(line);
  });
  const of = (kind: BlockKind) => blocks.find((block) => block.kind === kind);
  const rubric = of('rubric');
  const tools = of('tools');
  const own = criteria.join('\n').trim();
  return {
    criteria: own === '' || own === NO_CRITERIA ? null : own,
    rubric: rubric
      ? {
          label: rubric.header.slice('Rubric '.length, -RUBRIC_HEADER_END.length),
          checks: rubric.lines.filter((line) => line.trim() !== '').map((line) => line.replace(/^(\s*)- /, '$1')),
        }
      : null,
    expected_facts: listItems(of('facts')?.lines ?? []),
    must_not_contain: listItems(of('forbidden')?.lines ?? []).map(unquote),
    tool_calls: tools ? tools.lines.filter((line) => line.trim() !== '').map((line) => line.replace(/^- /, '')) : null,
  };
}
