import { describe, expect, it } from 'vitest';
import { frontendReader } from '../src/cost/pg-counter';

/** A frontend message: type byte, then its length (itself included) and body. */
function message(type: string, body: string): Buffer {
  const payload = Buffer.from(body);
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(payload.length + 4, 1);
  return Buffer.concat([head, payload]);
}

function startup(user: string): Buffer {
  const params = Buffer.from(`user\0${user}\0database\0touchline\0\0`);
  const head = Buffer.alloc(8);
  head.writeInt32BE(params.length + 8, 0);
  head.writeInt32BE(196608, 4);
  return Buffer.concat([head, params]);
}

/** Hands `stream` to `read` in chunks of `size` bytes, as a socket may. */
function inPieces(stream: Buffer, size: number, read: (chunk: Buffer) => void): void {
  for (let i = 0; i < stream.length; i += size) read(stream.subarray(i, i + size));
}

describe("bench:cost's Postgres statement counter", () => {
  it('counts simple queries and executes of one role, however the bytes arrive', () => {
    const stream = Buffer.concat([
      startup('touchline_cards_market'),
      message('Q', 'begin\0'),
      message('P', '\0select 1\0\0\0'),
      message('B', '\0\0\0\0\0\0\0'),
      message('E', '\0\0\0\0\0'),
      message('S', ''),
      message('Q', 'commit\0'),
    ]);
    for (const size of [1, 3, 7, stream.length]) {
      let role = '';
      let statements = 0;
      const read = frontendReader(
        (user) => (role = user),
        () => statements++,
      );
      inPieces(stream, size, read);
      expect({ size, role, statements }).toEqual({ size, role: 'touchline_cards_market', statements: 3 });
    }
  });

  it("names each statement by its text, a prepared one's from the Parse that named it", () => {
    const stream = Buffer.concat([
      startup('touchline_wallet'),
      message('Q', 'BEGIN;\0'),
      message('P', 'touchline_1\0select *\n   from accounts where id = $1\0\0\0'),
      message('B', '\0touchline_1\0\0\0\0\0\0\0'),
      message('E', '\0\0\0\0\0'),
      message('S', ''),
      message('B', '\0touchline_1\0\0\0\0\0\0\0'),
      message('E', '\0\0\0\0\0'),
      message('S', ''),
      message('Q', 'COMMIT;\0'),
    ]);
    for (const size of [1, 4, stream.length]) {
      const texts: (string | undefined)[] = [];
      const read = frontendReader(
        () => undefined,
        (text) => texts.push(text),
        true,
      );
      inPieces(stream, size, read);
      expect(texts).toEqual([
        'BEGIN;',
        'select * from accounts where id = $N',
        'select * from accounts where id = $N',
        'COMMIT;',
      ]);
    }
  });

  it('skips an SSL request before the startup message', () => {
    const ssl = Buffer.alloc(8);
    ssl.writeInt32BE(8, 0);
    ssl.writeInt32BE(80877103, 4);
    let role = '';
    let statements = 0;
    const read = frontendReader(
      (user) => (role = user),
      () => statements++,
    );
    read(Buffer.concat([ssl, startup('touchline_wallet'), message('Q', 'select 1\0')]));
    expect({ role, statements }).toEqual({ role: 'touchline_wallet', statements: 1 });
  });
});
