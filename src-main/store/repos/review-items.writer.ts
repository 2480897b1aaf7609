// Review items as the trace import writes them: upserts by id, and each review group's order (its latest start).
import type { ReviewItemRecord } from '../../../src-shared/model';
import { sql } from 'kysely';
import type { Q } from '../sql/query';
import { fromExcluded, type Queries } from '../sql/statement';
import type { StoreContext } from '../store-context';

/** A review item as stored: its structured parts serialised, flags as 0/1 (the statement's parameters). */
export type ItemInsert = Readonly<
  Omit<ReviewItemRecord, RebuiltFromSpans | 'toolCalls' | 'flags' | 'truncated' | 'captured'> & {
    toolCalls: string;
    flags: string;
    truncated: 0 | 1;
    captured: 0 | 1;
    importedAt: number;
  }
>;

/** The item's conversation: not stored with it, but rebuilt from its trace's spans when the item is opened. */
export type RebuiltFromSpans = 'systemText' | 'input' | 'output';

const UPDATED_COLUMNS = [
  'span_id',
  'conversation_id',
  'agent_run_id',
  'group_key',
  'model',
  'input_text',
  'output_text',
  'tool_calls_json',
  'input_tokens',
  'output_tokens',
  'finish_reason',
  'truncated',
  'captured',
  'status',
  'started_at',
  'latency_ms',
  'provider',
  'convention',
  'llm_calls',
  'status_message',
  'flags_json',
  'imported_at',
] as const;

function prepareStatements(q: Queries) {
  const { db, dialect: d } = q;
  return {
    groupOf: q.prepare((a: { id: string }) => db.selectFrom('review_items').select('group_key').where('id', '=', a.id)),
    // A group's order is its latest start (-1: none). The SELECT's WHERE lets the upsert follow it (SQLite's parsing
    // rule), and GROUP BY makes it yield no row, so no group, when the group has no items left.
    refreshGroup: q.prepare(
      (a: { groupKey: string }) => sql`INSERT INTO review_groups (group_key, group_at)
        SELECT group_key, COALESCE(MAX(started_at), -1) FROM review_items WHERE group_key = ${a.groupKey} GROUP BY group_key
        ON CONFLICT (group_key) DO UPDATE SET group_at = excluded.group_at`,
    ),
    raiseGroup: q.prepare((a: { groupKey: string; groupAt: number }) =>
      db
        .insertInto('review_groups')
        .values({ group_key: a.groupKey, group_at: a.groupAt })
        .onConflict((oc) =>
          oc
            .column('group_key')
            .doUpdateSet({ group_at: d.greatest(sql.ref('review_groups.group_at'), sql.ref('excluded.group_at')) }),
        ),
    ),
    dropEmptyGroup: q.prepare((a: { groupKey: string }) =>
      db
        .deleteFrom('review_groups')
        .where('group_key', '=', a.groupKey)
        .where((eb) =>
          eb.not(
            eb.exists(eb.selectFrom('review_items').select(sql.lit(1).as('one')).where('group_key', '=', a.groupKey)),
          ),
        ),
    ),
    upsertItem: q.prepare((i: ItemInsert) =>
      db
        .insertInto('review_items')
        .values({
          id: i.id,
          trace_id: i.traceId,
          span_id: i.spanId,
          conversation_id: i.conversationId,
          agent_run_id: i.agentRunId,
          group_key: i.groupKey,
          model: i.model,
          input_text: i.inputText,
          output_text: i.outputText,
          tool_calls_json: i.toolCalls,
          input_tokens: i.inputTokens,
          output_tokens: i.outputTokens,
          finish_reason: i.finishReason,
          truncated: i.truncated,
          captured: i.captured,
          status: i.status,
          started_at: i.startedAt,
          latency_ms: i.latencyMs,
          imported_at: i.importedAt,
          provider: i.provider,
          convention: i.convention,
          llm_calls: i.llmCalls,
          status_message: i.statusMessage,
          flags_json: i.flags,
        })
        .onConflict((oc) => oc.column('id').doUpdateSet(fromExcluded(UPDATED_COLUMNS))),
    ),
  };
}

export class ReviewItemsWriter {
  private readonly statements;

  constructor({ q }: StoreContext) {
    this.statements = prepareStatements(q);
  }

  /**
   * Stores the items of traces new to the store (no item can exist for them yet): each group's latest start can
   * only rise, to the latest of its new items, so it is raised without reading the group back.
   */
  *insertNew(items: readonly ItemInsert[]): Q<void> {
    const latest = new Map<string, number>();
    for (const item of items) {
      yield* this.statements.upsertItem.run(item);
      latest.set(item.groupKey, Math.max(latest.get(item.groupKey) ?? -1, item.startedAt ?? -1));
    }
    for (const [groupKey, groupAt] of latest) yield* this.statements.raiseGroup.run({ groupKey, groupAt });
  }

  /** Upserts rebuilt items, then the order of each group they joined or (now with another group key) left. */
  *write(items: readonly ItemInsert[]): Q<void> {
    const joined = new Set<string>();
    const left = new Set<string>();
    for (const item of items) {
      const before = (yield* this.statements.groupOf.first({ id: item.id }))?.group_key;
      if (before !== undefined && before !== item.groupKey) left.add(before);
      yield* this.statements.upsertItem.run(item);
      joined.add(item.groupKey);
    }
    for (const groupKey of joined) yield* this.statements.refreshGroup.run({ groupKey });
    for (const groupKey of left) {
      yield* this.statements.refreshGroup.run({ groupKey });
      yield* this.statements.dropEmptyGroup.run({ groupKey });
    }
  }
}
