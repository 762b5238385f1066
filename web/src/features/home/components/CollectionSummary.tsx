import { Coins, Hash, Layers, type LucideIcon } from 'lucide-react';

import { Link } from 'react-router';

import type { User } from '@touchline/contract';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/format';

import { avatarInitials, DEFAULT_BADGE } from '@/lib/badges';

/** Greeting and collection summary built from the session user. */
export function CollectionSummary({ user }: { user: User }) {
  const badge = user.badge?.trim() || DEFAULT_BADGE;

  return (
    <section
      aria-label="Collection summary"
      className="relative overflow-hidden rounded-2xl border border-emerald-400/15 bg-linear-to-br from-emerald-600/25 via-slate-900 to-slate-900 shadow-xl shadow-black/30"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -top-16 -right-16 size-48 rounded-full border-[10px] border-white/[0.03]"
      />
      <div className="relative flex items-center gap-4 p-5 pb-4">
        <div
          aria-hidden
          className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-linear-to-br from-emerald-400 to-emerald-700 font-display text-2xl font-black text-slate-950 shadow-lg shadow-emerald-500/20"
        >
          {avatarInitials(user.email)}
        </div>
        <div className="flex min-w-0 flex-1 flex-col items-start gap-1">
          <h2 className="text-lg leading-tight font-bold break-words text-slate-50">{`${user.returning ? 'Welcome back' : 'Welcome'}, ${user.username}`}</h2>
          <div className="flex flex-wrap items-center gap-2">
            <span className="inline-flex items-center rounded-full border border-amber-400/30 bg-amber-400/10 px-2 py-0.5 text-[11px] font-bold tracking-wide text-amber-300 uppercase">
              {badge}
            </span>
            <span className="text-xs text-slate-400">{`${user.username}'s Collection`}</span>
          </div>
        </div>
      </div>
      <dl className="relative grid grid-cols-3 gap-2 px-5">
        <Stat icon={Coins} label="Collection Value" value={formatNumber(user.collectionValue ?? 0)} accent />
        <Stat icon={Layers} label="Total Cards" value={formatNumber(user.cardCount ?? 0)} />
        <Stat icon={Hash} label="Rank" value={`#${user.rank ?? '?'}`} to={paths.leaderboard} />
      </dl>
      <p className="relative mt-4 truncate border-t border-white/5 px-5 py-3 text-xs text-slate-400">
        {`Signed in as ${user.email}`}
      </p>
    </section>
  );
}

interface StatProps {
  icon: LucideIcon;
  label: string;
  value: string;
  accent?: boolean;
  /** Makes the value a link (the rank leads to the leaderboard). */
  to?: string;
}

function Stat({ icon: Icon, label, value, accent = false, to }: StatProps) {
  return (
    <div className="flex flex-col-reverse gap-0.5 rounded-xl border border-white/5 bg-slate-950/50 px-3 py-3">
      <dt className="text-[11px] font-medium text-slate-400">{label}</dt>
      <dd className="flex items-center gap-1.5">
        <Icon aria-hidden className={accent ? 'size-4 text-amber-300' : 'size-4 text-emerald-400'} />
        {to ? (
          <Link
            to={to}
            className="text-lg font-bold text-slate-50 underline-offset-4 hover:text-emerald-300 hover:underline"
          >
            {value}
          </Link>
        ) : (
          <span className={accent ? 'text-lg font-bold text-amber-300' : 'text-lg font-bold text-slate-50'}>
            {value}
          </span>
        )}
      </dd>
    </div>
  );
}
