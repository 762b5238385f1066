import { BookOpen, House, Layers, ShoppingBag, TrendingUp, UserRound, type LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';

import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

import { LogoMark, Wordmark } from './Logo';

interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

const items: NavItem[] = [
  { label: 'Home', to: paths.home, icon: House },
  { label: 'Market', to: paths.market, icon: TrendingUp },
  { label: 'Shop', to: paths.shop, icon: ShoppingBag },
  { label: 'Collection', to: paths.collection, icon: Layers },
  { label: 'Catalog', to: paths.catalog, icon: BookOpen },
  { label: 'Profile', to: paths.profile, icon: UserRound },
];

export interface BottomNavProps {
  /** Shows a red dot on the Profile tab. */
  hasIncomingTrades?: boolean;
}

/**
 * The main navigation: one list of six links, a bar at the foot of a phone's screen and a side bar
 * from 1024 px (lg), so a desktop is not a phone's column. One element for both, so the landmark and
 * the keyboard order are the same at every width.
 */
export function BottomNav({ hasIncomingTrades = false }: BottomNavProps) {
  return (
    <nav
      aria-label="Main"
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 mx-auto w-full max-w-md border-t border-white/5 bg-slate-950/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md',
        'lg:inset-x-auto lg:top-0 lg:left-0 lg:mx-0 lg:flex lg:w-56 lg:max-w-none lg:flex-col lg:gap-6 lg:border-t-0 lg:border-r lg:px-3 lg:py-5',
      )}
    >
      {/* The side bar's brand; the phone's header carries the logo instead. */}
      <div aria-hidden className="hidden items-center gap-2 px-3 lg:flex">
        <LogoMark />
        <Wordmark className="text-xl" />
      </div>
      <ul className="grid grid-cols-6 lg:flex lg:flex-col lg:gap-1">
        {items.map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === paths.home}
              className={({ isActive }) =>
                cn(
                  'group relative flex h-16 flex-col items-center justify-center gap-1 text-[11px] font-semibold transition-colors',
                  'lg:h-11 lg:flex-row lg:justify-start lg:gap-3 lg:rounded-xl lg:px-3 lg:text-sm',
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-400',
                  isActive
                    ? 'text-emerald-400 lg:bg-emerald-500/10'
                    : 'text-slate-400 hover:text-slate-300 lg:hover:bg-slate-800/60',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    aria-hidden
                    className={cn(
                      'absolute top-0 h-0.5 w-8 rounded-full bg-emerald-400 transition-opacity',
                      'lg:top-2 lg:bottom-2 lg:left-0 lg:h-auto lg:w-0.5',
                      isActive ? 'opacity-100' : 'opacity-0',
                    )}
                  />
                  <span className="relative">
                    <Icon aria-hidden className="size-5" strokeWidth={isActive ? 2.4 : 2} />
                    {label === 'Profile' && hasIncomingTrades && (
                      <span
                        aria-hidden
                        data-testid="incoming-trades-dot"
                        className="absolute -top-0.5 -right-1 size-2.5 rounded-full bg-red-500 ring-2 ring-slate-950"
                      />
                    )}
                  </span>
                  <span>{label}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
