import { Coins, Hash, Layers, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';

import { formatNumber } from '@/lib/format';

import type { Player } from '@touchline/contract';
import { CardDialogContent, CardDialogRoot, DialogStat } from '@/components/cards/CardDialog';
import { PriceChange } from '@/components/cards/PriceChange';
import { LiveCoinAmount } from '@/components/market/LiveCoinAmount';

export interface PlayerDetailDialogProps {
  /** The player shown; null keeps the dialog closed. */
  player: Player | null;
  onClose: () => void;
  /** Actions below the stats (for example a link to the market). */
  actions?: ReactNode;
}

/** The card popup in player-only mode: no owned-card fields (acquired, profit, edition), just the player. */
export function PlayerDetailDialog({ player, onClose, actions }: PlayerDetailDialogProps) {
  return (
    <CardDialogRoot open={player !== null} onClose={onClose}>
      {player && (
        <CardDialogContent key={player.id} player={player}>
          <dl className="grid grid-cols-2 gap-2">
            <DialogStat icon={Coins} label="Current Price">
              <LiveCoinAmount
                plain
                value={player.currentPrice}
                className="text-base font-bold text-amber-300"
              />
              <PriceChange value={player.priceChange} />
            </DialogStat>
            <DialogStat icon={TrendingUp} label="Base Price">
              <span className="text-sm font-semibold text-slate-100">{formatNumber(player.basePrice)}</span>
            </DialogStat>
            <DialogStat icon={Hash} label="Rank">
              <span className="text-sm font-semibold text-slate-100">{`#${player.rank}`}</span>
            </DialogStat>
            <DialogStat icon={Layers} label="Editions Minted">
              <span className="text-sm font-semibold text-slate-100">
                {`${formatNumber(player.mintedEditions)} of ${formatNumber(player.maxEditions)}`}
              </span>
            </DialogStat>
          </dl>
          {actions}
        </CardDialogContent>
      )}
    </CardDialogRoot>
  );
}
