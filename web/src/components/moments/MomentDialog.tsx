import * as Dialog from '@radix-ui/react-dialog';
import { Award, Target } from 'lucide-react';

import { Button } from '@/components/ui/Button';
import { dismissMoment, type FullScreenMoment, type MomentKind } from '@/lib/moment-queue';
import { cn } from '@/lib/cn';
import { useReturnFocus } from '@/lib/use-return-focus';

const LOOK: Record<MomentKind, { label: string; icon: typeof Award; ring: string; glow: string }> = {
  badge: {
    label: 'Badge earned',
    icon: Award,
    ring: 'border-amber-300/60 bg-amber-400/15 text-amber-200',
    glow: 'from-amber-300/40 via-amber-500/10',
  },
  mission: {
    label: 'Mission completed',
    icon: Target,
    ring: 'border-emerald-300/60 bg-emerald-400/15 text-emerald-200',
    glow: 'from-emerald-300/40 via-emerald-500/10',
  },
};

const momentOnScreen = () => document.querySelector('[data-moment][data-state="open"]') !== null;

/**
 * The moment on screen (components/moments/MomentHost.tsx shows the queue's first): 'Continue' (or
 * Escape) shows the next; '1 more' says that another waits. It stays mounted while moments follow
 * one another, so the focus it gives back is the one from before the first.
 */
export default function MomentDialog({ moment, waiting }: { moment: FullScreenMoment; waiting: number }) {
  // A moment opens by itself: when the last of a queue goes, the focus goes back where it was before
  // the first opened (the list, after a buy), not to what the next moment found as the last one left.
  const returnFocus = useReturnFocus({ handedOver: momentOnScreen });
  const look = LOOK[moment.kind];
  const Icon = look.icon;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && dismissMoment()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-950/95 backdrop-blur-md" />
        <Dialog.Content
          key={moment.id}
          {...returnFocus}
          data-testid="moment"
          data-moment={moment.kind}
          className="fixed inset-0 z-[61] flex flex-col items-center justify-center gap-6 overflow-y-auto px-6 py-10 text-center focus:outline-none"
        >
          <div
            aria-hidden
            className={cn(
              'pointer-events-none absolute top-1/3 left-1/2 size-[28rem] -translate-1/2 rounded-full bg-radial to-transparent blur-2xl',
              look.glow,
            )}
          />
          <p className="relative text-xs font-bold tracking-[0.3em] text-slate-300 uppercase">{look.label}</p>
          <span
            aria-hidden
            className={cn(
              'relative flex size-28 items-center justify-center rounded-full border-2 motion-safe:animate-card-reveal',
              look.ring,
            )}
          >
            <Icon className="size-14" />
          </span>
          <Dialog.Title className="relative max-w-sm font-display text-3xl leading-tight font-black text-white">
            {moment.title}
          </Dialog.Title>
          <Dialog.Description className="relative max-w-sm text-base text-slate-200">
            {moment.message}
          </Dialog.Description>
          <div className="relative flex w-full max-w-xs flex-col items-center gap-2">
            {/* Radix focuses it (no autoFocus: that would run before the opener is recorded). */}
            <Dialog.Close asChild>
              <Button size="lg" className="w-full">
                Continue
              </Button>
            </Dialog.Close>
            {waiting > 0 && <p className="text-xs text-slate-300">{`${waiting} more`}</p>}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
