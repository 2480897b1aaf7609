// The review queue: filtered, grouped, counted and paged in SQL, with next/previous for keyboard navigation.
import type { QueueCounts, ReviewItem, TraceFilters, TraceGroup } from '../../../src-shared/model';
import type { Db } from '../db';
import { ITEM_COLUMNS, toReviewItem, type ReviewItemRow } from './review-item-row';

export type QueueQuery = TraceFilters & Readonly<{ groupKey?: string }>;
type Params = {
  model: string | null;
  from: number | null;
  to: number | null;
  status: string | null;
  labelState: string | null;
  tag: string | null;
  pattern: string | null;
  groupKey: string | null;
};
type Page = { offset: number; limit: number };

const LABELED = `LEFT JOIN labels l ON l.subject_type = 'review_item' AND l.subject_id = ri.id`;
// For counting groups, which needs no order: the planner picks the index the filters favour.
const ITEMS_FROM = `FROM review_items ri ${LABELED}`;
// In queue order: CROSS JOIN keeps review_groups the outer loop, so a page walks the groups' order index instead of
// sorting every item.
const FROM = `FROM review_groups g CROSS JOIN review_items ri ON ri.group_key = g.group_key ${LABELED}`;
const WHERE = `WHERE (@model IS NULL OR ri.model = @model)
  AND (@from IS NULL OR ri.started_at >= @from)
  AND (@to IS NULL OR ri.started_at < @to)
  AND (@status IS NULL OR ri.status = @status)
  AND (@labelState IS NULL
       OR (@labelState = 'unlabeled' AND l.verdict IS NULL)
       OR (@labelState = 'labeled' AND l.verdict IS NOT NULL)
       OR l.verdict = @labelState)
  AND (@tag IS NULL OR EXISTS (SELECT 1 FROM json_each(l.tags_json) WHERE json_each.value = @tag))
  AND (@pattern IS NULL OR ri.input_text LIKE @pattern ESCAPE '\\' OR ri.output_text LIKE @pattern ESCAPE '\\')
  AND (@groupKey IS NULL OR ri.group_key = @groupKey)`;
const COUNTS = `COUNT(*) AS items, COALESCE(SUM(l.verdict IS NOT NULL), 0) AS labeled,
  COALESCE(SUM(l.verdict = 'pass'), 0) AS pass, COALESCE(SUM(l.verdict = 'fail'), 0) AS fail, COALESCE(SUM(l.verdict = 'defer'), 0) AS defer`;
// Queue order: groups by their latest item (newest first; review_groups keeps it, indexed, up to date with the items),
// items inside a group in time order; ids break ties. The keyset conditions below spell the same order out, with a
// missing start time as -1 (NULL sorts first ascending, as -1 does).
const QUEUE_ORDER = 'g.group_at DESC, g.group_key, ri.started_at, ri.id';
const REVERSE_ORDER = 'g.group_at ASC, g.group_key DESC, ri.started_at DESC, ri.id DESC';
const SA = 'COALESCE(ri.started_at, -1)';
const AFTER = `(g.group_at < @ga OR (g.group_at = @ga AND (ri.group_key > @gk OR (ri.group_key = @gk
  AND (${SA} > @sa OR (${SA} = @sa AND ri.id > @id))))))`;
const BEFORE = `(g.group_at > @ga OR (g.group_at = @ga AND (ri.group_key < @gk OR (ri.group_key = @gk
  AND (${SA} < @sa OR (${SA} = @sa AND ri.id < @id))))))`;
const UNLABELED_ONLY = '(@unlabeledOnly = 0 OR l.verdict IS NULL)';

type Cursor = { ga: number; gk: string; sa: number; id: string };

type CountsRow = { items: number; labeled: number; pass: number; fail: number; defer: number };
type GroupRow = CountsRow & {
  key: string;
  title: string | null;
  models: string | null;
  errors: number;
  truncated: number;
  uncaptured: number;
  first_at: number | null;
  last_at: number | null;
};

const toCounts = (r: CountsRow): QueueCounts => ({ ...r, unlabeled: r.items - r.labeled });

function params(query: QueueQuery): Params {
  const text = query.text?.trim();
  return {
    model: query.model ?? null,
    from: query.from ?? null,
    to: query.to ?? null,
    status: query.status ?? null,
    labelState: query.labelState ?? null,
    tag: query.tag ?? null,
    pattern: text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
    groupKey: query.groupKey ?? null,
  };
}

export class ReviewQueueRepo {
  private readonly countsOf;
  private readonly groupCount;
  private readonly allGroups;
  private readonly groupsPage;
  private readonly itemsPage;
  private readonly cursorOf;
  private readonly nextOf;
  private readonly previousOf;
  private readonly positionOf;
  private readonly tagsOf;
  private readonly modelsOf;
  private readonly idsOf;

