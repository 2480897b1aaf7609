// The default check executors, one per rubric check kind (docs/workspace.md).
import { checkRegistry } from './check-executor';
import { commandCheck } from '../checks/command.check';
import { compositeCheck } from '../checks/composite.check';
import { factMatchCheck } from '../checks/fact-match.check';
import { formatCheck } from '../checks/format.check';
import { jsonSchemaCheck } from '../checks/json-schema.check';
import { llmJudgeCheck } from '../checks/llm-judge.check';
import { markdownStructureCheck } from '../checks/markdown-structure.check';
import { mustContainAnyCheck } from '../checks/must-contain-any.check';
import { mustNotContainCheck } from '../checks/must-not-contain.check';
import { regexCheck } from '../checks/regex.check';
import { scoreDeltaCheck } from '../checks/score-delta.check';
import { targetMatchCheck } from '../checks/target-match.check';
import { toolUsageCheck } from '../checks/tool-usage.check';

export const DEFAULT_CHECKS = checkRegistry(
  mustContainAnyCheck,
  mustNotContainCheck,
  regexCheck,
  jsonSchemaCheck,
  markdownStructureCheck,
  formatCheck,
  factMatchCheck,
  toolUsageCheck,
  targetMatchCheck,
  llmJudgeCheck,
  scoreDeltaCheck,
  commandCheck,
  compositeCheck,
);
