// chrF and chrF++ exactly as sacrebleu 2.x computes a sentence score (docs/workspace.md), on a 0-1 scale.

/** Python's str.isspace() set: what str.split() splits on (NBSP and U+2028 included, U+FEFF not). */
const PY_WHITESPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003,
  0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

/** sacrebleu's string.punctuation, split off the start or end of a word for chrF++ word n-grams. */
const PUNCTUATION = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');

const CHAR_ORDER = 6;
const BETA = 2;

export type ChrfOptions = Readonly<{ wordOrder?: 0 | 1 | 2 }>;

type Counts = Map<string, number>;

/** Sentence chrF (word order 0) or chrF++ (word order 2) of a hypothesis against one reference, in [0,1]. */
export function chrf(hypothesis: string, reference: string, options: ChrfOptions = {}): number {
  const wordOrder = options.wordOrder ?? 0;
  const hyp = allNgrams(hypothesis, wordOrder);
  const ref = allNgrams(reference, wordOrder);
  const stats = hyp.map((counts, order) => matchStatistics(counts, ref[order] ?? new Map()));
  return fScore(stats);
}

/** Python's str.split(): runs of whitespace separate words; each word as an array of code points. */
function pySplit(text: string): string[][] {
  const words: string[][] = [];
  let word: string[] = [];
  for (const char of text) {
    if (PY_WHITESPACE.has(char.codePointAt(0) ?? 0)) {
      if (word.length > 0) words.push(word);
      word = [];
    } else word.push(char);
  }
  if (word.length > 0) words.push(word);
  return words;
}

function allNgrams(text: string, wordOrder: number): Counts[] {
  const words = pySplit(text);
  const chars = words.flat();
  const counters: Counts[] = [];
  for (let n = 1; n <= CHAR_ORDER; n++) counters.push(ngrams(chars, n, ''));
  const tokens = wordOrder > 0 ? splitPunctuation(words) : [];
  for (let n = 1; n <= wordOrder; n++) counters.push(ngrams(tokens, n, ' '));
  return counters;
}

/** sacrebleu's _remove_punctuation: one punctuation mark split off the end, else off the start, of a longer word. */
function splitPunctuation(words: readonly string[][]): string[] {
  const tokens: string[] = [];
  for (const word of words) {
    const first = word[0] ?? '';
    const last = word[word.length - 1] ?? '';
    if (word.length === 1) tokens.push(first);
    else if (PUNCTUATION.has(last)) tokens.push(word.slice(0, -1).join(''), last);
    else if (PUNCTUATION.has(first)) tokens.push(first, word.slice(1).join(''));
    else tokens.push(word.join(''));
  }
  return tokens;
}

function ngrams(items: readonly string[], n: number, separator: string): Counts {
  const counts: Counts = new Map();
  for (let i = 0; i + n <= items.length; i++) {
    const gram = items.slice(i, i + n).join(separator);
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

/** [hypothesis n-grams, reference n-grams, matches]; hypothesis n-grams count only when the reference has some. */
function matchStatistics(hyp: Counts, ref: Counts): [number, number, number] {
  let hypCount = 0;
  let matches = 0;
  for (const [gram, count] of hyp) {
    hypCount += count;
    matches += Math.min(count, ref.get(gram) ?? 0);
  }
  let refCount = 0;
  for (const count of ref.values()) refCount += count;
  return [ref.size > 0 ? hypCount : 0, refCount, matches];
}

/** Precision and recall averaged over the orders both sides have (sacrebleu's effective order), then F-beta. */
function fScore(stats: ReadonlyArray<readonly [number, number, number]>): number {
  const factor = BETA ** 2;
  let avgPrecision = 0;
  let avgRecall = 0;
  let effectiveOrder = 0;
  for (const [hypCount, refCount, matches] of stats) {
    if (hypCount > 0 && refCount > 0) {
      avgPrecision += matches / hypCount;
      avgRecall += matches / refCount;
      effectiveOrder += 1;
    }
  }
  if (effectiveOrder === 0) return 0;
  avgPrecision /= effectiveOrder;
  avgRecall /= effectiveOrder;
  if (avgPrecision + avgRecall === 0) return 0;
  return ((1 + factor) * avgPrecision * avgRecall) / (factor * avgPrecision + avgRecall);
}
