import { ChevronRight, Ticket } from 'lucide-react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

/** A card leading to the redeem tab of /purchase-coins. */
export function RedeemPromoCard() {
  return (
    <Link
      to={`${paths.purchaseCoins}?tab=redeem`}
      className="flex items-center gap-3 rounded-2xl border border-emerald-400/20 bg-linear-to-r from-emerald-500/10 via-slate-900/80 to-slate-900/80 p-4 transition-colors hover:border-emerald-400/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-emerald-500/15 text-emerald-300">
        <Ticket aria-hidden className="size-5" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="text-base font-bold text-slate-50">Redeem Promo Code</span>
        <span className="text-xs text-slate-400">Have a code? Unlock free coins, cards and packs.</span>
      </span>
      <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400" />
    </Link>
  );
}
