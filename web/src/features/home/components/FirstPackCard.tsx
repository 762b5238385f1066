import { PackageOpen } from 'lucide-react';
import { Link } from 'react-router';

import { CoinAmount } from '@/components/CoinAmount';
import { buttonClasses } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { usePacks } from '@/lib/data/shop';

import type { CardPack } from '@touchline/contract';

/** The cheapest pack: the one a new player's welcome coins surely open. */
export function cheapestPack(packs: readonly CardPack[]): CardPack | undefined {
  return [...packs].sort((a, b) => a.price - b.price)[0];
}

/**
 * A new player's next step, at the top of Home until they open a pack: what the first pack costs and
 * the way to the Shop, where it is bought and revealed.
 */
export function FirstPackCard() {
  const packs = usePacks();
  const first = packs.data ? cheapestPack(packs.data) : undefined;
  return (
    <section
      aria-labelledby="first-pack-title"
      data-testid="first-pack"
      className="flex flex-col gap-3 rounded-2xl border border-emerald-400/30 bg-linear-to-br from-emerald-500/15 via-slate-900 to-slate-900 p-4"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-emerald-400/15 text-emerald-300">
          <PackageOpen aria-hidden className="size-5" />
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="first-pack-title" className="text-base font-bold text-slate-50">
            Open your first pack
          </h2>
          <p className="text-sm text-slate-300">
            {first ? (
              <>
                {`The ${first.name} holds ${first.packSize} new cards for `}
                <CoinAmount value={first.price} className="align-middle" />
                {' coins.'}
              </>
            ) : (
              'Spend your welcome coins on a pack of new cards.'
            )}
          </p>
        </div>
      </div>
      <Link to={paths.shop} className={cn(buttonClasses('primary', 'md'), 'w-full')}>
        <PackageOpen aria-hidden className="size-4" />
        Choose your first pack
      </Link>
    </section>
  );
}
