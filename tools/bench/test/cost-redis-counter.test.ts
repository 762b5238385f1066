import { describe, expect, it } from 'vitest';
import { monitoredCommand } from '../src/cost/redis-counter';

describe("bench:cost's Redis command counter", () => {
  it("takes a client's commands to its database only", () => {
    expect(monitoredCommand('+1764412345.123456 [3 127.0.0.1:41234] "GET" "revoked:session:x"', '3')).toBe(
      'get',
    );
    expect(monitoredCommand('+1764412345.123456 [11 127.0.0.1:41234] "get" "k"', '3')).toBeUndefined();
    expect(monitoredCommand('+1764412345.123456 [3 127.0.0.1:41234] "evalsha" "abc" "1"', '3')).toBe(
      'evalsha',
    );
  });

  it('leaves out what a Lua script runs, and the OK of MONITOR itself', () => {
    expect(monitoredCommand('+1764412345.123456 [3 lua] "incrby" "k" "1"', '3')).toBeUndefined();
    expect(monitoredCommand('+OK', '3')).toBeUndefined();
  });
});
