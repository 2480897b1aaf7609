// Substring search shared by must_contain_any and must_not_contain.

/** The values found in `text`, in the order given; case-insensitive unless asked. */
export function findValues(text: string, values: readonly string[], caseSensitive: boolean): string[] {
  const haystack = caseSensitive ? text : text.toLowerCase();
  return values.filter((value) => value !== '' && haystack.includes(caseSensitive ? value : value.toLowerCase()));
}
