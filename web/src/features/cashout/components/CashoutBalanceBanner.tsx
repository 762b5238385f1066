import { Wallet } from 'lucide-react';

import { cashOutDollars, COINS_PER_DOLLAR } from '@touchline/rules';

import { CoinAmount } from '@/components/CoinAmount';
import { Skeleton } from '@/components/ui/Skeleton';
import { formatNumber } from '@/lib/format';

import { formatDollars } from '../utils';

/**
 * The balance and what it would pay out. docs/design.md#3-money-one-ledger replaces the spec's '1000 coins = $6'
 * with the one rate of the product: 2,273 coins = $1, of which a cash-out pays 88%.
 */
export function CashoutBalanceBanner({ coins }: { coins: number | undefined }) {
  return (
    <section
      aria-label="Your balance"
      className="flex items-center gap-3 rounded-2xl border border-amber-400/20 bg-linear-to-br from-amber-400/10 via-slate-900 to-slate-900 p-4"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-amber-400/15 text-amber-300">
        <Wallet aria-hidden className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Your Balance</p>
        {coins === undefined ? (
          <Skeleton className="h-7 w-28" />
        ) : (
          <>
            <p className="flex items-center gap-1.5">
              <CoinAmount value={coins} className="text-2xl" iconClassName="size-5" />
              <span className="text-sm font-medium text-slate-400">coins</span>
            </p>
            <p className="text-sm text-slate-300">
              Cash value:{' '}
              <span className="font-semibold text-emerald-300">{formatDollars(cashOutDollars(coins))}</span>
            </p>
          </>
        )}
        <p className="text-xs text-slate-400">
          {formatNumber(COINS_PER_DOLLAR)} coins = $1.00 · cash-outs pay 88%
        </p>
      </div>
    </section>
  );
}
