import { ArrowLeftRight } from 'lucide-react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useIncomingTradesCount } from '@/lib/data/trades';

/** The Market header's way to the Trade Center, with the offers waiting for an answer. */
export function TradeCenterLink() {
  const pending = useIncomingTradesCount();
  return (
    <Link
      to={paths.trade}
      className="inline-flex items-center gap-1.5 rounded-full border border-emerald-400/30 bg-emerald-500/10 px-2.5 py-1 text-xs font-semibold text-emerald-200 transition-colors hover:bg-emerald-500/20"
    >
      <ArrowLeftRight aria-hidden className="size-3.5" />
      Trade Center
      {pending > 0 && (
        <span className="rounded-full bg-red-600 px-1.5 text-[10px] leading-4 font-bold text-white">
          {pending}
          <span className="sr-only"> pending</span>
        </span>
      )}
    </Link>
  );
}
