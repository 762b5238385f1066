import { Banknote } from 'lucide-react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { usePendingCashoutCount } from '@/lib/data/admin';
import { useIdle } from '@/lib/use-idle';

/**
 * The admin header's badge (issue 43): how many cash-out requests wait for review, linking to the
 * queue. Asked once the page is idle; the live stream's admin-cashouts events keep it current.
 */
export function PendingCashoutsBadge() {
  const count = usePendingCashoutCount(useIdle());
  if (count === 0) return null;
  const label = `${count} pending cash-out ${count === 1 ? 'request' : 'requests'}`;
  return (
    <Link
      to={paths.adminCashout}
      aria-label={label}
      title={label}
      data-testid="pending-cashouts-badge"
      className="inline-flex items-center gap-1 rounded-full border border-rose-400/40 bg-rose-500/15 px-2.5 py-1 text-xs font-semibold text-rose-100 transition-colors hover:bg-rose-500/25"
    >
      <Banknote aria-hidden className="size-3.5" />
      <span aria-hidden>{count}</span>
    </Link>
  );
}
