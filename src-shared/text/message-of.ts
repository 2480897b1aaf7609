// What a failed call says: an Error's message, or whatever else was thrown as text.
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
