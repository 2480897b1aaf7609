// Parses content attributes that should be JSON but are sometimes Python reprs (the v1.26 semconv example uses them).

/** JSON.parse, else a Python literal (single quotes, True/False/None); undefined when neither parses. */
export function parseLooseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    try {
      const parser = new PythonLiteral(text);
      const value = parser.value();
      parser.space();
      return parser.atEnd() ? value : undefined;
    } catch {
      return undefined;
    }
  }
}

class PythonLiteral {
  private pos = 0;

  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  space(): void {
    while (/\s/.test(this.text[this.pos] ?? '')) this.pos++;
  }

  value(): unknown {
    this.space();
    const c = this.text[this.pos];
    if (c === '[' || c === '(') return this.sequence(c === '[' ? ']' : ')');
    if (c === '{') return this.mapping();
    if (c === "'" || c === '"') return this.string(c);
    for (const [word, value] of [
      ['True', true],
      ['False', false],
      ['None', null],
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return value;
      }
    }
    const number = /^-?\d+(\.\d+)?([eE][-+]?\d+)?/.exec(this.text.slice(this.pos, this.pos + 40));
    if (!number) throw new Error(`unexpected ${c ?? 'end'} at ${this.pos}`);
    this.pos += number[0].length;
    return Number(number[0]);
  }

  private sequence(close: string): unknown[] {
    this.pos++;
    const items: unknown[] = [];
    for (;;) {
      this.space();
      if (this.text[this.pos] === close) break;
      items.push(this.value());
      this.space();
      if (this.text[this.pos] === ',') this.pos++;
      else if (this.text[this.pos] !== close) throw new Error(`expected , or ${close} at ${this.pos}`);
    }
    this.pos++;
    return items;
  }

  private mapping(): Record<string, unknown> {
    this.pos++;
    const out: Record<string, unknown> = {};
    for (;;) {
      this.space();
      if (this.text[this.pos] === '}') break;
      const key = this.value();
      this.space();
      if (this.text[this.pos++] !== ':') throw new Error(`expected : at ${this.pos - 1}`);
      out[String(key)] = this.value();
      this.space();
      if (this.text[this.pos] === ',') this.pos++;
      else if (this.text[this.pos] !== '}') throw new Error(`expected , or } at ${this.pos}`);
    }
    this.pos++;
    return out;
  }

  private string(quote: string): string {
    let out = '';
    for (this.pos++; this.pos < this.text.length; this.pos++) {
      const c = this.text[this.pos]!;
      if (c === quote) {
        this.pos++;
        return out;
      }
      if (c === '\\') {
        const next = this.text[++this.pos] ?? '';
        out +=
          ({ n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' } as Record<string, string>)[next] ??
          `\\${next}`;
      } else out += c;
    }
    throw new Error('unterminated string');
  }
}
