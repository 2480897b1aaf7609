// Parses a large RPC answer off the page's main thread: the JSON of a 1 MB answer takes tens of ms to parse there,
// while handing the parsed value back is a copy.
self.onmessage = (event: MessageEvent<{ id: number; bytes: ArrayBuffer }>) => {
  const { id, bytes } = event.data;
  let value: unknown = null;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    // null: the transport reports an answer without a result.
  }
  self.postMessage({ id, value });
};
