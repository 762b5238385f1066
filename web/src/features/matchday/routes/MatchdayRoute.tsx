import { History } from 'lucide-react';
import { Link } from 'react-router';

import { Header } from '@/components/Header';
import { QueryError } from '@/components/QueryError';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { useUserCards } from '@/lib/data/cards';
import { useCurrentMatchday, useLatestStandings } from '@/lib/data/matchday';

import { MatchdayPanel } from '../components/MatchdayPanel';
import { PointsHelp } from '../components/PointsHelp';
import { StandingsList } from '../components/StandingsList';
import { useServerNow } from '../components/useNow';

/**
 * /matchday: the matchday open for lineups (the countdown to its kickoff and the lineup builder) and
 * the one that kicked off last (the lineup, then its points, rank and reward as they come); the
 * latest standings; how lineups score.
 */
export function MatchdayRoute() {
  const current = useCurrentMatchday();
  const cards = useUserCards();
  const standings = useLatestStandings();
  const now = useServerNow(current.data?.now, current.dataUpdatedAt);
  const view = current.data;
  // A lineup that kicked off is what the player waits on: it comes first while it has one.
  const previous = view?.previous;
  const previousFirst = Boolean(previous?.lineup);
  const previousPanel = previous && (
    <MatchdayPanel matchday={previous.matchday} lineup={previous.lineup} now={now} cards={cards} />
  );

  return (
    <>
      <Header title="Matchday" showBack />
      <div className="flex flex-col gap-5 px-4 py-5 lg:grid lg:grid-cols-2 lg:items-start lg:gap-6">
        <div className="flex flex-col gap-5">
          {current.isPending && (
            <div role="status" aria-label="Loading the matchday" className="flex flex-col gap-3">
              <Skeleton className="h-20 rounded-2xl" />
              <Skeleton className="h-80 rounded-2xl" />
            </div>
          )}
          {current.isError && (
            <QueryError
              error={current.error}
              onRetry={() => void current.refetch()}
              retrying={current.isFetching}
            />
          )}
          {previousFirst && previousPanel}
          {view && <MatchdayPanel matchday={view.matchday} lineup={view.lineup} now={now} cards={cards} />}
          {!previousFirst && previousPanel}
          <Link
            to={paths.matchdayHistory}
            className="inline-flex items-center gap-2 self-start text-sm font-semibold text-emerald-400 hover:text-emerald-300"
          >
            <History aria-hidden className="size-4" />
            Your past lineups
          </Link>
        </div>
        <div className="flex flex-col gap-5">
          <section aria-labelledby="standings" className="flex flex-col gap-2">
            <h2 id="standings" className="text-base font-bold text-slate-50">
              Latest standings
            </h2>
            {standings.isPending && <Skeleton className="h-40 rounded-2xl" />}
            {standings.isError && (
              <QueryError
                error={standings.error}
                onRetry={() => void standings.refetch()}
                retrying={standings.isFetching}
              />
            )}
            {standings.data && <StandingsList standings={standings.data} />}
          </section>
          <PointsHelp />
        </div>
      </div>
    </>
  );
}
