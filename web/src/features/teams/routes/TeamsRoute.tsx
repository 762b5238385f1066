import { useSearchParams } from 'react-router';

import { Header } from '@/components/Header';
import { QueryError } from '@/components/QueryError';
import { Skeleton } from '@/components/ui/Skeleton';
import { useTeamsWithPlayerCounts } from '@/lib/data/cards';

import { TeamGrid } from '../components/TeamGrid';
import { TeamRoster } from '../components/TeamRoster';
import { MLS_TEAM_COUNT } from '../utils';

/** /teams ('MLS Team Rosters'): the teams, and a team's roster (?team={id}). */
export function TeamsRoute() {
  const teams = useTeamsWithPlayerCounts();
  const [searchParams, setSearchParams] = useSearchParams();
  const teamParam = Number.parseInt(searchParams.get('team') ?? '', 10);
  const selectedId = Number.isInteger(teamParam) && teamParam > 0 ? teamParam : null;

  return (
    <>
      <Header title="MLS Team Rosters" />
      <div className="flex flex-col gap-4 px-4 py-5">
        {selectedId !== null ? (
          <TeamRoster
            teamId={selectedId}
            team={teams.data?.find((team) => team.id === selectedId)}
            onBack={() => setSearchParams({})}
          />
        ) : (
          <>
            <p className="text-sm text-slate-400">
              {`Complete rosters for all ${MLS_TEAM_COUNT} MLS teams. Pick a club to see its players, positions and rarities.`}
            </p>
            {teams.isPending ? (
              <div
                role="status"
                aria-label="Loading teams"
                className="grid grid-cols-2 gap-2.5 lg:grid-cols-4"
              >
                {Array.from({ length: 8 }, (_, index) => (
                  <Skeleton key={index} className="h-36 rounded-2xl" />
                ))}
              </div>
            ) : teams.isError ? (
              <QueryError
                error={teams.error}
                onRetry={() => void teams.refetch()}
                retrying={teams.isFetching}
              />
            ) : (
              <TeamGrid teams={teams.data} onSelect={(team) => setSearchParams({ team: String(team.id) })} />
            )}
          </>
        )}
      </div>
    </>
  );
}
