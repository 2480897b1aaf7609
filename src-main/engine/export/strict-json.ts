// Strict JSON as EEE's validator reads it: JSON.parse (which already refuses NaN and Infinity) plus no duplicate keys.
import { messageOf } from '../../../src-shared/text/message-of';

/** The first key that appears twice in one object of `text` (valid JSON), or undefined. */
export function duplicateKey(text: string): string | undefined {
  const stack: (Set<string> | null)[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '{') stack.push(new Set());
    else if (c === '[') stack.push(null);
    else if (c === '}' || c === ']') stack.pop();
    else if (c === '"') {
      const start = i;
      for (i += 1; text[i] !== '"'; i += 1) if (text[i] === '\\') i += 1;
      let next = i + 1;
      while (next < text.length && /\s/.test(text[next] as string)) next += 1;
      const keys = stack[stack.length - 1];
      if (text[next] === ':' && keys) {
        const key = JSON.parse(text.slice(start, i + 1)) as string;
        if (keys.has(key)) return key;
        keys.add(key);
      }
    }
  }
  return undefined;
}

/** JSON.parse's reason without the excerpt of the text it quotes (an error never echoes a file's content, docs/security.md). */
function withoutContent(error: unknown): string {
  const message = messageOf(error);
  const stripped = message.replace(/token '.*?'/, 'token').replace(/,?\s*".*$/s, '');
  return stripped || 'not JSON';
}

/** Parses `text` as strict JSON; throws with what is wrong (where JSON.parse says, or the duplicate key). */
export function parseStrictJson(text: string, what: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${what} is not valid JSON: ${withoutContent(error)}`, {
      cause: error,
    });
  }
  const duplicate = duplicateKey(text);
  if (duplicate !== undefined) throw new Error(`${what} has the key "${duplicate}" twice in one object`);
  return value;
}
