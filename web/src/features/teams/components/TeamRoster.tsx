import { ArrowLeft, Users } from 'lucide-react';
import { useState } from 'react';

import { QueryError } from '@/components/QueryError';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Skeleton } from '@/components/ui/Skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { useTeamPlayers } from '@/lib/data/cards';
import { TeamLogo } from '@/components/cards/TeamCrest';
import { RarityBadge } from '@/components/cards/RarityBadge';
import { rarityStyle } from '@/components/cards/rarityStyles';
import type { Player, Team } from '@touchline/contract';
import { RARITIES } from '@/lib/cards';
import {
  positionShort,
  matchesRosterTab,
  POSITION_GROUPS,
  ROSTER_TABS,
  type RosterTab,
} from '@/lib/positions';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

import { positionDistribution, rarityDistribution } from '../utils';

export interface TeamRosterProps {
  teamId: number;
  /** The team from the team list, when known. */
  team: Team | undefined;
  onBack: () => void;
}

/** One team's roster: counts, position and rarity distributions and the player table. */
export function TeamRoster({ teamId, team, onBack }: TeamRosterProps) {
  const roster = useTeamPlayers(teamId);
  const shown = team ?? roster.data?.[0]?.team;

  return (
    <div className="flex flex-col gap-4">
      <Button variant="ghost" size="sm" className="-ml-2 self-start" onClick={onBack}>
        <ArrowLeft aria-hidden className="size-4" />
        All Teams
      </Button>

      {shown && (
        <div className="relative flex items-center gap-4 overflow-hidden rounded-2xl border border-white/5 bg-slate-900/70 p-4">
          <div
            aria-hidden
            className="absolute inset-0 opacity-30"
            style={{
              background: `linear-gradient(120deg, ${shown.primaryColor} 0%, transparent 55%, ${shown.secondaryColor} 140%)`,
            }}
          />
          <TeamLogo team={shown} className="relative h-16 w-14" />
          <div className="relative flex min-w-0 flex-col gap-0.5">
            <h2 className="font-display text-2xl leading-tight font-extrabold tracking-tight text-white uppercase">
              {shown.name}
            </h2>
            {team && (
              <p className="text-xs text-slate-300">{`${team.city} · ${team.conference} Conference`}</p>
            )}
            {roster.data && (
              <p className="inline-flex items-center gap-1 text-xs font-semibold text-emerald-300">
                <Users aria-hidden className="size-3.5" />
                {`${roster.data.length} players`}
              </p>
            )}
          </div>
        </div>
      )}

      {roster.isPending ? (
        <div role="status" aria-label="Loading roster" className="flex flex-col gap-2">
          <Skeleton className="h-20" />
          <Skeleton className="h-28" />
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-9" />
          ))}
        </div>
      ) : roster.isError ? (
        <QueryError error={roster.error} onRetry={() => void roster.refetch()} retrying={roster.isFetching} />
      ) : (
        <RosterDetails players={roster.data} />
      )}
    </div>
  );
}

function RosterDetails({ players }: { players: Player[] }) {
  const [tab, setTab] = useState<RosterTab>('All');
  const positions = positionDistribution(players);
  const rarities = rarityDistribution(players);
  const maxRarity = Math.max(1, ...Object.values(rarities));
  const shown = players.filter((player) => matchesRosterTab(player.position, tab));

  return (
    <>
      <section aria-label="Position distribution">
        <dl className="grid grid-cols-4 gap-2">
          {POSITION_GROUPS.map((group) => (
            <div
              key={group}
              className="flex flex-col-reverse items-center gap-0.5 rounded-xl border border-white/5 bg-slate-900/70 px-1 py-2.5"
            >
              <dt className="text-[10px] font-medium text-slate-400">{group}</dt>
              <dd className="text-lg font-black text-slate-50">{positions[group]}</dd>
            </div>
          ))}
        </dl>
      </section>

      <Card className="p-4">
        <h3 className="mb-3 text-xs font-bold tracking-wide text-slate-400 uppercase">Rarity distribution</h3>
        <dl className="flex flex-col gap-2">
          {RARITIES.map((rarity) => (
            <div key={rarity} className="grid grid-cols-[7.5rem_1fr_1.75rem] items-center gap-2">
              <dt className={cn('truncate text-xs font-semibold', rarityStyle(rarity).text)}>{rarity}</dt>
              <div aria-hidden className="h-1.5 overflow-hidden rounded-full bg-slate-800">
                <div
                  className={cn('h-full rounded-full', rarityStyle(rarity).bar)}
                  style={{ width: `${(rarities[rarity] / maxRarity) * 100}%` }}
                />
              </div>
              <dd className="text-right text-xs font-bold text-slate-100 tabular-nums">{rarities[rarity]}</dd>
            </div>
          ))}
        </dl>
      </Card>

      {/* Each position tab owns its panel: the table filtered to that position. */}
      <Tabs value={tab} onValueChange={(value) => setTab(value as RosterTab)}>
        <TabsList aria-label="Filter roster by position">
          {ROSTER_TABS.map((option) => (
            <TabsTrigger key={option} value={option} className="px-1 text-xs">
              {option}
            </TabsTrigger>
          ))}
        </TabsList>
        {ROSTER_TABS.map((option) => (
          <TabsContent key={option} value={option} className="mt-4">
            <RosterTable players={shown} />
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}

function RosterTable({ players }: { players: Player[] }) {
  return (
    <div className="overflow-hidden rounded-2xl border border-white/5 bg-slate-900/70">
      <table className="w-full table-fixed text-left text-xs">
        {/* Headers may wrap (Base / Price) but never run into each other at phone width. */}
        <thead className="bg-slate-900 align-bottom text-[10px] leading-tight text-slate-400 uppercase">
          <tr>
            <th scope="col" className="w-[30%] py-2.5 pr-1 pl-3 font-semibold">
              Name
            </th>
            <th scope="col" className="w-[17%] px-1 py-2.5 font-semibold">
              Position
            </th>
            <th scope="col" className="w-[15%] px-1 py-2.5 text-center font-semibold">
              Rarity
            </th>
            <th scope="col" className="w-[19%] px-1 py-2.5 text-right font-semibold">
              Base Price
            </th>
            <th scope="col" className="w-[19%] py-2.5 pr-3 pl-1 text-right font-semibold">
              Current Price
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5">
          {players.map((player) => (
            <tr key={player.id} className="transition-colors hover:bg-white/[0.03]">
              <td className="py-2.5 pr-1 pl-3 font-semibold break-words text-slate-100">{player.name}</td>
              <td className="truncate px-1 py-2.5 text-slate-400" title={player.position}>
                {positionShort(player)}
              </td>
              <td className="px-1 py-2.5 text-center">
                <RarityBadge rarity={player.rarity} size="short" />
              </td>
              <td className="px-1 py-2.5 text-right text-slate-400 tabular-nums">
                {formatNumber(player.basePrice)}
              </td>
              <td className="py-2.5 pr-3 pl-1 text-right font-bold text-amber-300 tabular-nums">
                {formatNumber(player.currentPrice)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {players.length === 0 && (
        <p className="px-3 py-6 text-center text-xs text-slate-400">No players in this position</p>
      )}
    </div>
  );
}
