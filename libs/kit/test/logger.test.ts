import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';
import { loadConfig, baseConfigSchema } from '../src/config';

const ESCAPES = new RegExp(String.fromCharCode(27) + '\\[\\d+m', 'g');
const plain = (lines: string[]) => lines.join('').replace(ESCAPES, '');

function capture(isTTY: boolean) {
  const lines: string[] = [];
  return { lines, output: { isTTY, write: (chunk: string) => void lines.push(chunk) } };
}

describe('createLogger', () => {
  it('writes one JSON object per event when the output is not a terminal', () => {
    const { lines, output } = capture(false);
    createLogger({ service: 'wallet-payments', output }).info({ port: 50051 }, 'serving gRPC');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 30,
      service: 'wallet-payments',
      port: 50051,
      msg: 'serving gRPC',
    });
  });

  it('writes one readable line per event when the output is a terminal', () => {
    const { lines, output } = capture(true);
    createLogger({ service: 'wallet-payments', output }).warn({ port: 50051, who: 'a b' }, 'serving gRPC');
    const text = plain(lines);
    expect(text.split('\n').filter(Boolean)).toHaveLength(1);
    expect(text).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} WARN {2}wallet-payments serving gRPC port=50051 who="a b"\n$/,
    );
  });

  it('puts an error message on the line and its stack below it', () => {
    const { lines, output } = capture(true);
    createLogger({ service: 'admin', output }).error({ err: new Error('boom') }, 'failed');
    const [head, ...stack] = plain(lines).trimEnd().split('\n');
    expect(head).toMatch(/ERROR admin failed err=boom$/);
    expect(stack.length).toBeGreaterThan(0);
    expect(stack.every((line) => line.startsWith('    at '))).toBe(true);
  });

  it('follows LOG_FORMAT over the terminal check, both ways', () => {
    const tty = capture(true);
    createLogger({ service: 'admin', output: tty.output, format: 'json' }).info('hello');
    expect(JSON.parse(tty.lines[0]!)).toMatchObject({ msg: 'hello' });

    const pipe = capture(false);
    createLogger({ service: 'admin', output: pipe.output, format: 'pretty' }).info('hello');
    expect(pipe.lines[0]).toMatch(/INFO {2}admin hello\n$/);
    expect(pipe.lines[0]).not.toContain('\u001b[');
  });

  it('accepts pretty and json in LOG_FORMAT and refuses anything else', () => {
    const schema = baseConfigSchema.pick({ LOG_FORMAT: true });
    expect(loadConfig(schema, { LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
    expect(loadConfig(schema, { LOG_FORMAT: '' }).LOG_FORMAT).toBeUndefined();
    expect(() => loadConfig(schema, { LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});
