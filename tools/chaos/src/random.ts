import { seededRandom } from '@touchline/kit';

export class Dice {
  constructor(private readonly next: () => number) {}
  /** Dice from a seed, so that a run's choices can be replayed with CHAOS_SEED. */
  static seeded(seed: number): Dice {
    return new Dice(seededRandom(seed).next);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(list: readonly T[]): T | undefined {
    return list.length === 0 ? undefined : list[Math.floor(this.next() * list.length)];
  }
  /** The list in a random order (Fisher–Yates), the list itself untouched. */
  shuffle<T>(list: readonly T[]): T[] {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
  /** A choice weighted by the numbers given. */
  weighted<K extends string>(weights: Record<K, number>): K {
    const entries = Object.entries(weights) as [K, number][];
    let roll = this.next() * entries.reduce((s, [, w]) => s + w, 0);
    for (const [k, w] of entries) if ((roll -= w) < 0) return k;
    return entries[entries.length - 1]![0];
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
