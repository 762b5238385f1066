import { BarChart3, Settings, Trophy } from 'lucide-react';
import { useSearchParams } from 'react-router';

import { Header } from '@/components/Header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { useUser } from '@/lib/data/auth';
import { LogoutButton } from '@/components/LogoutButton';
import { useTeams } from '@/lib/data/cards';
import { TeamLogo } from '@/components/cards/TeamCrest';
import { avatarInitials, DEFAULT_BADGE } from '@/lib/badges';
import { IncomingTradesBanner } from '@/components/trades/IncomingTradesBanner';

import { ProfileAchievements } from '../components/ProfileAchievements';
import { ProfileSettings } from '../components/ProfileSettings';
import { ProfileStats } from '../components/ProfileStats';

/** /profile: stats, achievements and settings. Renders nothing without a user. */
export function ProfileRoute() {
  const { data: user } = useUser();
  const teams = useTeams();
  const [searchParams] = useSearchParams();
  if (!user) return null;

  const favorite = teams.data?.find((team) => team.id === user.favoriteTeamId);

  return (
    <>
      <Header title="Profile" />
      <div className="flex flex-col gap-5 px-4 py-5">
        <IncomingTradesBanner />
        <section
          aria-label="Player card"
          className="relative flex items-center gap-4 overflow-hidden rounded-2xl border border-white/5 bg-linear-to-br from-slate-800/80 via-slate-900 to-slate-900 p-4"
        >
          {favorite && (
            <div
              aria-hidden
              className="absolute inset-0 opacity-25"
              style={{
                background: `linear-gradient(120deg, transparent 40%, ${favorite.primaryColor} 130%)`,
              }}
            />
          )}
          <div
            aria-hidden
            className="relative flex size-14 shrink-0 items-center justify-center rounded-2xl bg-linear-to-br from-emerald-400 to-emerald-700 font-display text-2xl font-black text-slate-950 shadow-lg shadow-emerald-500/20"
          >
            {avatarInitials(user.email)}
          </div>
          <div className="relative flex min-w-0 flex-1 flex-col items-start gap-1">
            <p className="max-w-full truncate text-lg leading-tight font-bold text-slate-50">
              {user.username}
            </p>
            <span className="inline-flex items-center rounded-full border border-amber-400/30 bg-amber-400/10 px-2 py-0.5 text-[11px] font-bold tracking-wide text-amber-300 uppercase">
              {user.badge?.trim() || DEFAULT_BADGE}
            </span>
          </div>
          {favorite && (
            <TeamLogo
              team={favorite}
              label={`Favorite team: ${favorite.name}`}
              className="relative h-12 w-10"
            />
          )}
        </section>

        {/* ?tab=settings opens Settings (the wallet sheet's Spending limit and Purchase Coins link there). */}
        <Tabs
          key={searchParams.get('tab') ?? ''}
          defaultValue={searchParams.get('tab') === 'settings' ? 'settings' : 'stats'}
        >
          <TabsList aria-label="Profile sections">
            <TabsTrigger value="stats" className="px-1.5 text-xs whitespace-nowrap">
              <BarChart3 aria-hidden className="size-3.5" />
              Stats
            </TabsTrigger>
            <TabsTrigger value="achievements" className="px-1.5 text-xs whitespace-nowrap">
              <Trophy aria-hidden className="size-3.5" />
              Achievements
            </TabsTrigger>
            <TabsTrigger value="settings" className="px-1.5 text-xs whitespace-nowrap">
              <Settings aria-hidden className="size-3.5" />
              Settings
            </TabsTrigger>
          </TabsList>
          <TabsContent value="stats">
            <ProfileStats />
          </TabsContent>
          <TabsContent value="achievements">
            <ProfileAchievements badges={user.badges ?? []} />
          </TabsContent>
          <TabsContent value="settings">
            <ProfileSettings user={user} />
          </TabsContent>
        </Tabs>

        <div className="flex items-center justify-between gap-3 rounded-2xl border border-white/5 bg-slate-900/50 px-4 py-3">
          <p className="min-w-0 truncate text-xs text-slate-400">{`Signed in as ${user.email}`}</p>
          <LogoutButton variant="outline" className="shrink-0" />
        </div>
      </div>
    </>
  );
}
