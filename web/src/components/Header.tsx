import { ArrowLeft, Coins, LayoutDashboard, ShieldCheck, Upload } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { PendingCashoutsBadge } from '@/components/PendingCashoutsBadge';
import { useUser } from '@/lib/data/auth';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useValueChange } from '@/lib/use-value-change';

import { LogoMark } from './Logo';
import { useToastBelowHeader } from './header-offset';
import { NotificationBell } from './notifications/NotificationBell';

/** Loaded on the first tap of the balance: no screen's first load pays for it. */
const WalletSheet = lazy(() => import('./wallet/WalletSheet'));

export interface HeaderProps {
  title: string;
  /** Shows a back arrow to / instead of the logo. */
  showBack?: boolean;
  /** Extra controls on the right, after the balance and the bell (for example search). */
  actions?: ReactNode;
  /** Links to related screens, in a row under the title (the Market's Trade Center). */
  links?: ReactNode;
}

/**
 * The one header of every signed-in screen: logo or back arrow, title, the 'Balance: N' pill once the
 * coins are known, the notifications bell, then the screen's own controls. A long title is set smaller,
 * and what still does not fit wraps onto a second line: never cut, so 'Trade Marketplace' and 'MLS Team
 * Rosters' read whole at 360 px (issue 43, item 13). A route change focuses it (useFocusHeading). Its
 * rows place the toasts just under them, in a band it opens for them (header-offset.ts, lib/toast.ts).
 */
export function Header({ title, showBack = false, actions, links }: HeaderProps) {
  const { data: user } = useUser();
  const coins = user?.coins;
  const ref = useRef<HTMLElement>(null);
  useToastBelowHeader(ref);

  return (
    <header ref={ref} className="sticky top-0 z-30 border-b border-white/5 bg-slate-950/85 backdrop-blur-md">
      <div className="flex min-h-14 items-center gap-2 px-4 py-1.5">
        {showBack ? (
          <Link
            to={paths.home}
            aria-label="Back to home"
            className="-ml-1.5 inline-flex size-9 shrink-0 items-center justify-center rounded-xl text-slate-300 transition-colors hover:bg-slate-800 hover:text-white"
          >
            <ArrowLeft aria-hidden className="size-5" />
          </Link>
        ) : (
          <Link to={paths.home} aria-label="Touchline home" className="shrink-0 rounded-lg">
            <LogoMark />
          </Link>
        )}
        <div className="@container min-w-0 flex-1">
          <h1
            tabIndex={-1}
            className="font-display leading-tight font-bold tracking-tight text-balance wrap-break-word focus:outline-none"
            style={{ fontSize: headerTitleFontSize(title) }}
          >
            {title}
          </h1>
        </div>
        <div className="flex shrink-0 items-center gap-1.5">
          {coins !== undefined && <BalancePill coins={coins} />}
          <NotificationBell />
          {actions}
        </div>
      </div>
      {links && <div className="flex items-center justify-end gap-2 px-4 pb-2">{links}</div>}
      {user?.isAdmin && (
        <nav aria-label="Admin" className="flex items-center justify-end gap-2 px-4 pb-2">
          <AdminLink to={paths.admin} icon={<ShieldCheck aria-hidden className="size-3.5" />}>
            Admin Tools
          </AdminLink>
          <AdminLink to={paths.adminDashboard} icon={<LayoutDashboard aria-hidden className="size-3.5" />}>
            Dashboard
          </AdminLink>
          <AdminLink to={paths.adminMatchdays} icon={<Upload aria-hidden className="size-3.5" />}>
            Results
          </AdminLink>
          <PendingCashoutsBadge />
        </nav>
      )}
      {/* While a toast is up, the header grows by its height and the toast sits in that band: it
          covers neither the header nor the screen's tabs and fields, which move down instead. */}
      <div aria-hidden data-toast-room className="h-(--toast-room)" />
    </header>
  );
}

/** About how wide a character of the bold title face is, in ems (wide fallbacks included). */
const TITLE_EM_PER_CHAR = 0.7;

/**
 * The title's font size: full size (1.125rem) when it fits the room left beside the logo, balance and
 * bell (the wrapper is a size container, 100cqi its width), smaller as that room shrinks, never below
 * 0.875rem (still read at a glance); past that the title wraps.
 */
export function headerTitleFontSize(title: string): string {
  const ems = Math.max(title.length, 1) * TITLE_EM_PER_CHAR;
  return `clamp(0.875rem, calc(100cqi / ${ems.toFixed(2)}), 1.125rem)`;
}

const pillTones = {
  up: 'border-emerald-400/60 bg-emerald-400/15 text-emerald-200 motion-safe:scale-110',
  down: 'border-rose-400/60 bg-rose-400/15 text-rose-200 motion-safe:scale-110',
  none: 'border-amber-400/30 bg-amber-400/10 text-amber-300',
};

/**
 * 'Balance: N', a button that opens the wallet sheet. When the coins change (a sale elsewhere, a
 * refund, a reward) it lights up green or red for a moment, and grows a little unless the user asked
 * for reduced motion.
 */
function BalancePill({ coins }: { coins: number }) {
  const change = useValueChange(coins);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        data-change={change ?? undefined}
        className={cn(
          'inline-flex items-center gap-1 rounded-full border px-2 py-1 text-[11px] font-semibold whitespace-nowrap',
          'transition-[color,background-color,border-color,scale] duration-300 motion-reduce:transition-none',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
          pillTones[change ?? 'none'],
        )}
      >
        <Coins aria-hidden className="size-3" />
        <span>{`Balance: ${formatNumber(coins)}`}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <WalletSheet open onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

function AdminLink({ to, icon, children }: { to: string; icon: ReactNode; children: string }) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex items-center gap-1 rounded-full border border-violet-400/30 bg-violet-500/10 px-2.5 py-1',
        'text-xs font-semibold text-violet-200 transition-colors hover:bg-violet-500/20',
      )}
    >
      {icon}
      {children}
    </Link>
  );
}
