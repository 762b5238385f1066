import { ChevronRight, Coins, Layers, ShoppingBag, Users, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { QueryError } from '@/components/QueryError';
import { buttonClasses } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { useUserCards } from '@/lib/data/cards';
import { CardDetailDialog } from '@/components/cards/CardDetailDialog';
import { CardTile } from '@/components/cards/CardTile';
import { TeamLogo } from '@/components/cards/TeamCrest';
import { rarityStyle } from '@/components/cards/rarityStyles';
import type { Card as OwnedCard } from '@touchline/contract';
import { collectionValue, rarityAbbreviation } from '@/lib/cards';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

import { cardsByTeam, cardsByRarity, RECENT_ACQUISITIONS } from '../utils';

/** Stats tab: collection overview, breakdown by rarity and team, and the newest cards. */
export function ProfileStats() {
  const { data: cards, isPending, isError, error, refetch, isFetching } = useUserCards();
  const [selected, setSelected] = useState<OwnedCard | null>(null);

  if (isPending) {
    return (
      <div role="status" aria-label="Loading stats" className="flex flex-col gap-3">
        <div className="grid grid-cols-3 gap-2">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-20" />
          ))}
        </div>
        <Skeleton className="h-44 rounded-2xl" />
        <Skeleton className="h-40 rounded-2xl" />
      </div>
    );
  }
  if (isError) return <QueryError error={error} onRetry={() => void refetch()} retrying={isFetching} />;

  const uniquePlayers = new Set(cards.map((card) => card.player.id)).size;
  const rarities = cardsByRarity(cards);
  const teams = cardsByTeam(cards);
  const maxRarity = Math.max(1, ...rarities.map((entry) => entry.count));

  return (
    <div className="flex flex-col gap-4">
      <section aria-label="Collection overview">
        <dl className="grid grid-cols-3 gap-2">
          <Tile icon={Layers} label="Total Cards" value={formatNumber(cards.length)} />
          <Tile icon={Users} label="Unique Players" value={formatNumber(uniquePlayers)} />
          <Tile icon={Coins} label="Collection Value" value={formatNumber(collectionValue(cards))} accent />
        </dl>
      </section>

      {cards.length > 0 && (
        <>
          <Card className="p-4">
            <h3 className="mb-3 text-xs font-bold tracking-wide text-slate-400 uppercase">By rarity</h3>
            <dl className="flex flex-col gap-2.5">
              {rarities.map(({ rarity, count }) => (
                <div key={rarity} className="grid grid-cols-[1.75rem_7.25rem_1fr_2rem] items-center gap-2">
                  <span
                    aria-hidden
                    className={cn(
                      'rounded-md border py-0.5 text-center text-[10px] font-black',
                      rarityStyle(rarity).badge,
                    )}
                  >
                    {rarityAbbreviation(rarity)}
                  </span>
                  <dt className="truncate text-xs font-semibold text-slate-300">{rarity}</dt>
                  <div aria-hidden className="h-1.5 overflow-hidden rounded-full bg-slate-800">
                    <div
                      className={cn('h-full rounded-full', rarityStyle(rarity).bar)}
                      style={{ width: `${(count / maxRarity) * 100}%` }}
                    />
                  </div>
                  <dd className="text-right text-xs font-bold text-slate-100 tabular-nums">{count}</dd>
                </div>
              ))}
            </dl>
          </Card>

          <Card className="p-4">
            <h3 className="mb-3 text-xs font-bold tracking-wide text-slate-400 uppercase">By club</h3>
            <dl className="flex flex-col gap-2">
              {teams.map(({ team, count }) => (
                <div key={team.id} className="flex items-center gap-2.5">
                  <TeamLogo team={team} className="h-6 w-5" />
                  <dt className="min-w-0 flex-1 truncate text-sm text-slate-200">{team.name}</dt>
                  <dd className="text-sm font-bold text-slate-50 tabular-nums">{`${count} ${count === 1 ? 'card' : 'cards'}`}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </>
      )}

      <section aria-labelledby="recent-acquisitions" className="flex flex-col gap-3">
        <div className="flex items-center justify-between">
          <h3 id="recent-acquisitions" className="text-base font-bold text-slate-50">
            Recent Acquisitions
          </h3>
          {cards.length > 0 && (
            <Link
              to={paths.collection}
              className="inline-flex items-center gap-0.5 text-sm font-semibold text-emerald-400 hover:text-emerald-300"
            >
              View All
              <ChevronRight aria-hidden className="size-4" />
            </Link>
          )}
        </div>
        {cards.length === 0 ? (
          <EmptyState
            icon={Layers}
            title="No cards in your collection yet"
            action={
              <Link to={paths.market} className={buttonClasses('primary', 'sm')}>
                <ShoppingBag aria-hidden className="size-3.5" />
                Visit Market
              </Link>
            }
          />
        ) : (
          <ul aria-label="Recent acquisitions" className="grid grid-cols-4 gap-2 lg:grid-cols-8">
            {cards.slice(0, RECENT_ACQUISITIONS).map((card) => (
              <li key={card.id}>
                <CardTile card={card} onSelect={setSelected} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <CardDetailDialog card={selected} onClose={() => setSelected(null)} />
    </div>
  );
}

function Tile({
  icon: Icon,
  label,
  value,
  accent = false,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  accent?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-0.5 rounded-xl border border-white/5 bg-slate-900/70 px-3 py-3">
      <dt className="text-[11px] font-medium text-slate-400">{label}</dt>
      <dd className="flex items-center gap-1.5">
        <Icon aria-hidden className={cn('size-4 shrink-0', accent ? 'text-amber-300' : 'text-emerald-400')} />
        <span className={cn('truncate text-lg font-bold', accent ? 'text-amber-300' : 'text-slate-50')}>
          {value}
        </span>
      </dd>
    </div>
  );
}
