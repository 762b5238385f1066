import * as Dialog from '@radix-ui/react-dialog';
import { BanIcon } from 'lucide-react';

import type { LiveClosed } from '@touchline/contract';

import { Button } from '@/components/ui/Button';

/**
 * A ban, on screen as it arrives (components/AccountNotices.tsx): its reason, where to appeal, and
 * the way to sign-in; it cannot be dismissed otherwise.
 */
export default function SuspendedDialog({ ban, onSignIn }: { ban: LiveClosed; onSignIn: () => void }) {
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-950/95" />
        <Dialog.Content
          role="alertdialog"
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-[61] flex w-[calc(100%-2rem)] max-w-md -translate-1/2 flex-col gap-4 rounded-2xl border border-rose-500/40 bg-slate-900 p-6 text-slate-200 shadow-2xl focus:outline-none"
        >
          <BanIcon aria-hidden className="size-8 text-rose-400" />
          <Dialog.Title className="text-xl font-bold text-slate-50">Your account is suspended</Dialog.Title>
          <Dialog.Description asChild>
            <div className="flex flex-col gap-3 text-sm">
              <p>
                {ban.banReason ? (
                  <>
                    Reason: <span className="font-semibold text-slate-50">{ban.banReason}</span>
                  </>
                ) : (
                  'An admin suspended your account.'
                )}
              </p>
              {ban.appealEmail && (
                <p>
                  To appeal, write to{' '}
                  <a
                    href={`mailto:${ban.appealEmail}?subject=${encodeURIComponent('Appeal of my suspension')}`}
                    className="font-semibold text-emerald-300 underline"
                  >
                    {ban.appealEmail}
                  </a>{' '}
                  from the e-mail address of your account.
                </p>
              )}
            </div>
          </Dialog.Description>
          <Button variant="outline" onClick={onSignIn}>
            Go to sign-in
          </Button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
