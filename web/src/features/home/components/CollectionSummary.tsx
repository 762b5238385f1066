import { Coins, Hash, Layers, type LucideIcon } from 'lucide-react';

import type { User } from '@/features/auth/api';
import { LogoutButton } from '@/features/auth/components/LogoutButton';
import { formatNumber } from '@/lib/format';

import { avatarInitials, DEFAULT_BADGE } from '../utils';

export function CollectionSummary({ user }: { user: User }) {
  const badge = user.badge?.trim() || DEFAULT_BADGE;

  return (
    <section
      aria-label="Collection summary"
      className="relative overflow-hidden rounded-2xl border border-emerald-400/15 bg-linear-to-br from-emerald-600/25 via-slate-900 to-slate-900 p-5 shadow-xl shadow-black/30"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -top-16 -right-16 size-48 rounded-full border-[10px] border-white/[0.03]"
      />
      <div className="relative flex items-start gap-4">
        <div
          aria-hidden
          className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-linear-to-br from-emerald-400 to-emerald-700 font-display text-2xl font-black text-slate-950 shadow-lg shadow-emerald-500/20"
        >
          {avatarInitials(user.email)}
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-lg leading-tight font-bold text-slate-50">{`Welcome back, ${user.username}`}</h2>
          <p className="truncate text-xs text-slate-400">{`${user.username}'s Collection`}</p>
          <span className="mt-2 inline-flex items-center rounded-full border border-amber-400/30 bg-amber-400/10 px-2 py-0.5 text-[11px] font-bold tracking-wide text-amber-300 uppercase">
            {badge}
          </span>
        </div>
        <LogoutButton variant="ghost" className="-mt-1 -mr-2 text-slate-400" />
      </div>
      <dl className="relative mt-5 grid grid-cols-3 gap-2">
        <Stat icon={Coins} label="Collection Value" value={formatNumber(user.collectionValue ?? 0)} accent />
        <Stat icon={Layers} label="Total Cards" value={formatNumber(user.cardCount ?? 0)} />
        <Stat icon={Hash} label="Rank" value={`#${user.rank ?? '?'}`} />
      </dl>
    </section>
  );
}

function Stat({ icon: Icon, label, value, accent = false }: { icon: LucideIcon; label: string; value: string; accent?: boolean }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-white/5 bg-slate-950/50 px-3 py-2.5">
      <dt className="flex items-center gap-1 text-[10px] font-semibold tracking-wide text-slate-400 uppercase">
        <Icon aria-hidden className="size-3" />
        {label}
      </dt>
      <dd className={accent ? 'text-base font-bold text-amber-300' : 'text-base font-bold text-slate-50'}>{value}</dd>
    </div>
  );
}
