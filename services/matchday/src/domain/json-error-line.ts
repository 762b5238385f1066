/**
 * Where a JSON text that JSON.parse refused breaks: its line (1-based). V8's message names the
 * position for some errors only, so a small syntax scan finds the first character that cannot
 * continue a JSON value. Pure; only called on text already known to be invalid.
 */
export function jsonErrorLine(text: string): number {
  let i = 0;
  const fail = (): never => {
    throw new BrokenAt(i);
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail();
      i++;
    }
  };
  const string = () => {
    i++; // the opening quote
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === '"') return void i++;
      if (ch === '\\') {
        i++;
        if (!'"\\/bfnrtu'.includes(text[i] ?? '')) fail();
      } else if (ch < ' ') fail();
      i++;
    }
    fail();
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match) fail();
    i += match![0].length;
  };
  const value = (): void => {
    space();
    const ch = text[i];
    if (ch === '{') {
      i++;
      space();
      if (text[i] === '}') return void i++;
      for (;;) {
        space();
        if (text[i] !== '"') fail();
        string();
        space();
        if (text[i] !== ':') fail();
        i++;
        value();
        space();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail();
      }
    }
    if (ch === '[') {
      i++;
      space();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        space();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail();
      }
    }
    if (ch === '"') return string();
    if (ch === 't') return literal('true');
    if (ch === 'f') return literal('false');
    if (ch === 'n') return literal('null');
    number();
  };
  try {
    value();
    space();
    if (i < text.length) fail();
    return 1;
  } catch (error) {
    if (!(error instanceof BrokenAt)) throw error;
    return text.slice(0, Math.min(error.at, text.length)).split('\n').length;
  }
}

class BrokenAt {
  constructor(readonly at: number) {}
}
