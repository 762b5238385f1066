import { CalendarClock } from 'lucide-react';

import type { Card as OwnCard, Lineup, MatchdayInfo } from '@touchline/contract';

import { QueryError } from '@/components/QueryError';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Skeleton } from '@/components/ui/Skeleton';
import { formatWeekdayTime } from '@/lib/format';

import { countdown, phaseOf } from '../utils';

import { LineupBuilder } from './LineupBuilder';
import { LineupView } from './LineupView';

const when = (iso: string) => formatWeekdayTime(new Date(iso));

export interface MatchdayPanelProps {
  matchday: MatchdayInfo;
  lineup: Lineup | null;
  /** The server's time now. */
  now: number;
  /** The user's cards, for the builder while the matchday is open. */
  cards: {
    data?: OwnCard[];
    isPending: boolean;
    isError: boolean;
    error: Error | null;
    refetch: () => unknown;
    isFetching: boolean;
  };
}

/** One matchday: before kickoff the countdown and the lineup builder; after it the lineup and its points. */
export function MatchdayPanel({ matchday, lineup, now, cards }: MatchdayPanelProps) {
  const phase = phaseOf(matchday, now);
  const titleId = `matchday-${matchday.id}`;
  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <CalendarClock aria-hidden className="size-5 text-emerald-400" />
          {`Matchday ${matchday.id}`}
        </CardTitle>
        {phase === 'open' ? (
          <p className="text-sm text-slate-300">
            {'Lineups lock in '}
            <time dateTime={matchday.locksAt} className="font-bold text-emerald-300 tabular-nums">
              {countdown(Date.parse(matchday.locksAt) - now)}
            </time>
            {` (kickoff ${when(matchday.locksAt)}) · ${matchday.entries} lineups fielded`}
          </p>
        ) : phase === 'locked' ? (
          <p className="text-sm text-slate-300">
            {`Locked at kickoff. Results and points ${
              Date.parse(matchday.resultsAt) > now
                ? `in ${countdown(Date.parse(matchday.resultsAt) - now)}`
                : 'any moment now'
            }.`}
          </p>
        ) : (
          <p className="text-sm text-slate-300">Scored: the points are in.</p>
        )}
      </CardHeader>
      <CardContent>
        {phase === 'open' && cards.data && (
          <LineupBuilder key={matchday.id} matchdayId={matchday.id} cards={cards.data} lineup={lineup} />
        )}
        {phase === 'open' && cards.isPending && <Skeleton className="h-72 rounded-xl" />}
        {phase === 'open' && cards.isError && (
          <QueryError error={cards.error} onRetry={() => void cards.refetch()} retrying={cards.isFetching} />
        )}
        {phase !== 'open' &&
          (lineup ? (
            <LineupView lineup={lineup} entries={matchday.entries} />
          ) : (
            <p className="text-sm text-slate-400">You fielded no lineup for this matchday.</p>
          ))}
      </CardContent>
    </Card>
  );
}
