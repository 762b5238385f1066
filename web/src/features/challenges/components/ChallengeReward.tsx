import { Package } from 'lucide-react';

import { CoinAmount } from '@/components/CoinAmount';

export interface ChallengeRewardProps {
  /** 0 when the reward is a pack only. */
  coins: number;
  /** The reward pack's name; null without one. */
  packName: string | null;
}

/** A challenge's reward as the tile and the page show it: "1,000 + Rare Pack", coins or a pack alone. */
export function ChallengeReward({ coins, packName }: ChallengeRewardProps) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {coins > 0 && <CoinAmount value={coins} />}
      {coins > 0 && packName && <span className="text-slate-400">+</span>}
      {packName && (
        <span className="inline-flex items-center gap-1 font-bold text-sky-300">
          <Package aria-hidden className="size-3.5 shrink-0" />
          {packName}
        </span>
      )}
    </span>
  );
}
