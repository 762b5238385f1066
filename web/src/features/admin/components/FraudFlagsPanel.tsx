import { AlertTriangle, ShieldCheck } from 'lucide-react';

import type { FraudFlag, FraudReport } from '@touchline/contract';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/cn';

import { formatCash } from '../utils';
import { TestPaymentBadge } from './TestPaymentBadge';

const severityClasses: Record<FraudFlag['severity'], string> = {
  high: 'border-rose-500/40 bg-rose-500/10 text-rose-200',
  warning: 'border-amber-500/40 bg-amber-500/10 text-amber-200',
  info: 'border-slate-600 bg-slate-800/60 text-slate-300',
};

/** Flags as small labelled badges (the 'Flags' column). */
export function FlagBadges({ flags }: { flags: readonly FraudFlag[] }) {
  if (flags.length === 0) return <span className="text-slate-400">None</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {flags.map((flag) => (
        <li
          key={flag.code}
          title={flag.message}
          className={cn(
            'rounded-md border px-1.5 py-0.5 text-[10px] font-semibold',
            severityClasses[flag.severity],
          )}
        >
          {flag.code.replaceAll('_', ' ')}
        </li>
      ))}
    </ul>
  );
}

/** Why a requester looks risky (docs/design.md#7-decisions-on-the-specs-open-points): the signals and every flag in words. */
export function FraudFlagsPanel({ report }: { report: FraudReport | null }) {
  if (!report) {
    return (
      <section
        aria-label="Fraud flags"
        className="rounded-xl border border-white/10 p-3 text-sm text-slate-400"
      >
        Fraud flags unavailable.
      </section>
    );
  }
  return (
    <section aria-label="Fraud flags" className="rounded-xl border border-white/10 p-3">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-100">
        {report.flagged ? (
          <AlertTriangle aria-hidden className="size-4 text-amber-400" />
        ) : (
          <ShieldCheck aria-hidden className="size-4 text-emerald-400" />
        )}
        {report.flagged ? 'Flagged account' : 'No fraud flags'}
      </h3>
      <dl className="mt-2 grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs text-slate-400">
        <dt>Account age</dt>
        <dd className="text-slate-200">{report.accountAgeDays} days</dd>
        <dt>Purchases</dt>
        <dd className="text-slate-200">
          {report.purchaseCount} ({formatCash(report.purchaseTotal)})
        </dd>
        <dt>Test payments</dt>
        <dd className="flex flex-wrap items-center gap-1 text-slate-200">
          {report.testPurchaseCount} ({formatCash(report.testPurchaseTotal)})
          {report.testPurchaseCount > 0 && <TestPaymentBadge />}
        </dd>
        <dt>Coins from players</dt>
        <dd className="text-slate-200">{formatNumber(report.coinsReceivedFromPlayers)}</dd>
        <dt>Coins to players</dt>
        <dd className="text-slate-200">{formatNumber(report.coinsSentToPlayers)}</dd>
        <dt>Cards from players</dt>
        <dd className="text-slate-200">
          {report.cardsReceivedFromPlayers} ({formatNumber(report.cardValueReceivedFromPlayers)} coins)
        </dd>
        <dt>Exchanges</dt>
        <dd className="text-slate-200">{report.exchanges}</dd>
      </dl>
      {report.flags.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1">
          {report.flags.map((flag) => (
            <li
              key={flag.code}
              className={cn('rounded-lg border px-2 py-1 text-xs', severityClasses[flag.severity])}
            >
              {flag.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
