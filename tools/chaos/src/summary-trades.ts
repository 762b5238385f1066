import { isDone, type Answer, type AnswerLog } from './answers';

const offerOf = (a: Answer) => Number(/\/api\/trades\/(\d+)/.exec(a.path)?.[1]);

/**
 * The trade accepts of a run, for the summary: how many went through (of which offers made for a
 * wish), and how each race of an accept with a cancel or a decline of the same offer ended.
 */
export function tradeAcceptLines(log: AnswerLog): string[] {
  const accepts = log.all.filter((a) => a.kind === 'trade.accept');
  const accepted = new Set(accepts.filter(isDone).map(offerOf));
  const wish = new Set(accepts.filter((a) => isDone(a) && a.note?.includes('wish')).map(offerOf));
  const out = [
    `  accepts: ${accepts.length} calls, ${accepted.size} offers accepted (${wish.size} of them made for a wish)`,
  ];
  for (const rival of ['cancel', 'decline']) {
    const races = new Map<number, Set<string>>();
    for (const a of log.all)
      if (a.note?.includes(`race:${rival}`)) {
        const winners = races.get(offerOf(a)) ?? new Set<string>();
        if (isDone(a)) winners.add(a.kind === 'trade.accept' ? 'accept' : rival);
        races.set(offerOf(a), winners);
      }
    const won = (w: string) => [...races.values()].filter((s) => s.size === 1 && s.has(w)).length;
    const neither = [...races.values()].filter((s) => s.size === 0).length;
    out.push(
      `  accept vs ${rival}: ${races.size} races, accept won ${won('accept')}, ${rival} won ${won(rival)}, neither answered 200 in ${neither}`,
    );
  }
  return out;
}
