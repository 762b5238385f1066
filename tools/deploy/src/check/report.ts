/** Collects the outcome of every check and prints the closing "N passed, N failed" line. */
export class Report {
  private passed = 0;
  private readonly failures: string[] = [];

  check(name: string, problems: string[]): void {
    if (problems.length === 0) {
      this.passed++;
      console.log(`ok    ${name}`);
      return;
    }
    this.failures.push(name);
    console.log(`FAIL  ${name}`);
    for (const p of problems.slice(0, 20)) console.log(`        ${p}`);
    if (problems.length > 20) console.log(`        … and ${problems.length - 20} more`);
  }

  /** Runs `fn`; a throw counts as one failed check carrying its message. */
  async guard(name: string, fn: () => Promise<string[]> | string[]): Promise<void> {
    try {
      this.check(name, await fn());
    } catch (error) {
      this.check(name, [(error as Error).message]);
    }
  }

  finish(): number {
    console.log(`\n${this.passed} passed, ${this.failures.length} failed`);
    return this.failures.length ? 1 : 0;
  }
}
