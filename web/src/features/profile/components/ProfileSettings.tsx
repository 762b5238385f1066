import { format, isValid, parseISO } from 'date-fns';
import {
  ChevronRight,
  Coins,
  Gauge,
  KeyRound,
  LifeBuoy,
  Mail,
  Ticket,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

import { Card } from '@/components/ui/Card';
import { Label } from '@/components/ui/Input';
import { paths } from '@/config/paths';
import type { User } from '@touchline/contract';

import { SUPPORT_EMAIL } from '../utils';
import { ChangePasswordForm } from './ChangePasswordForm';
import { FavoriteTeamPicker } from './FavoriteTeamPicker';
import { SpendingLimitForm } from './SpendingLimitForm';
import { UsernameForm } from './UsernameForm';

function memberSince(createdAt: string): string {
  const date = parseISO(createdAt);
  return isValid(date) ? format(date, 'MMMM d, yyyy') : 'Unknown';
}

/** Settings tab: account details, favorite team, username, password, coins and support. */
export function ProfileSettings({ user }: { user: User }) {
  const favoriteLabelId = useId();

  return (
    <div className="flex flex-col gap-4">
      <Section title="Account">
        <dl className="flex flex-col gap-3">
          <div className="flex items-center justify-between gap-3">
            <dt className="text-xs font-semibold tracking-wide text-slate-400">Email</dt>
            <dd className="min-w-0 truncate text-sm font-medium text-slate-100">{user.email}</dd>
          </div>
          <div className="flex items-center justify-between gap-3">
            <dt className="text-xs font-semibold tracking-wide text-slate-400">Member since</dt>
            <dd className="text-sm font-medium text-slate-100">{memberSince(user.createdAt)}</dd>
          </div>
        </dl>
        <UsernameForm key={user.username} user={user} />
        <div className="flex flex-col gap-1.5">
          <Label id={favoriteLabelId}>Favorite Team</Label>
          <FavoriteTeamPicker user={user} labelId={favoriteLabelId} />
        </div>
      </Section>

      <Section title="Change Password" icon={KeyRound}>
        <ChangePasswordForm />
      </Section>

      <Section title="Coins" icon={Coins}>
        <nav aria-label="Coins" className="flex flex-col gap-2">
          <LinkRow to={paths.purchaseCoins} icon={Coins}>
            Purchase Coins
          </LinkRow>
          <LinkRow to={paths.cashout} icon={Wallet}>
            Cash Out Coins
          </LinkRow>
          <LinkRow to={`${paths.purchaseCoins}?tab=redeem`} icon={Ticket}>
            Redeem Promo Code
          </LinkRow>
        </nav>
      </Section>

      <Section title="Monthly spending limit" icon={Gauge}>
        <SpendingLimitForm />
      </Section>

      <Section title="Support" icon={LifeBuoy}>
        <p className="text-sm text-slate-400">Questions about your account or a purchase? Write to us:</p>
        <a
          href={`mailto:${SUPPORT_EMAIL}`}
          className="inline-flex items-center gap-2 self-start text-sm font-semibold text-emerald-400 hover:text-emerald-300"
        >
          <Mail aria-hidden className="size-4" />
          {SUPPORT_EMAIL}
        </a>
      </Section>
    </div>
  );
}

function Section({ title, icon: Icon, children }: { title: string; icon?: LucideIcon; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-4 p-4">
      <h3 className="flex items-center gap-2 text-sm font-bold text-slate-50">
        {Icon && <Icon aria-hidden className="size-4 text-emerald-400" />}
        {title}
      </h3>
      {children}
    </Card>
  );
}

function LinkRow({ to, icon: Icon, children }: { to: string; icon: LucideIcon; children: string }) {
  return (
    <Link
      to={to}
      className="flex h-11 items-center gap-3 rounded-xl border border-white/5 bg-slate-950/50 px-3 text-sm font-semibold text-slate-100 transition-colors hover:border-white/10 hover:bg-slate-800/60"
    >
      <Icon aria-hidden className="size-4 text-amber-300" />
      <span className="flex-1">{children}</span>
      <ChevronRight aria-hidden className="size-4 text-slate-400" />
    </Link>
  );
}
