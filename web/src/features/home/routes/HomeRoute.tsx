import { TrendingUp } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';

import { Header } from '@/components/Header';
import { buttonClasses } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/data/auth';
import { useStarterPack } from '@/lib/data/cards';
import type { Card, Player } from '@touchline/contract';
import { cn } from '@/lib/cn';

import { CollectionSummary } from '../components/CollectionSummary';
import { DailyMissions } from '../components/DailyMissions';
import { HomeCollection } from '../components/HomeCollection';
import { TrendingPlayers } from '../components/TrendingPlayers';

// The dialogs (Radix Dialog, its focus and scroll locks) and the starter-pack reveal are their own
// chunks, fetched when first needed: a returning player's home shows none of them at first.
const CardDetailDialog = lazy(() =>
  import('@/components/cards/CardDetailDialog').then((m) => ({ default: m.CardDetailDialog })),
);
const PlayerDetailDialog = lazy(() =>
  import('@/components/cards/PlayerDetailDialog').then((m) => ({ default: m.PlayerDetailDialog })),
);
const StarterPackOverlay = lazy(() =>
  import('@/components/cards/StarterPackOverlay').then((m) => ({ default: m.StarterPackOverlay })),
);

/** / (home). Renders nothing without a user. */
export function HomeRoute() {
  const { data: user } = useUser();
  const { data: starterPack } = useStarterPack();
  const [selected, setSelected] = useState<Card | null>(null);
  const [player, setPlayer] = useState<Player | null>(null);
  // A dialog stays mounted once opened, so that closing it keeps its exit animation.
  const [cardOpened, setCardOpened] = useState(false);
  const [playerOpened, setPlayerOpened] = useState(false);
  if (!user) return null;

  return (
    <>
      <Header title="Touchline" showNotifications />
      <div className="flex flex-col gap-6 px-4 py-5">
        <CollectionSummary user={user} />
        <TrendingPlayers
          onSelectPlayer={(next) => {
            setPlayer(next);
            setPlayerOpened(true);
          }}
        />
        <HomeCollection
          onSelectCard={(next) => {
            setSelected(next);
            setCardOpened(true);
          }}
        />
        <DailyMissions />
      </div>
      <Suspense fallback={null}>
        {cardOpened && <CardDetailDialog card={selected} onClose={() => setSelected(null)} />}
      </Suspense>
      <Suspense fallback={null}>
        {playerOpened && (
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
        )}
      </Suspense>
      <Suspense fallback={null}>{starterPack && starterPack.length > 0 && <StarterPackOverlay />}</Suspense>
    </>
  );
}
