import { PackageOpen } from 'lucide-react';

import type { UnopenedPack } from '@touchline/contract';

import { Button } from '@/components/ui/Button';
import { useUnopenedPacks } from '@/lib/data/pack-reveal';

import type { OpenedPack } from './opened-pack';

export interface UnopenedPacksProps {
  onOpen: (pack: OpenedPack) => void;
}

/** Packs bought and closed before their reveal (issue 43): each waits here, unopened, until revealed. */
export function UnopenedPacks({ onOpen }: UnopenedPacksProps) {
  const { data: unopened } = useUnopenedPacks();
  if (!unopened || unopened.length === 0) return null;

  const open = (pack: UnopenedPack) =>
    onOpen({
      name: pack.packName,
      cards: pack.cards,
      // What the player paid: the purchase's price, 0 for a squad challenge's reward pack.
      pricePaid: pack.pricePaid,
      ownedBefore: null,
      purchaseId: pack.purchaseId,
    });

  return (
    <section aria-labelledby="unopened-packs-title" className="flex flex-col gap-2">
      <h2 id="unopened-packs-title" className="text-lg font-bold tracking-tight text-slate-50">
        Unopened Packs
      </h2>
      <ul aria-label="Unopened packs" className="flex flex-col gap-2">
        {unopened.map((pack) => (
          <li
            key={pack.purchaseId}
            className="flex items-center justify-between gap-3 rounded-2xl border border-emerald-400/30 bg-emerald-500/10 px-3 py-2.5"
          >
            <div className="flex min-w-0 flex-col">
              <p className="text-sm font-bold text-slate-50">{pack.packName}</p>
              <p className="text-xs text-slate-300">{`${pack.cards.length} cards waiting to be revealed`}</p>
            </div>
            <Button size="sm" aria-label={`Open ${pack.packName}`} onClick={() => open(pack)}>
              <PackageOpen aria-hidden className="size-4" />
              Open
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
