// Text normalisation for fact_match and target_match: NFKC, case-folded, punctuation dropped, whitespace collapsed.

/** "EUR 4,500." and "eur 4500" normalise alike; letters and digits of every script are kept. */
export const normalizeText = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(?<=\d)[,.](?=\d{3}\b)/gu, '')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
