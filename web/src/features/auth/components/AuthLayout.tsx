import type { ReactNode } from 'react';

import { LogoMark, Wordmark } from '@/components/Logo';

/** Full-height mobile frame with the brand, used by every signed-out view. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-950">
      <div className="relative mx-auto flex min-h-dvh w-full max-w-md flex-col overflow-hidden px-5 pt-10 pb-10">
        <div
          aria-hidden
          className="pointer-events-none absolute -top-40 left-1/2 size-[28rem] -translate-x-1/2 rounded-full bg-emerald-500/15 blur-3xl"
        />
        <div
          aria-hidden
          className="pointer-events-none absolute top-64 -right-32 size-72 rounded-full bg-amber-400/10 blur-3xl"
        />
        <div className="relative flex flex-col items-center gap-3 pb-8 text-center">
          <LogoMark className="size-14 shadow-lg shadow-emerald-500/30" />
          <Wordmark className="text-4xl" />
          <p className="max-w-xs text-sm text-slate-400">
            Collect MLS player cards, trade with other fans and play the market.
          </p>
        </div>
        <div className="relative flex flex-col gap-6">{children}</div>
      </div>
    </div>
  );
}
