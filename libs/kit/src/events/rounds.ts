/**
 * A batch of events in rounds in which each key (a card, a player) appears once: the k-th item of a
 * key goes in round k. A handler that writes one row per key in a statement can take a batch round
 * by round, and one key's events keep their order. A round's keys are among the previous round's,
 * so later rounds lock nothing the first did not.
 */
export function inRounds<T>(items: T[], keyOf: (item: T) => number | string): T[][] {
  const rounds: T[][] = [];
  const seen = new Map<number | string, number>();
  for (const item of items) {
    const round = seen.get(keyOf(item)) ?? 0;
    seen.set(keyOf(item), round + 1);
    (rounds[round] ??= []).push(item);
  }
  return rounds;
}