  constructor(db: Db) {
    this.countsOf = db.prepare<Params, CountsRow>(`SELECT ${COUNTS} ${FROM} ${WHERE}`);
    this.groupCount = db.prepare<Params, number>(`SELECT COUNT(DISTINCT ri.group_key) ${ITEMS_FROM} ${WHERE}`).pluck();
    // Without a filter every group counts, and review_groups holds exactly the groups that have items.
    this.allGroups = db.prepare<[], number>('SELECT COUNT(*) FROM review_groups').pluck();
    // The page's group keys come straight off the queue index (DISTINCT in index order stops after the page); only
    // those groups are then aggregated, instead of every group of the queue.
    this.groupsPage = db.prepare<Params & Page, GroupRow>(
      `WITH page AS (SELECT DISTINCT g.group_at, g.group_key ${FROM} ${WHERE}
                     ORDER BY g.group_at DESC, g.group_key LIMIT @limit OFFSET @offset)
       SELECT ri.group_key AS key, ${COUNTS}, COALESCE(SUM(ri.status = 'error'), 0) AS errors, SUM(ri.truncated) AS truncated,
         SUM(1 - ri.captured) AS uncaptured, MIN(ri.started_at) AS first_at, MAX(ri.started_at) AS last_at,
         json_group_array(DISTINCT ri.model) FILTER (WHERE ri.model IS NOT NULL) AS models,
         (SELECT x.input_text FROM review_items x WHERE x.group_key = ri.group_key ORDER BY x.started_at, x.id LIMIT 1) AS title
       ${FROM} ${WHERE} AND ri.group_key IN (SELECT group_key FROM page)
       GROUP BY ri.group_key ORDER BY MAX(g.group_at) DESC, key`,
    );
    this.itemsPage = db.prepare<Params & Page, ReviewItemRow>(
      `SELECT ${ITEM_COLUMNS} ${FROM} ${WHERE} ORDER BY ${QUEUE_ORDER} LIMIT @limit OFFSET @offset`,
    );
    this.cursorOf = db.prepare<{ id: string }, Cursor>(
      `SELECT g.group_at AS ga, ri.group_key AS gk, COALESCE(ri.started_at, -1) AS sa, ri.id
       FROM review_items ri JOIN review_groups g ON g.group_key = ri.group_key WHERE ri.id = @id`,
    );
    type Step = Params & Cursor & { unlabeledOnly: number };
    this.nextOf = db
      .prepare<Step, string>(
        `SELECT ri.id ${FROM} ${WHERE} AND ${UNLABELED_ONLY} AND ${AFTER} ORDER BY ${QUEUE_ORDER} LIMIT 1`,
      )
      .pluck();
    this.previousOf = db
      .prepare<Step, string>(
        `SELECT ri.id ${FROM} ${WHERE} AND ${UNLABELED_ONLY} AND ${BEFORE} ORDER BY ${REVERSE_ORDER} LIMIT 1`,
      )
      .pluck();
    this.positionOf = db.prepare<Params & Cursor, number>(`SELECT COUNT(*) ${FROM} ${WHERE} AND ${BEFORE}`).pluck();
    this.tagsOf = db.prepare<{ pattern: string | null; limit: number }, { tag: string; count: number }>(
      `SELECT j.value AS tag, COUNT(*) AS count FROM labels, json_each(labels.tags_json) AS j
       WHERE @pattern IS NULL OR j.value LIKE @pattern ESCAPE '\\' GROUP BY j.value ORDER BY count DESC, tag LIMIT @limit`,
    );
    this.modelsOf = db.prepare<[], { model: string; count: number }>(
      `SELECT model, COUNT(*) AS count FROM review_items WHERE model IS NOT NULL GROUP BY model ORDER BY count DESC, model`,
    );
    this.idsOf = db
      .prepare<Params & { limit: number }, string>(`SELECT ri.id ${FROM} ${WHERE} ORDER BY ${QUEUE_ORDER} LIMIT @limit`)
      .pluck();
  }

  /** Items and label progress of the filtered queue. */
  counts(query: QueueQuery): QueueCounts {
    return toCounts(this.countsOf.get(params(query))!);
  }

  groups(query: QueueQuery, offset: number, limit: number): { total: number; groups: TraceGroup[] } {
    const p = params(query);
    const groups = this.groupsPage.all({ ...p, offset, limit }).map((r) => ({
      ...toCounts(r),
      key: r.key,
      kind: r.key.startsWith('conversation:') ? ('conversation' as const) : ('agent_run' as const),
      title: r.title,
      models: r.models ? (JSON.parse(r.models) as string[]) : [],
      errors: r.errors,
      truncated: r.truncated,
      uncaptured: r.uncaptured,
      firstAt: r.first_at,
      lastAt: r.last_at,
    }));
    const unfiltered = Object.values(p).every((value) => value === null);
    return { total: (unfiltered ? this.allGroups.get() : this.groupCount.get(p)) ?? 0, groups };
  }

  items(query: QueueQuery, offset: number, limit: number): ReviewItem[] {
    return this.itemsPage.all({ ...params(query), offset, limit }).map(toReviewItem);
  }

  /** The next (or previous) item after `id` in queue order, optionally only unlabeled ones; position is 0-based. */
  neighbour(
    query: QueueQuery,
    id: string | null,
    forward: boolean,
    unlabeledOnly: boolean,
  ): { id: string; position: number } | undefined {
    const p = params(query);
    // Without a current item, start before the first (forward) or after the last (backward).
    const edge: Cursor = forward
      ? { ga: Number.MAX_SAFE_INTEGER, gk: '', sa: -2, id: '' }
      : { ga: -2, gk: '', sa: -2, id: '' };
    const cursor = (id === null ? undefined : this.cursorOf.get({ id })) ?? edge;
    const found = (forward ? this.nextOf : this.previousOf).get({
      ...p,
      ...cursor,
      unlabeledOnly: unlabeledOnly ? 1 : 0,
    });
    if (found === undefined) return undefined;
    return { id: found, position: this.positionOf.get({ ...p, ...this.cursorOf.get({ id: found })! }) ?? 0 };
  }

  /** The ids of the filtered queue in order (for labeling a whole group), at most `limit`. */
  ids(query: QueueQuery, limit: number): string[] {
    return this.idsOf.all({ ...params(query), limit });
  }

  /** Tags used on any label, most used first, for completion. */
  tags(prefix: string | undefined, limit: number): { tag: string; count: number }[] {
    const pattern = prefix ? `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    return this.tagsOf.all({ pattern, limit });
  }

  models(): { model: string; count: number }[] {
    return this.modelsOf.all();
  }
}
