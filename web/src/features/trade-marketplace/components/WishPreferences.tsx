import { Coins, Shield, Sparkles, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';

import type { Team } from '@touchline/contract';
import { formatNumber } from '@/lib/format';

import type { TradeWish } from '@touchline/contract';
import { hasPreferences, teamName } from '../utils';

/** 'Player is looking for' with the wished rarity, position, team and minimum coins, or 'Open to any offers'. */
export function WishPreferences({ wish, teams }: { wish: TradeWish; teams: readonly Team[] | undefined }) {
  if (!hasPreferences(wish)) {
    return (
      <p className="rounded-xl border border-emerald-400/20 bg-emerald-500/10 px-3 py-2 text-xs font-semibold text-emerald-300">
        Open to any offers
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1.5 rounded-xl border border-white/5 bg-slate-950/50 px-3 py-2">
      <p className="text-[11px] font-semibold tracking-wide text-slate-400 uppercase">
        Player is looking for
      </p>
      <ul aria-label="Wanted in return" className="flex flex-wrap gap-1.5">
        {wish.desiredRarity && <Chip icon={<Sparkles className="size-3" />}>{wish.desiredRarity}</Chip>}
        {wish.desiredPosition && <Chip icon={<UserRound className="size-3" />}>{wish.desiredPosition}</Chip>}
        {wish.desiredTeamId ? (
          <Chip icon={<Shield className="size-3" />}>{teamName(teams, wish.desiredTeamId)}</Chip>
        ) : null}
        {(wish.minimumCoins ?? 0) > 0 && (
          <Chip icon={<Coins className="size-3" />}>{`Min. ${formatNumber(wish.minimumCoins!)} coins`}</Chip>
        )}
      </ul>
    </div>
  );
}

function Chip({ icon, children }: { icon: ReactNode; children: string }) {
  return (
    <li className="inline-flex items-center gap-1 rounded-full border border-slate-700 bg-slate-900 px-2 py-0.5 text-[11px] font-semibold text-slate-200">
      <span aria-hidden className="text-slate-400">
        {icon}
      </span>
      {children}
    </li>
  );
}
