// Review items as the trace import writes them: upserts by id, and each review group's order (its latest start).
import type { ReviewItemRecord } from '../../../src-shared/model';
import type { Db } from '../db';

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

export class ReviewItemsWriter {
  private readonly groupOf;
  private readonly refreshGroup;
  private readonly dropEmptyGroup;
  private readonly raiseGroup;
  private readonly upsertItem;

  constructor(db: Db) {
    this.groupOf = db.prepare<{ id: string }, string>('SELECT group_key FROM review_items WHERE id = @id').pluck();
    // A group's order is its latest start (-1: none). The SELECT's WHERE lets the upsert follow it (SQLite's parsing
    // rule), and GROUP BY makes it yield no row, so no group, when the group has no items left.
    this.refreshGroup = db.prepare<{ groupKey: string }>(
      `INSERT INTO review_groups (group_key, group_at)
         SELECT group_key, COALESCE(MAX(started_at), -1) FROM review_items WHERE group_key = @groupKey GROUP BY group_key
       ON CONFLICT (group_key) DO UPDATE SET group_at = excluded.group_at`,
    );
    this.raiseGroup = db.prepare<{ groupKey: string; groupAt: number }>(
      `INSERT INTO review_groups (group_key, group_at) VALUES (@groupKey, @groupAt)
       ON CONFLICT (group_key) DO UPDATE SET group_at = MAX(group_at, excluded.group_at)`,
    );
    this.dropEmptyGroup = db.prepare<{ groupKey: string }>(
      `DELETE FROM review_groups WHERE group_key = @groupKey
         AND NOT EXISTS (SELECT 1 FROM review_items WHERE group_key = @groupKey)`,
    );
    // Positional, as the spans' insert: bound by name, they cost measurably more CPU per item (upsertItemRow).
    this.upsertItem = db.prepare<unknown[]>(
      `INSERT INTO review_items (id, trace_id, span_id, conversation_id, agent_run_id, group_key, model, input_text, output_text,
         tool_calls_json, input_tokens, output_tokens, finish_reason, truncated, captured, status, started_at, latency_ms, imported_at,
         provider, convention, llm_calls, status_message, flags_json)
       VALUES (${Array(24).fill('?').join(', ')})
       ON CONFLICT (id) DO UPDATE SET span_id = excluded.span_id, conversation_id = excluded.conversation_id,
         agent_run_id = excluded.agent_run_id, group_key = excluded.group_key, model = excluded.model, input_text = excluded.input_text,
         output_text = excluded.output_text, tool_calls_json = excluded.tool_calls_json, input_tokens = excluded.input_tokens,
         output_tokens = excluded.output_tokens, finish_reason = excluded.finish_reason, truncated = excluded.truncated,
         captured = excluded.captured, status = excluded.status, started_at = excluded.started_at, latency_ms = excluded.latency_ms,
         provider = excluded.provider, convention = excluded.convention, llm_calls = excluded.llm_calls,
         status_message = excluded.status_message, flags_json = excluded.flags_json, imported_at = excluded.imported_at`,
    );
  }

  /**
   * Stores the items of traces new to the store (no item can exist for them yet): each group's latest start can
   * only rise, to the latest of its new items, so it is raised without reading the group back.
   */
  insertNew(items: readonly ItemInsert[]): void {
    const latest = new Map<string, number>();
    for (const item of items) {
      this.upsertItemRow(item);
      latest.set(item.groupKey, Math.max(latest.get(item.groupKey) ?? -1, item.startedAt ?? -1));
    }
    for (const [groupKey, groupAt] of latest) this.raiseGroup.run({ groupKey, groupAt });
  }

  /** Upserts rebuilt items, then the order of each group they joined or (now with another group key) left. */
  write(items: readonly ItemInsert[]): void {
    const joined = new Set<string>();
    const left = new Set<string>();
    for (const item of items) {
      const before = this.groupOf.get({ id: item.id });
      if (before !== undefined && before !== item.groupKey) left.add(before);
      this.upsertItemRow(item);
      joined.add(item.groupKey);
    }
    for (const groupKey of joined) this.refreshGroup.run({ groupKey });
    for (const groupKey of left) {
      this.refreshGroup.run({ groupKey });
      this.dropEmptyGroup.run({ groupKey });
    }
  }

  /** Inserts the item, or replaces the stored one of its trace. */
  private upsertItemRow(i: ItemInsert): void {
    this.upsertItem.run(
      i.id,
      i.traceId,
      i.spanId,
      i.conversationId,
      i.agentRunId,
      i.groupKey,
      i.model,
      i.inputText,
      i.outputText,
      i.toolCalls,
      i.inputTokens,
      i.outputTokens,
      i.finishReason,
      i.truncated,
      i.captured,
      i.status,
      i.startedAt,
      i.latencyMs,
      i.importedAt,
      i.provider,
      i.convention,
      i.llmCalls,
      i.statusMessage,
      i.flags,
    );
  }
}
