import { RotateCcw } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

import { errorMessage } from '@/lib/api';

import { Button } from './ui/Button';

/** Shown when a screen throws while rendering or loading. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? error.statusText || null
    : error instanceof Error
      ? errorMessage(error)
      : null;

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-950 px-6 text-center">
      <h1 className="text-xl font-bold text-slate-50">Something went wrong</h1>
      {detail && <p className="max-w-xs text-sm break-words text-slate-400">{detail}</p>}
      <Button onClick={() => window.location.reload()}>
        <RotateCcw aria-hidden className="size-4" />
        Reload
      </Button>
    </div>
  );
}
