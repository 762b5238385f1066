import { CalendarClock, History } from 'lucide-react';
import { Link } from 'react-router';

import { Header } from '@/components/Header';
import { QueryError } from '@/components/QueryError';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { useUserCards } from '@/lib/data/cards';
import { useCurrentMatchday, useLatestStandings } from '@/lib/data/matchday';

import { LineupBuilder } from '../components/LineupBuilder';
import { LineupView } from '../components/LineupView';
import { PointsHelp } from '../components/PointsHelp';
import { StandingsList } from '../components/StandingsList';
import { useServerNow } from '../components/useNow';
import { countdown, phaseOf } from '../utils';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' });

/** /matchday: this matchday's lineup builder and lock countdown, then its points; the standings; the rules. */
export function MatchdayRoute() {
  const current = useCurrentMatchday();
  const cards = useUserCards();
  const standings = useLatestStandings();
  const now = useServerNow(current.data?.now, current.dataUpdatedAt);
  const view = current.data;
  const phase = view ? phaseOf(view, now) : undefined;

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
          {view && (
            <Card>
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <CalendarClock aria-hidden className="size-5 text-emerald-400" />
                  {`Matchday ${view.matchday.id}`}
                </CardTitle>
                {phase === 'open' ? (
                  <p className="text-sm text-slate-300">
                    {'Lineups lock in '}
                    <time
                      dateTime={view.matchday.locksAt}
                      className="font-bold text-emerald-300 tabular-nums"
                    >
                      {countdown(Date.parse(view.matchday.locksAt) - now)}
                    </time>
                    {` (kickoff ${when(view.matchday.locksAt)}) · ${view.matchday.entries} lineups fielded`}
                  </p>
                ) : phase === 'locked' ? (
                  <p className="text-sm text-slate-300">
                    {`Locked at kickoff. Results and points ${
                      Date.parse(view.matchday.resultsAt) > now
                        ? `in ${countdown(Date.parse(view.matchday.resultsAt) - now)}`
                        : 'any moment now'
                    }.`}
                  </p>
                ) : (
                  <p className="text-sm text-slate-300">Scored: the points are in.</p>
                )}
              </CardHeader>
              <CardContent>
                {phase === 'open' && cards.data && (
                  <LineupBuilder
                    key={view.matchday.id}
                    matchdayId={view.matchday.id}
                    cards={cards.data}
                    lineup={view.lineup}
                  />
                )}
                {phase === 'open' && cards.isPending && <Skeleton className="h-72 rounded-xl" />}
                {phase === 'open' && cards.isError && (
                  <QueryError
                    error={cards.error}
                    onRetry={() => void cards.refetch()}
                    retrying={cards.isFetching}
                  />
                )}
                {phase !== 'open' &&
                  (view.lineup ? (
                    <LineupView lineup={view.lineup} entries={view.matchday.entries} />
                  ) : (
                    <p className="text-sm text-slate-400">
                      You fielded no lineup for this matchday. The next one opens at kickoff.
                    </p>
                  ))}
              </CardContent>
            </Card>
          )}
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
