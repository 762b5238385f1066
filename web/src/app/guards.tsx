import { RotateCcw, WifiOff } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

import { NotFound } from '@/components/NotFound';
import { Button } from '@/components/ui/Button';
import { FullScreenSpinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/data/auth';
import { errorMessage } from '@/lib/api';

import { AppShell } from './layout/AppShell';

/** Every route but /auth: spinner while the session loads, /auth when signed out. */
export function RequireAuth() {
  const { data, isPending, isError, error, refetch, isFetching } = useUser();
  const location = useLocation();
  // The session's answer is a store update, which React renders at once, in one task: the whole first
  // screen behind it would then be one long task on a phone. From the deferred value, React renders
  // the screen afterwards in slices of a few milliseconds, the spinner staying up meanwhile.
  const user = useDeferredValue(data);

  if (user) return <Outlet />;
  if (isPending || data) return <FullScreenSpinner />;
  if (isError) {
    return (
      <AppShell showNav={false}>
        <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
          <WifiOff aria-hidden className="size-10 text-slate-400" />
          <h1 className="text-lg font-bold text-slate-50">Can&apos;t reach Touchline right now</h1>
          <p className="max-w-xs text-sm break-words text-slate-400">{errorMessage(error)}</p>
          <Button onClick={() => void refetch()} loading={isFetching}>
            {!isFetching && <RotateCcw aria-hidden className="size-4" />}
            Try again
          </Button>
        </div>
      </AppShell>
    );
  }
  return <Navigate to={paths.auth} replace state={{ from: location }} />;
}

/** Unknown paths: the not-found screen for everyone, with the bottom navigation when signed in. */
export function NotFoundRoute() {
  const { data: user, isPending } = useUser();
  if (isPending) return <FullScreenSpinner />;
  return (
    <AppShell showNav={Boolean(user)}>
      <NotFound />
    </AppShell>
  );
}
