import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

import { BottomNav } from '@/components/BottomNav';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useIncomingTradesCount } from '@/lib/data/trades';
import { useIdle } from '@/lib/use-idle';

export interface AppShellProps {
  children: ReactNode;
  /** Shows the bottom navigation (signed-in screens). */
  showNav?: boolean;
}

/** Admin work is desk work: its tables take the whole window from 1024 px (lg). */
const isAdminRoute = (pathname: string) => pathname === paths.admin || pathname.startsWith(`${paths.admin}/`);

/**
 * Mobile-width frame: centred column of at most max-w-md, full height (admin routes: the full width
 * from lg). Screens render their own sticky <Header>; the document scrolls and the bottom navigation
 * stays fixed.
 */
export function AppShell({ children, showNav = true }: AppShellProps) {
  const wide = isAdminRoute(useLocation().pathname);
  return (
    <div className="min-h-dvh bg-slate-950">
      <div
        data-layout={wide ? 'wide' : 'phone'}
        className={cn(
          'relative mx-auto flex min-h-dvh w-full max-w-md flex-col border-white/5 bg-slate-950 sm:border-x',
          wide && 'lg:max-w-none lg:border-x-0',
        )}
      >
        <main
          className={cn(
            'flex flex-1 flex-col',
            showNav && 'pb-[calc(4rem+env(safe-area-inset-bottom))]',
            showNav && wide && 'lg:pb-0',
          )}
        >
          {children}
        </main>
        {/* Admin pages on a desktop are desk work: no phone bar over their tables. */}
        {showNav && (
          <div className={wide ? 'lg:hidden' : undefined}>
            <MainNav />
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * The bottom navigation with the Profile tab's red dot while incoming trades are pending (asked from
 * the first idle moment: the dot is not what the screen opens for; the live stream keeps it fresh).
 */
function MainNav() {
  const incoming = useIncomingTradesCount(useIdle());
  return <BottomNav hasIncomingTrades={incoming > 0} />;
}
