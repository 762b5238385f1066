import { BookOpen, House, Layers, ShoppingBag, TrendingUp, UserRound, type LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';

import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

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

export function BottomNav({ hasIncomingTrades = false }: BottomNavProps) {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 mx-auto w-full max-w-md border-t border-white/5 bg-slate-950/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md"
    >
      <ul className="grid grid-cols-6">
        {items.map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === paths.home}
              className={({ isActive }) =>
                cn(
                  'group relative flex h-16 flex-col items-center justify-center gap-1 text-[11px] font-semibold transition-colors',
                  isActive ? 'text-emerald-400' : 'text-slate-400 hover:text-slate-300',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    aria-hidden
                    className={cn(
                      'absolute top-0 h-0.5 w-8 rounded-full bg-emerald-400 transition-opacity',
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
