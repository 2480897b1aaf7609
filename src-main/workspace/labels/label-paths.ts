// Where a judge's gold set, its reviewers' label files and its validations live in a workspace (docs/labels.md).
import { createHash } from 'node:crypto';
import { LABELS_DIR } from '../../../src-shared/model';

/** `labels/<grader>`: the folder of one judge's gold set. */
export const goldSetDir = (grader: string): string => `${LABELS_DIR}/${grader}`;

/** `labels/<grader>/items/<id>.yaml`: one gold item. */
export const itemFile = (grader: string, id: string): string => `${goldSetDir(grader)}/items/${id}.yaml`;

/** `labels/<grader>/reviewers/<name>.jsonl`: one reviewer's label lines. */
export const reviewerFile = (grader: string, reviewer: string): string =>
  `${goldSetDir(grader)}/reviewers/${reviewerSlug(reviewer)}.jsonl`;

/** `labels/<grader>/validations.jsonl`: every validation of the judge. */
export const validationsFile = (grader: string): string => `${goldSetDir(grader)}/validations.jsonl`;

/** The unnamed reviewer's file name: labels given before a name was set. */
export const UNNAMED_REVIEWER_FILE = 'unnamed';

/**
 * A reviewer's name as a file name every system and git accept: ASCII letters and digits joined by hyphens
 * ("Ana María" → "ana-maria"). Two names with one slug share a file; each line still names its reviewer.
 */
export function reviewerSlug(reviewer: string): string {
  const slug = reviewer
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  if (slug) return slug;
  // A name without Latin letters or digits ("田中") keeps a file of its own through a hash of the name.
  const hash = createHash('sha256').update(reviewer.trim()).digest('hex').slice(0, 8);
  return reviewer.trim() === '' ? UNNAMED_REVIEWER_FILE : `reviewer-${hash}`;
}
