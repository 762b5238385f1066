import { Wallet } from 'lucide-react';

import { Skeleton } from '@/components/ui/Skeleton';
import { useUser } from '@/lib/data/auth';
import { useBalance } from '@/lib/data/market';
import { CoinAmount } from '@/components/CoinAmount';
import { cn } from '@/lib/cn';

export interface BalanceBoxProps {
  className?: string;
}

/**
 * The current balance (GET /api/user/balance, refetched on mount and on window focus); falls back to
 * the user's coins while the balance loads or if it cannot be read.
 */
export function BalanceBox({ className }: BalanceBoxProps) {
  const balance = useBalance();
  const { data: user } = useUser();
  const coins = balance.data?.coins ?? user?.coins;

  return (
    <section
      aria-label="Current balance"
      className={cn(
        'flex items-center gap-3 rounded-2xl border border-amber-400/20 bg-linear-to-br from-amber-400/10 via-slate-900 to-slate-900 p-4',
        className,
      )}
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-amber-400/15 text-amber-300">
        <Wallet aria-hidden className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Current Balance</p>
        {coins === undefined ? (
          <Skeleton className="h-7 w-28" />
        ) : (
          <p className="flex items-center gap-1.5">
            <CoinAmount value={coins} className="text-2xl" iconClassName="size-5" />
            <span className="text-sm font-medium text-slate-400">coins</span>
          </p>
        )}
      </div>
    </section>
  );
}
