// Calls and events of the trace review queue: import, the receiver, groups and items, navigation, promotion.
import { z } from 'zod';
import { boolean, int, nullableInt, nullableString, optionalString, string } from '../model/fields';
import { call, event, noInput } from '../rpc/define';
import {
  graderId,
  importProgress,
  importSummary,
  label,
  promoteOutcome,
  queueCounts,
  receiverStatus,
  reviewItem,
  reviewItemDetail,
  snakeId,
  traceFilters,
  traceGroup,
} from '../model';

const page = { offset: int.min(0).default(0), limit: int.min(1).max(500).default(50) };
const queue = { groupKey: optionalString, filters: traceFilters.default({}) };

export const tracesContract = {
  /**
   * Import OTLP trace files: JSON (one request, a list, or one per line), protobuf (one message or length-delimited),
   * gzipped or not. Re-importing is idempotent. Progress arrives as `traces.importProgressed`.
   */
  'traces.import': call(() => ({
    input: z.object({ paths: z.array(string.min(1)).min(1).max(1000) }),
    output: importSummary,
  })),
  /** Stop the running import after its current batch; what was read so far stays imported. */
  'traces.cancelImport': call(() => ({ input: noInput, output: z.object({ cancelled: boolean }) })),
  /** The review groups (conversations and agent runs) of the filtered queue, latest first, with their label counts. */
  'traces.groups': call(() => ({
    input: z.object({ filters: traceFilters.default({}), ...page }),
    output: z.object({ total: int, groups: z.array(traceGroup), counts: queueCounts }),
  })),
  /** Review items in queue order: of one group (`groupKey`), or of the whole filtered queue. */
  'traces.items': call(() => ({
    input: z.object({ ...queue, ...page }),
    output: z.object({ total: int, items: z.array(reviewItem) }),
  })),
  /** One review item: the conversation with its tool calls, the flags, its label and the trace's spans as context. */
  'traces.get': call(() => ({
    input: z.object({ id: string.min(1) }),
    output: z.object({ item: reviewItemDetail, label: label.nullable() }),
  })),
  /**
   * The item after (`next`, key j) or before (`previous`, key k) `id` in queue order, optionally only unlabeled ones;
   * `id: null` starts from the top (or bottom). `position` is the 0-based index in the queue, for paging to it.
   */
  'traces.neighbor': call(() => ({
    input: z.object({
      id: nullableString,
      direction: z.enum(['next', 'previous']),
      unlabeledOnly: boolean.default(false),
      ...queue,
    }),
    output: z.object({ id: nullableString, position: nullableInt }),
  })),
  /** Label progress of a queue (a group, or the filtered queue): items, labeled, unlabeled, pass, fail, defer. */
  'traces.counts': call(() => ({ input: z.object(queue), output: queueCounts })),
  /** Tags used on labels, most used first, for completion (`t`); `prefix` narrows them. */
  'traces.tags': call(() => ({
    input: z.object({ prefix: optionalString, limit: int.min(1).max(200).default(20) }),
    output: z.array(z.object({ tag: string, count: int })),
  })),
  /** The models seen in imported traces with their item counts, for the model filter. */
  'traces.models': call(() => ({ input: noInput, output: z.array(z.object({ model: string, count: int })) })),
  /**
   * Promote review items into a dataset (a new question each, appended to datasets/<id>.yaml with its comments kept)
   * or into a judge's gold set. The integrity guard refuses truncated or uncaptured items with the reason; the others
   * are still promoted. Exactly one of `dataset` and `judgeGrader`.
   */
  'traces.promote': call(() => ({
    input: z
      .object({
        ids: z.array(string.min(1)).min(1).max(1000),
        dataset: snakeId.optional(),
        judgeGrader: graderId.optional(),
      })
      .refine(
        (input) => (input.dataset === undefined) !== (input.judgeGrader === undefined),
        'give exactly one of dataset and judgeGrader',
      ),
    output: z.object({ promoted: int, refused: int, outcomes: z.array(promoteOutcome) }),
  })),
  /** The OTLP/HTTP receiver: whether it listens, on which port, and what it received. */
  'traces.receiverStatus': call(() => ({ input: noInput, output: receiverStatus })),
  /** Applies settings.otlp_receiver: starts the loopback receiver when enabled (restarting on a port change), else stops it. */
  'traces.receiverApply': call(() => ({ input: noInput, output: receiverStatus })),
  /** Progress of `traces.import`, per file. */
  'traces.importProgressed': event(() => importProgress),
  /** The receiver stored spans: the queue may have new or changed items. */
  'traces.received': event(() => z.object({ spans: int, reviewItems: int })),
} as const;
