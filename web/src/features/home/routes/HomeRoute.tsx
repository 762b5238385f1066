import { TrendingUp } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';

import { Header } from '@/components/Header';
import { buttonClasses } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/data/auth';
import { starterPackQuery, userCardsQuery } from '@/lib/data/cards';
import { trendingQuery } from '@/lib/data/market';
import type { Card, Player } from '@touchline/contract';
import { cn } from '@/lib/cn';
import { releaseStarterReveal } from '@/lib/moments';

import { neverOpenedAPack } from '@/lib/badges';

import { CollectionSummary } from '../components/CollectionSummary';
import { FirstPackCard } from '../components/FirstPackCard';
import { DailyMissions } from '../components/DailyMissions';
import { HomeCollection } from '../components/HomeCollection';
import { MatchdayTeaser } from '../components/MatchdayTeaser';
import { ShortcutRow } from '../components/ShortcutRow';
import { TrendingPlayers } from '../components/TrendingPlayers';
import { UnopenedPacksNotice } from '../components/UnopenedPacksNotice';

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
  // Home reads selections of its lists, never the lists: an answer or a price tick then re-renders
  // the section that shows it, not the whole screen (eight card faces and the missions) again.
  const { data: hasReveal, isError: noStarterPack } = useQuery({
    ...starterPackQuery,
    select: (pack) => pack.length > 0,
  });
  // A sign-up's toasts wait for the reveal; with no reveal to show they need not wait.
  const noReveal = noStarterPack || hasReveal === false;
  useEffect(() => {
    if (noReveal) releaseStarterReveal();
  }, [noReveal]);
  const [selectedCard, setSelected] = useState<Card | null>(null);
  const [selectedPlayer, setPlayer] = useState<Player | null>(null);
  // The popups show the cached card or player of the same id, so their prices follow the ticks.
  const { data: cachedCard } = useQuery({
    ...userCardsQuery,
    select: (cards) => cards.find((card) => card.id === selectedCard?.id),
  });
  const { data: cachedPlayer } = useQuery({
    ...trendingQuery,
    select: (players) => players.find((p) => p.id === selectedPlayer?.id),
  });
  const selected = selectedCard && (cachedCard ?? selectedCard);
  const player = selectedPlayer && (cachedPlayer ?? selectedPlayer);
  // A dialog stays mounted once opened, so that closing it keeps its exit animation.
  const [cardOpened, setCardOpened] = useState(false);
  const [playerOpened, setPlayerOpened] = useState(false);
  if (!user) return null;

  return (
    <>
      <Header title="Touchline" />
      <div className="flex flex-col gap-6 px-4 py-5">
        <CollectionSummary user={user} />
        {neverOpenedAPack(user.badges) && <FirstPackCard />}
        <UnopenedPacksNotice />
        <ShortcutRow />
        <MatchdayTeaser />
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
      <Suspense fallback={null}>{hasReveal && <StarterPackOverlay />}</Suspense>
    </>
  );
}
