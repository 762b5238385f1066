/**
 * Frames for every stream heard within `delayMs` of the first of them, joined in order into one
 * buffer for `flush` (issue 41: one write per change and stream made the gateway's work grow with the
 * square of the crowd; one write per stream every `delayMs` grows with the crowd). 0 flushes each
 * at once.
 */
export class EveryoneBatch {
  private frames: Buffer[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly delayMs: number,
    private readonly flush: (bytes: Buffer) => void,
  ) {}

  add(bytes: Buffer): void {
    if (this.delayMs === 0) {
      this.flush(bytes);
      return;
    }
    this.frames.push(bytes);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      const frames = this.frames;
      this.frames = [];
      this.flush(frames.length === 1 ? frames[0]! : Buffer.concat(frames));
    }, this.delayMs);
  }

  /** Drops what waits (the hub is closing: its streams end). */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.frames = [];
  }
}
