// A preflight problem or a local model finding as one line of a terminal, with its fix.
import type { LocalFinding } from '../contract/run-batch.contract';
import type { PreflightProblem } from '../contract/runs.contract';

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' | ').trim();

/** One problem on one line (a server's multi-line stderr folded), with its fix. */
export const problemLine = (problem: PreflightProblem): string =>
  `${oneLine(problem.subject)}: ${oneLine(problem.problem)}; fix: ${oneLine(problem.fix)}`;

/** One line per finding, with the command that fixes it. */
export const findingLine = (finding: Pick<LocalFinding, 'level' | 'message' | 'fix'>): string =>
  `${finding.level}: ${finding.message}${finding.fix ? `; run: ${finding.fix}` : ''}`;
