// Linear-time walks over one trace's parent links (depths, innermost LLM calls): iterative, memoised, cycle-safe, so a
// 100,000-deep chain or a 100,000-wide fan costs one pass, never calls × depth or a recursion that overflows the stack.
import type { LlmCall } from './llm-call';
import type { SpanCore } from './span';

/** Depths beyond this (or in a parent cycle) count as this deep: only their order near the root matters. */
export const MAX_DEPTH = 1000;

/** Each span's number of imported ancestors (capped at MAX_DEPTH; a parent cycle counts as MAX_DEPTH), in one pass. */
export function depthOf(byId: ReadonlyMap<string, SpanCore>): (span: SpanCore) => number {
  const depths = new Map<string, number>();
  const nodeDepth = (start: SpanCore): number => {
    const path: SpanCore[] = [];
    const onPath = new Set<string>();
    let base = -1;
    for (let node: SpanCore | undefined = start; node;) {
      const known = depths.get(node.spanId);
      if (known !== undefined) {
        base = known;
        break;
      }
      if (onPath.has(node.spanId)) {
        base = MAX_DEPTH - 1; // a cycle: everything on it, and below it, is "too deep"
        break;
      }
      path.push(node);
      onPath.add(node.spanId);
      const parent: SpanCore | undefined = node.parentSpanId ? byId.get(node.parentSpanId) : undefined;
      if (!parent) {
        depths.set(path.pop()!.spanId, 0);
        base = 0;
        break;
      }
      node = parent;
    }
    for (let i = path.length - 1; i >= 0; i--) depths.set(path[i]!.spanId, (base = Math.min(MAX_DEPTH, base + 1)));
    return depths.get(start.spanId)!;
  };
  return (span) => {
    const parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
    return parent ? Math.min(MAX_DEPTH, 1 + nodeDepth(parent)) : 0;
  };
}

/**
 * Double instrumentation (a framework span around a provider span): keep the inner call, filling what it lacks from
 * its nearest enclosing calls of the same model (or of no model), and drop those enclosing calls. One depth-first pass
 * over the calls' own tree, with a stack per model, instead of a walk to the root from every call.
 */
