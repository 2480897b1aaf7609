// The review queue: filtered, grouped, counted and paged in SQL, with next/previous for keyboard navigation.
import { sql, type RawBuilder } from 'kysely';
import type { QueueCounts, ReviewItem, TraceFilters, TraceGroup } from '../../../src-shared/model';
import { escapeLike } from '../sql/dialect';
import type { Q } from '../sql/query';
import type { Queries } from '../sql/statement';
import type { StoreContext } from '../store-context';
import { ITEM_COLUMNS, toReviewItem, type ReviewItemRow } from './review-item-row';

export type QueueQuery = TraceFilters & Readonly<{ groupKey?: string }>;
type Fragment = RawBuilder<unknown>;

const LABELED = sql`LEFT JOIN labels l ON l.subject_type = 'review_item' AND l.subject_id = ri.id`;
// For counting groups, which needs no order: the planner picks the index the filters favour.
const ITEMS_FROM = sql`FROM review_items ri ${LABELED}`;
const COUNTS = sql`COUNT(*) AS items, COUNT(*) FILTER (WHERE l.verdict IS NOT NULL) AS labeled,
  COUNT(*) FILTER (WHERE l.verdict = 'pass') AS pass, COUNT(*) FILTER (WHERE l.verdict = 'fail') AS fail,
  COUNT(*) FILTER (WHERE l.verdict = 'defer') AS defer`;
// Queue order: groups by their latest item (newest first; review_groups keeps it, indexed, up to date with the items),
// items inside a group in time order, a missing start first; ids break ties. The keyset conditions below spell the
// same order out, with a missing start time as -1.
const QUEUE_ORDER = sql`g.group_at DESC, g.group_key, ri.started_at ASC NULLS FIRST, ri.id`;
const REVERSE_ORDER = sql`g.group_at ASC, g.group_key DESC, ri.started_at DESC NULLS LAST, ri.id DESC`;
const SA = sql`COALESCE(ri.started_at, -1)`;

type Cursor = { ga: number; gk: string; sa: number; id: string };

const after = (c: Cursor) => sql`(g.group_at < ${c.ga} OR (g.group_at = ${c.ga} AND (ri.group_key > ${c.gk}
  OR (ri.group_key = ${c.gk} AND (${SA} > ${c.sa} OR (${SA} = ${c.sa} AND ri.id > ${c.id}))))))`;
const before = (c: Cursor) => sql`(g.group_at > ${c.ga} OR (g.group_at = ${c.ga} AND (ri.group_key < ${c.gk}
  OR (ri.group_key = ${c.gk} AND (${SA} < ${c.sa} OR (${SA} = ${c.sa} AND ri.id < ${c.id}))))))`;

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

function prepareStatements(q: Queries) {
  const { db } = q;
  return {
    // Without a filter every group counts, and review_groups holds exactly the groups that have items.
    allGroups: q.prepare(() => db.selectFrom('review_groups').select((eb) => eb.fn.countAll<number>().as('n'))),
    cursorOf: q.prepare(
      (a: {
        id: string;
      }) => sql<Cursor>`SELECT g.group_at AS ga, ri.group_key AS gk, COALESCE(ri.started_at, -1) AS sa, ri.id
        FROM review_items ri JOIN review_groups g ON g.group_key = ri.group_key WHERE ri.id = ${a.id}`,
    ),
    modelsOf: q.prepare(() =>
      db
        .selectFrom('review_items')
        .select((eb) => ['model', eb.fn.countAll<number>().as('count')])
        .where('model', 'is not', null)
        .groupBy('model')
        .orderBy('count', 'desc')
        .orderBy('model')
        .$narrowType<{ model: string }>(),
    ),
  };
}

export class ReviewQueueRepo {
  private readonly q: Queries;
  /** In queue order: the join keeps review_groups the outer loop, so a page walks the groups' order index. */
  private readonly from: Fragment;
  private readonly statements;

  constructor({ q }: StoreContext) {
    this.q = q;
    this.from = sql`FROM review_groups g ${q.dialect.joinInOrder} review_items ri ON ri.group_key = g.group_key ${LABELED}`;
    this.statements = prepareStatements(q);
  }

  /** The query's filters as one WHERE clause (TRUE when none). */
  private where(query: QueueQuery): Fragment {
    const d = this.q.dialect;
    const conditions: Fragment[] = [];
    if (query.model !== undefined) conditions.push(sql`ri.model = ${query.model}`);
    if (query.from !== undefined) conditions.push(sql`ri.started_at >= ${query.from}`);
    if (query.to !== undefined) conditions.push(sql`ri.started_at < ${query.to}`);
    if (query.status !== undefined) conditions.push(sql`ri.status = ${query.status}`);
    if (query.labelState === 'unlabeled') conditions.push(sql`l.verdict IS NULL`);
    else if (query.labelState === 'labeled') conditions.push(sql`l.verdict IS NOT NULL`);
    else if (query.labelState !== undefined) conditions.push(sql`l.verdict = ${query.labelState}`);
    if (query.tag !== undefined)
      conditions.push(
        sql`EXISTS (SELECT 1 FROM ${d.jsonElements(sql.ref('l.tags_json'), 't')} WHERE t.value = ${query.tag})`,
      );
    const text = query.text?.trim();
    if (text) {
      const pattern = `%${escapeLike(text)}%`;
      conditions.push(
        sql`(${d.likeAnyCase(sql.ref('ri.input_text'), sql.val(pattern))} OR ${d.likeAnyCase(sql.ref('ri.output_text'), sql.val(pattern))})`,
      );
    }
    if (query.groupKey !== undefined) conditions.push(sql`ri.group_key = ${query.groupKey}`);
    return conditions.length === 0 ? sql`WHERE TRUE` : sql`WHERE ${sql.join(conditions, sql` AND `)}`;
  }

