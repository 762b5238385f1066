import * as Dialog from '@radix-ui/react-dialog';
import { ArrowUpRight, Banknote, Coins, Gauge, Lock, Ticket, X, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

import { CoinAmount } from '@/components/CoinAmount';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatUsd } from '@/lib/coins';
import { useUser } from '@/lib/data/auth';
import { useBalance } from '@/lib/data/market';
import { useSpendingLimit } from '@/lib/data/spending-limit';
import { useReturnFocus } from '@/lib/use-return-focus';

export interface WalletSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Where the spending limit is set: Profile › Settings. */
const SETTINGS = `${paths.profile}?tab=settings`;

/**
 * The wallet, one tap from the header's balance on every screen: the spendable balance, the coins set
 * aside, and the ways in to everything about money (buy coins, cash out, the spending limit, a promo
 * code), which otherwise live under Profile › Settings. A sheet from the bottom on a phone, a panel
 * on a wide screen.
 */
export default function WalletSheet({ open, onOpenChange }: WalletSheetProps) {
  const returnFocus = useReturnFocus();
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/80 backdrop-blur-sm" />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          data-testid="wallet-sheet"
          className={cn(
            'fixed inset-x-0 bottom-0 z-[51] mx-auto flex max-h-[calc(100dvh-2rem)] w-full max-w-md flex-col gap-4 overflow-y-auto',
            'rounded-t-3xl border border-white/10 bg-slate-900 p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-2xl focus:outline-none',
            'lg:top-16 lg:right-4 lg:bottom-auto lg:left-auto lg:mx-0 lg:w-96 lg:rounded-3xl',
          )}
        >
          <div className="flex items-center justify-between gap-3">
            <Dialog.Title className="font-display text-xl font-bold text-slate-50">Wallet</Dialog.Title>
            <Dialog.Close
              aria-label="Close wallet"
              className="inline-flex size-9 items-center justify-center rounded-xl text-slate-300 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-400"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <WalletFigures />
          <nav aria-label="Wallet actions" className="grid grid-cols-2 gap-2">
            <WalletLink to={paths.purchaseCoins} icon={Coins} label="Buy coins" onNavigate={close} />
            <WalletLink to={paths.cashout} icon={Banknote} label="Cash out" onNavigate={close} />
            <WalletLink
              to={`${paths.purchaseCoins}?tab=redeem`}
              icon={Ticket}
              label="Promo code"
              onNavigate={close}
            />
            <WalletLink to={SETTINGS} icon={Gauge} label="Spending limit" onNavigate={close} />
          </nav>
          <SpendingLimitLine />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The spendable balance (read fresh when the sheet opens, then live) and the coins held. */
function WalletFigures() {
  const balance = useBalance();
  const { data: user } = useUser();
  const coins = balance.data?.coins ?? user?.coins;
  const held = balance.data?.heldCoins;
  return (
    <dl className="grid grid-cols-2 gap-2">
      <div className="flex flex-col gap-1 rounded-2xl border border-amber-400/20 bg-amber-400/10 p-3">
        <dt className="text-xs font-semibold tracking-wide text-slate-300 uppercase">Balance</dt>
        <dd>
          {coins === undefined ? (
            <Skeleton className="h-7 w-24" />
          ) : (
            <CoinAmount value={coins} className="text-xl" />
          )}
        </dd>
      </div>
      <div className="flex flex-col gap-1 rounded-2xl border border-white/10 bg-slate-950/50 p-3">
        <dt className="inline-flex items-center gap-1 text-xs font-semibold tracking-wide text-slate-300 uppercase">
          <Lock aria-hidden className="size-3" />
          Held coins
        </dt>
        <dd>
          {held === undefined ? (
            <Skeleton className="h-7 w-16" />
          ) : (
            <CoinAmount value={held} className="text-xl text-slate-200" />
          )}
        </dd>
        <dd className="text-[11px] text-slate-400">Set aside for a cash-out or a trade in progress</dd>
      </div>
    </dl>
  );
}

/** The monthly limit in force, what is left of it, and a raise still waiting for its 24 hours. */
function SpendingLimitLine() {
  const limit = useSpendingLimit();
  if (!limit.data) return null;
  const { monthlyLimit, remaining, pending } = limit.data;
  let text =
    monthlyLimit === null
      ? 'No monthly spending limit set'
      : `Spending limit ${formatUsd(monthlyLimit)} a month: ${formatUsd(remaining ?? 0)} left`;
  if (pending) {
    text +=
      pending.monthlyLimit === null ? ' (removal pending)' : ` (${formatUsd(pending.monthlyLimit)} pending)`;
  }
  return (
    <p data-testid="wallet-limit" className="text-xs text-slate-300">
      {text}
    </p>
  );
}

function WalletLink({
  to,
  icon: Icon,
  label,
  onNavigate,
}: {
  to: string;
  icon: LucideIcon;
  label: string;
  onNavigate: () => void;
}) {
  return (
    <Link
      to={to}
      onClick={onNavigate}
      className={cn(
        'flex items-center gap-2 rounded-2xl border border-white/10 bg-slate-800/60 px-3 py-3 text-sm font-semibold text-slate-100',
        'transition-colors hover:border-white/20 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-400',
      )}
    >
      <Icon aria-hidden className="size-4 shrink-0 text-emerald-300" />
      <span className="min-w-0 flex-1">{label}</span>
      <ArrowUpRight aria-hidden className="size-3.5 shrink-0 text-slate-400" />
    </Link>
  );
}
