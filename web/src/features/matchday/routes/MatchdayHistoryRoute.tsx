import { History } from 'lucide-react';
import { Link } from 'react-router';

import { Header } from '@/components/Header';
import { LoadMoreButton } from '@/components/LoadMoreButton';
import { QueryError } from '@/components/QueryError';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { useLineupHistory } from '@/lib/data/matchday';
import { itemsOf } from '@/lib/data/pages';

import { LineupView } from '../components/LineupView';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** /matchday/history: the player's lineups, newest first, with their points, rank and reward. */
export function MatchdayHistoryRoute() {
  const history = useLineupHistory();
  const items = itemsOf(history.data, (item) => item.id);
  return (
    <>
      <Header title="Past lineups" showBack />
      <div className="flex flex-col gap-4 px-4 py-5">
        {history.isPending && (
          <div role="status" aria-label="Loading your past lineups" className="flex flex-col gap-3">
            <Skeleton className="h-48 rounded-2xl" />
            <Skeleton className="h-48 rounded-2xl" />
          </div>
        )}
        {history.isError && (
          <QueryError
            error={history.error}
            onRetry={() => void history.refetch()}
            retrying={history.isFetching}
          />
        )}
        {history.data && items.length === 0 && (
          <EmptyState
            icon={History}
            title="No lineups yet"
            description="Field five of your cards before kickoff and they score from the matches."
            action={
              <Link
                to={paths.matchday}
                className="text-sm font-semibold text-emerald-400 hover:text-emerald-300"
              >
                Field a lineup
              </Link>
            }
          />
        )}
        {items.length > 0 && (
          <ul aria-label="Past lineups" className="flex flex-col gap-4">
            {items.map((item) => (
              <li key={item.id}>
                <Card>
                  <CardHeader>
                    <CardTitle>{`Matchday ${item.matchday.id}`}</CardTitle>
                    <p className="text-xs text-slate-400">
                      {`Kickoff ${day(item.matchday.locksAt)} · ${
                        item.matchday.state === 'scored'
                          ? 'scored'
                          : item.matchday.state === 'locked'
                            ? 'locked, waiting for results'
                            : 'open'
                      }`}
                    </p>
                  </CardHeader>
                  <CardContent>
                    <LineupView lineup={item.lineup} entries={item.matchday.entries} />
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
        <LoadMoreButton pages={history} />
      </div>
    </>
  );
}
