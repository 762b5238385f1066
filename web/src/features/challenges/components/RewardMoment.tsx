import { Package, PartyPopper } from 'lucide-react';
import { Link } from 'react-router';

import type { Challenge, ChallengeSubmission } from '@touchline/contract';

import { CoinAmount } from '@/components/CoinAmount';
import { paths } from '@/config/paths';

/**
 * The challenge done: what was given up and the reward: the coins, paid or on their way, and the
 * reward pack, already the player's, waiting with the unopened packs to be revealed in the shop.
 */
export function RewardMoment({
  challenge,
  submission,
}: {
  challenge: Challenge;
  submission: ChallengeSubmission;
}) {
  const count = submission.cardIds.length;
  return (
    <section
      role="status"
      aria-label="Challenge complete"
      className="flex flex-col items-center gap-3 rounded-2xl border border-emerald-400/40 bg-emerald-500/10 px-5 py-8 text-center"
    >
      <span className="flex size-16 items-center justify-center rounded-full border-2 border-emerald-300/60 bg-emerald-400/15 text-emerald-200 motion-safe:animate-card-reveal">
        <PartyPopper aria-hidden className="size-8" />
      </span>
      <h2 className="text-lg font-bold text-slate-50">Challenge complete</h2>
      {challenge.rewardCoins > 0 && (
        <p className="flex items-center gap-1.5 text-sm text-slate-200">
          {submission.rewardStatus === 'paid' ? 'Reward received:' : 'Reward on its way:'}
          <CoinAmount value={challenge.rewardCoins} />
        </p>
      )}
      {submission.packCardIds.length > 0 && (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-sky-400/30 bg-sky-500/10 px-4 py-3">
          <p className="flex items-center gap-1.5 text-sm font-semibold text-sky-200">
            <Package aria-hidden className="size-4 shrink-0" />
            {`${challenge.rewardPackName ?? 'A pack'} added to your unopened packs`}
          </p>
          <Link to={paths.shop} className="text-sm font-semibold text-emerald-400 hover:text-emerald-300">
            Open it in the shop
          </Link>
        </div>
      )}
      <p className="text-xs text-slate-400">
        {`You gave up ${count} ${count === 1 ? 'card' : 'cards'} worth ${submission.totalValue.toLocaleString('en-US')} coins. They are gone from your collection.`}
      </p>
      <Link to={paths.challenges} className="text-sm font-semibold text-emerald-400 hover:text-emerald-300">
        More challenges
      </Link>
    </section>
  );
}