export function innermostCalls(calls: LlmCall[], byId: ReadonlyMap<string, SpanCore>): LlmCall[] {
  const bySpan = new Map(calls.map((call) => [call.span.spanId, call]));
  const outerCall = enclosingCalls(bySpan, byId);
  const children = new Map<string, LlmCall[]>();
  const roots: LlmCall[] = [];
  for (const call of bySpan.values()) {
    const outer = outerCall.get(call.span.spanId);
    if (outer)
      (children.get(outer.span.spanId) ?? children.set(outer.span.spanId, []).get(outer.span.spanId)!).push(call);
    else roots.push(call);
  }

  const filled = new Map<string, LlmCall>();
  const dropped = new Set<string>();
  const fields = ['input', 'output', 'system'] as const;
  // Enclosing calls on the current path, per model ('' for none): all of them, and those holding each field.
  const path = new Map<string, LlmCall[]>();
  const holding = new Map<string, LlmCall[]>(); // key: field + '\0' + model
  const any = { input: [] as LlmCall[], output: [] as LlmCall[], system: [] as LlmCall[] };
  const depth = new Map<string, number>();
  const stackOf = <K>(map: Map<K, LlmCall[]>, key: K) => map.get(key) ?? map.set(key, []).get(key)!;
  const nearest = (field: (typeof fields)[number], model: string | null): LlmCall | undefined => {
    if (!model) return any[field].at(-1);
    const same = holding.get(`${field}\0${model}`)?.at(-1);
    const unnamed = holding.get(`${field}\0`)?.at(-1);
    if (!same || !unnamed) return same ?? unnamed;
    return depth.get(same.span.spanId)! > depth.get(unnamed.span.spanId)! ? same : unnamed;
  };
  const hasBelow = new Set<string>(); // calls with any call below them
  const hasUnnamedBelow = new Set<string>(); // calls with a call of no model below them
  const hasSameBelow = new Set<string>(); // calls with a call of their own model below them

  for (const root of roots) {
    const todo: { call: LlmCall; leaving: boolean }[] = [{ call: root, leaving: false }];
    const trail: LlmCall[] = [];
    while (todo.length) {
      const { call, leaving } = todo.pop()!;
      const id = call.span.spanId;
      const model = call.model || '';
      if (leaving) {
        trail.pop();
        stackOf(path, model).pop();
        for (const field of fields) {
          if (call[field] == null) continue;
          any[field].pop();
          stackOf(holding, `${field}\0${model}`).pop();
        }
        const outer = trail.at(-1);
        if (outer) {
          hasBelow.add(outer.span.spanId);
          if (!call.model || hasUnnamedBelow.has(id)) hasUnnamedBelow.add(outer.span.spanId);
        }
        const sameAbove = model ? path.get(model)?.at(-1) : undefined;
        if (sameAbove) hasSameBelow.add(sameAbove.span.spanId);
        if (model ? hasSameBelow.has(id) || hasUnnamedBelow.has(id) : hasBelow.has(id)) dropped.add(id);
        continue;
      }
      depth.set(id, trail.length);
      filled.set(id, {
        ...call,
        input: call.input ?? nearest('input', call.model)?.input,
        output: call.output ?? nearest('output', call.model)?.output,
        system: call.system ?? nearest('system', call.model)?.system ?? null,
      });
      trail.push(call);
      stackOf(path, model).push(call);
      for (const field of fields) {
        if (call[field] == null) continue;
        any[field].push(call);
        stackOf(holding, `${field}\0${model}`).push(call);
      }
      todo.push({ call, leaving: true });
      for (const child of children.get(id) ?? []) todo.push({ call: child, leaving: false });
    }
  }
  return [...bySpan.values()]
    .filter((call) => !dropped.has(call.span.spanId))
    .map((call) => filled.get(call.span.spanId)!);
}

/** Each call's nearest enclosing call (through spans that are not calls), memoised; a parent cycle is cut where found. */
function enclosingCalls(
  bySpan: ReadonlyMap<string, LlmCall>,
  byId: ReadonlyMap<string, SpanCore>,
): Map<string, LlmCall | null> {
  const above = new Map<string, LlmCall | null>(); // span id -> nearest call strictly above it
  for (const call of bySpan.values()) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let found: LlmCall | null = null;
    for (let id: string | null = call.span.spanId; id !== null;) {
      const known = above.get(id);
      if (known !== undefined) {
        found = known;
        break;
      }
      path.push(id);
      onPath.add(id);
      const parentId: string | null = (id === call.span.spanId ? call.span : byId.get(id))?.parentSpanId ?? null;
      if (!parentId || onPath.has(parentId) || (!byId.has(parentId) && !bySpan.has(parentId))) break;
      const parentCall = bySpan.get(parentId);
      if (parentCall) {
        found = parentCall;
        break;
      }
      id = parentId;
    }
    for (let i = path.length - 1; i >= 0; i--) {
      above.set(path[i]!, found);
      if (bySpan.has(path[i]!)) found = bySpan.get(path[i]!)!;
    }
  }
  // Cut cycles among calls themselves (a call above its own ancestor) so the calls form a forest.
  const state = new Map<string, 'open' | 'done'>();
  for (const call of bySpan.values()) {
    const chain: string[] = [];
    for (let id: string | null = call.span.spanId; id !== null && !state.has(id);) {
      state.set(id, 'open');
      chain.push(id);
      const next: string | null = above.get(id)?.span.spanId ?? null;
      if (next !== null && state.get(next) === 'open') above.set(id, null);
      id = next;
    }
    for (const id of chain) state.set(id, 'done');
  }
  return above;
}
