import { TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { Header } from '@/components/Header';
import { buttonClasses } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api';
import { CardDetailDialog } from '@/features/cards/components/CardDetailDialog';
import { PlayerDetailDialog } from '@/features/cards/components/PlayerDetailDialog';
import { StarterPackOverlay } from '@/features/cards/components/StarterPackOverlay';
import type { Card, Player } from '@/features/cards/types';
import { cn } from '@/lib/cn';

import { CollectionSummary } from '../components/CollectionSummary';
import { HomeCollection } from '../components/HomeCollection';
import { TrendingPlayers } from '../components/TrendingPlayers';

/** / (home). Renders nothing without a user. */
export function HomeRoute() {
  const { data: user } = useUser();
  const [selected, setSelected] = useState<Card | null>(null);
  const [player, setPlayer] = useState<Player | null>(null);
  if (!user) return null;

  return (
    <>
      <Header title="Touchline" />
      <div className="flex flex-col gap-6 px-4 py-5">
        <CollectionSummary user={user} />
        <TrendingPlayers onSelectPlayer={setPlayer} />
        <HomeCollection onSelectCard={setSelected} />
      </div>
      <CardDetailDialog card={selected} onClose={() => setSelected(null)} />
      <PlayerDetailDialog
        player={player}
        onClose={() => setPlayer(null)}
        actions={
          <Link to={paths.marketStock} className={cn(buttonClasses('outline', 'lg'), 'w-full')}>
            <TrendingUp aria-hidden className="size-4" />
            View Player Market
          </Link>
        }
      />
      <StarterPackOverlay />
    </>
  );
}
