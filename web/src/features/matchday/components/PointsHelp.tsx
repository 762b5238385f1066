import { CAPTAIN_MULTIPLIER, MATCH_POINTS, MATCHDAY_REWARDS, RARITY_BONUS_PERCENT } from '@touchline/rules';

const POSITIONS = ['Goalkeeper', 'Defender', 'Midfielder', 'Forward'] as const;

const rows: { what: string; points: (position: (typeof POSITIONS)[number]) => number | string }[] = [
  { what: 'Played up to 59 minutes', points: () => MATCH_POINTS.appearance },
  { what: 'Played 60 minutes or more', points: () => MATCH_POINTS.sixtyMinutes },
  { what: 'Goal', points: (p) => MATCH_POINTS.goal[p] },
  { what: 'Assist', points: () => MATCH_POINTS.assist },
  { what: 'Clean sheet (60 minutes or more)', points: (p) => MATCH_POINTS.cleanSheet[p] },
  {
    what: `Every ${MATCH_POINTS.savesPer} saves`,
    points: (p) => (p === 'Goalkeeper' ? MATCH_POINTS.saves : 0),
  },
  {
    what: `Every ${MATCH_POINTS.concededPer} goals conceded`,
    points: (p) => (p === 'Goalkeeper' || p === 'Defender' ? MATCH_POINTS.conceded : 0),
  },
  { what: 'Yellow card', points: () => MATCH_POINTS.yellowCard },
  { what: 'Red card', points: () => MATCH_POINTS.redCard },
];

const short: Record<(typeof POSITIONS)[number], string> = {
  Goalkeeper: 'GK',
  Defender: 'DEF',
  Midfielder: 'MID',
  Forward: 'FWD',
};

/** How a lineup scores: the points table, the rarity bonus, the captain and the rewards (libs/rules). */
export function PointsHelp() {
  return (
    <section aria-labelledby="points-help" className="flex flex-col gap-3">
      <h2 id="points-help" className="text-base font-bold text-slate-50">
        How lineups score
      </h2>
      <p className="text-sm text-slate-400">
        Field five of your cards before kickoff: a goalkeeper, a defender, a midfielder, a forward and one
        more outfield player. Each card scores its player&apos;s real match below; your captain scores
        {` ×${CAPTAIN_MULTIPLIER}`}. Fielded cards cannot be sold or traded until kickoff.
      </p>
      <div className="overflow-x-auto rounded-xl border border-white/5">
        <table className="w-full text-left text-xs">
          <caption className="sr-only">Points per action and position</caption>
          <thead className="bg-slate-900 text-slate-300">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Action
              </th>
              {POSITIONS.map((p) => (
                <th key={p} scope="col" className="px-2 py-2 text-right font-semibold">
                  <abbr title={p}>{short[p]}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5 text-slate-200">
            {rows.map((row) => (
              <tr key={row.what}>
                <th scope="row" className="px-3 py-2 font-normal">
                  {row.what}
                </th>
                {POSITIONS.map((p) => (
                  <td key={p} className="px-2 py-2 text-right tabular-nums">
                    {row.points(p)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl border border-white/5 bg-slate-900/60 p-3">
          <h3 className="text-sm font-semibold text-slate-100">Rarity bonus</h3>
          <ul className="mt-1 text-xs text-slate-300">
            {Object.entries(RARITY_BONUS_PERCENT).map(([rarity, bonus]) => (
              <li key={rarity}>{`${rarity}: +${bonus}%`}</li>
            ))}
          </ul>
        </div>
        <div className="rounded-xl border border-white/5 bg-slate-900/60 p-3">
          <h3 className="text-sm font-semibold text-slate-100">Rewards</h3>
          <ul className="mt-1 text-xs text-slate-300">
            <li>{`Every lineup scored: ${MATCHDAY_REWARDS.entry.toLocaleString('en-US')} coins`}</li>
            <li>{`Top 10%: +${MATCHDAY_REWARDS.top10Percent.toLocaleString('en-US')} coins`}</li>
            <li>{`Top 1%: +${MATCHDAY_REWARDS.top1Percent.toLocaleString('en-US')} coins`}</li>
          </ul>
        </div>
      </div>
    </section>
  );
}
