// Counts in words: "1 question", "3 questions", so no message says "1 datasets" or "item(s)".

/** `n` and the word in the number it needs: plural(1, 'run') = "1 run", plural(2, 'match', 'matches') = "2 matches". */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
