import { History, LineChart, Store, Tag, type LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';

import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

const tabs: { label: string; to: string; icon: LucideIcon }[] = [
  { label: 'Market', to: paths.market, icon: Store },
  { label: 'Stock Market', to: paths.marketStock, icon: LineChart },
  { label: 'Trade History', to: paths.tradeHistory, icon: History },
  { label: 'My Listings', to: paths.marketListings, icon: Tag },
];

/**
 * The market's sections as tab-styled links: Market, Stock Market, Trade History (the spec's three)
 * and My Listings (issue 43). Two rows of two on a phone, one row from 1024 px;
 * below 22rem of width (a 360-px phone) the icons step aside so every label fits.
 */
export function MarketTabs() {
  return (
    <nav
      aria-label="Market sections"
      className="@container grid w-full grid-cols-2 gap-1 rounded-xl border border-white/5 bg-slate-900/80 p-1 lg:flex lg:items-center"
    >
      {tabs.map(({ label, to, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          end
          className={({ isActive }) =>
            cn(
              'inline-flex h-9 min-w-0 flex-1 items-center justify-center gap-1.5 rounded-lg px-2 text-xs font-semibold whitespace-nowrap transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
              isActive ? 'bg-emerald-500 text-slate-950 shadow' : 'text-slate-400 hover:text-slate-200',
            )
          }
        >
          <Icon aria-hidden className="hidden size-3.5 shrink-0 @[22rem]:inline" />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
