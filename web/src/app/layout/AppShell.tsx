import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

import { BottomNav } from '@/components/BottomNav';
import { SkipLink } from '@/components/SkipLink';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useIncomingTradesCount } from '@/lib/data/trades';
import { useIdle } from '@/lib/use-idle';

export interface AppShellProps {
  children: ReactNode;
  /** Shows the main navigation (signed-in screens). */
  showNav?: boolean;
}

/** Admin work is desk work: its tables take the whole window, with no player navigation. */
const isAdminRoute = (pathname: string) => pathname === paths.admin || pathname.startsWith(`${paths.admin}/`);

/**
 * The frame of every signed-in screen. On a phone a centred column of at most max-w-md with the
 * navigation as a bar at the foot; from 1024 px (lg) the navigation is a side bar on the left and the
 * screen takes the rest of the window (at most max-w-6xl), so grids and tables widen instead of
 * keeping a phone's column. Admin routes have no player navigation and take the whole width from lg.
 * Screens render their own sticky <Header>; the document scrolls. In the document the skip link and
 * the navigation come before the screen, so the keyboard reaches them first (issue 43, item 15).
 */
export function AppShell({ children, showNav = true }: AppShellProps) {
  const admin = isAdminRoute(useLocation().pathname);
  const nav = showNav && !admin;
  const layout = admin ? 'wide' : nav ? 'desktop' : 'phone';
  return (
    <div className={cn('min-h-dvh bg-slate-950', nav && 'lg:pl-56')}>
      <SkipLink />
      {nav && <MainNav />}
      <div
        data-layout={layout}
        className={cn(
          'relative mx-auto flex min-h-dvh w-full max-w-md flex-col border-white/5 bg-slate-950 sm:border-x',
          admin && 'lg:max-w-none lg:border-x-0',
          nav && 'lg:max-w-6xl lg:border-x-0',
        )}
      >
        <main
          id="main"
          tabIndex={-1}
          className={cn(
            'flex flex-1 flex-col focus:outline-none',
            nav && 'pb-[calc(4rem+env(safe-area-inset-bottom))] lg:pb-0',
          )}
        >
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * The navigation with the Profile tab's red dot while incoming trades are pending (asked from the
 * first idle moment: the dot is not what the screen opens for; the live stream keeps it fresh).
 */
function MainNav() {
  const incoming = useIncomingTradesCount(useIdle());
  return <BottomNav hasIncomingTrades={incoming > 0} />;
}
