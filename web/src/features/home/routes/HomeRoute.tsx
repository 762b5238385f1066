import { TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { Header } from '@/components/Header';
import { buttonClasses } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/data/auth';
import { CardDetailDialog } from '@/components/cards/CardDetailDialog';
import { PlayerDetailDialog } from '@/components/cards/PlayerDetailDialog';
import { StarterPackOverlay } from '@/components/cards/StarterPackOverlay';
import type { Card, Player } from '@touchline/contract';
import { cn } from '@/lib/cn';

import { CollectionSummary } from '../components/CollectionSummary';
import { DailyMissions } from '../components/DailyMissions';
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
      <Header title="Touchline" showNotifications />
      <div className="flex flex-col gap-6 px-4 py-5">
        <CollectionSummary user={user} />
        <TrendingPlayers onSelectPlayer={setPlayer} />
        <HomeCollection onSelectCard={setSelected} />
        <DailyMissions />
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
