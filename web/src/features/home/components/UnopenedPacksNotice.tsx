import { PackageOpen } from 'lucide-react';
import { Link } from 'react-router';

import { buttonClasses } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { useUnopenedPacks } from '@/lib/data/pack-reveal';

/** A pack closed before its reveal stays unopened (issue 43): home says so and leads to the shop's reveal. */
export function UnopenedPacksNotice() {
  const { data: unopened } = useUnopenedPacks();
  if (!unopened || unopened.length === 0) return null;
  const count = unopened.length;
  return (
    <section
      aria-labelledby="unopened-notice-title"
      className="flex items-center justify-between gap-3 rounded-2xl border border-emerald-400/30 bg-emerald-500/10 px-4 py-3"
    >
      <div className="flex min-w-0 flex-col">
        <h2 id="unopened-notice-title" className="text-sm font-bold text-slate-50">
          {count === 1 ? 'You have an unopened pack' : `You have ${count} unopened packs`}
        </h2>
        <p className="text-xs text-slate-300">{unopened.map((pack) => pack.packName).join(', ')}</p>
      </div>
      <Link to={paths.shop} className={buttonClasses('primary', 'sm')}>
        <PackageOpen aria-hidden className="size-4" />
        Open
      </Link>
    </section>
  );
}
