// A browser window just large enough for the router and the unsaved-work guards in Node: the hash fires `hashchange`
// (after the setter returns, as in a browser), `history.replaceState` rewrites the address, `document.title` is kept.
class FakeLocation {
  pathname = '/';
  search = '';
  #hash = '';
  constructor(private readonly target: EventTarget) {}
  get hash(): string {
    return this.#hash;
  }
  set hash(value: string) {
    const next = value === '' || value.startsWith('#') ? value : `#${value}`;
    if (next === this.#hash) return;
    this.#hash = next;
    setTimeout(() => this.target.dispatchEvent(new Event('hashchange')), 0);
  }
  /** What replaceState does to the hash part: no event. */
  replaced(url: string): void {
    const at = url.indexOf('#');
    this.#hash = at < 0 ? '' : url.slice(at);
  }
}

const target = new EventTarget();
const location = new FakeLocation(target);
const fakeWindow = Object.assign(target, { location });

Object.assign(globalThis, {
  window: fakeWindow,
  history: { state: null, replaceState: (_state: unknown, _title: string, url: string) => location.replaced(url) },
  document: { title: 'AI Eval' },
});

export { fakeWindow };
