import { CheckCircle2, XCircle } from 'lucide-react';

import type { TransferResult } from '@touchline/contract';
import { formatNumber } from '@/lib/format';

/** The last transfer to the shop in words: what moved, what is left, and why it failed if it did. */
export function TransferResultSummary({ result }: { result: TransferResult }) {
  return (
    <section
      aria-label="Last operation result"
      className="flex flex-col gap-2 rounded-xl border border-white/10 bg-slate-900 p-3 text-sm"
    >
      <h2 className="flex items-center gap-2 font-semibold text-slate-100">
        {result.success ? (
          <CheckCircle2 aria-hidden className="size-4 text-emerald-400" />
        ) : (
          <XCircle aria-hidden className="size-4 text-rose-400" />
        )}
        Last operation result: {result.success ? 'Succeeded' : 'Failed'}
      </h2>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-slate-300">
        <dt className="text-slate-400">Transferred to the shop</dt>
        <dd>{`${formatNumber(result.transferred)} ${result.transferred === 1 ? 'card' : 'cards'}`}</dd>
        <dt className="text-slate-400">Left in your collection</dt>
        <dd>{`${formatNumber(result.remaining)} ${result.remaining === 1 ? 'card' : 'cards'}`}</dd>
        {result.error && (
          <>
            <dt className="text-slate-400">Error</dt>
            <dd className="text-rose-300 [overflow-wrap:anywhere]">{result.error}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