  /** Items and label progress of the filtered queue. */
  *counts(query: QueueQuery): Q<QueueCounts> {
    const row = yield* this.q.first(sql<CountsRow>`SELECT ${COUNTS} ${this.from} ${this.where(query)}`);
    return toCounts(row!);
  }

  *groups(query: QueueQuery, offset: number, limit: number): Q<{ total: number; groups: TraceGroup[] }> {
    const where = this.where(query);
    const { from } = this;
    // The page's group keys come straight off the queue index (DISTINCT in index order stops after the page); only
    // those groups are then aggregated, instead of every group of the queue.
    const rows = yield* this.q.all(sql<GroupRow>`
      WITH page AS (SELECT DISTINCT g.group_at, g.group_key ${from} ${where}
                    ORDER BY g.group_at DESC, g.group_key LIMIT ${limit} OFFSET ${offset})
      SELECT ri.group_key AS key, ${COUNTS}, COUNT(*) FILTER (WHERE ri.status = 'error') AS errors,
        SUM(ri.truncated) AS truncated, SUM(1 - ri.captured) AS uncaptured, MIN(ri.started_at) AS first_at,
        MAX(ri.started_at) AS last_at, ${this.q.dialect.jsonArrayOfDistinct(sql.ref('ri.model'))} AS models,
        (SELECT x.input_text FROM review_items x WHERE x.group_key = ri.group_key
         ORDER BY x.started_at ASC NULLS FIRST, x.id LIMIT 1) AS title
      ${from} ${where} AND ri.group_key IN (SELECT group_key FROM page)
      GROUP BY ri.group_key ORDER BY MAX(g.group_at) DESC, key`);
    const groups = rows.map((r) => ({
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
    const unfiltered = Object.values(query).every((value) => value === undefined);
    const [total] = unfiltered
      ? yield* this.statements.allGroups.column<number>({})
      : yield* this.q.column<number>(sql`SELECT COUNT(DISTINCT ri.group_key) ${ITEMS_FROM} ${where}`);
    return { total: total ?? 0, groups };
  }

  *items(query: QueueQuery, offset: number, limit: number): Q<ReviewItem[]> {
    const rows = yield* this.q.all(
      sql<ReviewItemRow>`SELECT ${sql.raw(ITEM_COLUMNS)} ${this.from} ${this.where(query)}
        ORDER BY ${QUEUE_ORDER} LIMIT ${limit} OFFSET ${offset}`,
    );
    return rows.map(toReviewItem);
  }

  /** The next (or previous) item after `id` in queue order, optionally only unlabeled ones; position is 0-based. */
  *neighbour(
    query: QueueQuery,
    id: string | null,
    forward: boolean,
    unlabeledOnly: boolean,
  ): Q<{ id: string; position: number } | undefined> {
    const where = this.where(query);
    // Without a current item, start before the first (forward) or after the last (backward).
    const edge: Cursor = forward
      ? { ga: Number.MAX_SAFE_INTEGER, gk: '', sa: -2, id: '' }
      : { ga: -2, gk: '', sa: -2, id: '' };
    const cursor = (id === null ? undefined : yield* this.statements.cursorOf.first({ id })) ?? edge;
    const unlabeled = unlabeledOnly ? sql`AND l.verdict IS NULL` : sql``;
    const [found] = yield* this.q.column<string>(
      forward
        ? sql`SELECT ri.id ${this.from} ${where} ${unlabeled} AND ${after(cursor)} ORDER BY ${QUEUE_ORDER} LIMIT 1`
        : sql`SELECT ri.id ${this.from} ${where} ${unlabeled} AND ${before(cursor)} ORDER BY ${REVERSE_ORDER} LIMIT 1`,
    );
    if (found === undefined) return undefined;
    const at = (yield* this.statements.cursorOf.first({ id: found }))!;
    const [position] = yield* this.q.column<number>(sql`SELECT COUNT(*) ${this.from} ${where} AND ${before(at)}`);
    return { id: found, position: position ?? 0 };
  }

  /** The ids of the filtered queue in order (for labeling a whole group), at most `limit`. */
  ids(query: QueueQuery, limit: number): Q<string[]> {
    return this.q.column<string>(
      sql`SELECT ri.id ${this.from} ${this.where(query)} ORDER BY ${QUEUE_ORDER} LIMIT ${limit}`,
    );
  }

  /** Tags used on any label, most used first, for completion. */
  tags(prefix: string | undefined, limit: number): Q<{ tag: string; count: number }[]> {
    const d = this.q.dialect;
    const matching = prefix
      ? sql`WHERE ${d.likeAnyCase(sql.ref('j.value'), sql.val(`${escapeLike(prefix)}%`))}`
      : sql``;
    return this.q.all(
      sql<{ tag: string; count: number }>`SELECT j.value AS tag, COUNT(*) AS count
        FROM labels CROSS JOIN ${d.jsonElements(sql.ref('labels.tags_json'), 'j')} ${matching}
        GROUP BY j.value ORDER BY count DESC, tag LIMIT ${limit}`,
    );
  }

  models(): Q<{ model: string; count: number }[]> {
    return this.statements.modelsOf.all({});
  }
}
