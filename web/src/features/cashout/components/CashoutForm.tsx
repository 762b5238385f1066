import { Info } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { actionToast } from '@/lib/moments';
import { toast } from '@/lib/toast';

import { cashOutDollars, MIN_CASH_OUT_COINS } from '@touchline/rules';

import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Input';
import { errorMessage } from '@/lib/api';
import { useCashoutEligibility, useRequestCashout } from '@/lib/data/cashout';
import { formatNumber } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { checkCashoutForm, formatDollars, fundsShort, playerBlocker, type FieldProblem } from '../utils';
import { CashoutBlocker, CashoutPaused, RequirementItem } from './CashoutRequirements';
import { ConfirmCashoutDialog } from './ConfirmCashoutDialog';

export interface CashoutFormProps {
  /** The spendable balance; undefined while it loads. */
  balance: number | undefined;
  /** After a request was created: the page shows the history. */
  onSubmitted: () => void;
}

/**
 * New Request: coins and a PayPal e-mail, the cash preview, the requirements, then a confirmation.
 * The server decides (purchases, once a month, platform funds); its refusal is the failure toast.
 */
export function CashoutForm({ balance, onSubmitted }: CashoutFormProps) {
  const [amount, setAmount] = useState('');
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState(false);
  // The requirements are the wallet's, judged for the amount typed once it stops changing.
  const typed = checkCashoutForm(amount, email, balance).coins ?? undefined;
  const asked = useDebouncedValue(typed);
  const eligibility = useCashoutEligibility(asked);
  const check = checkCashoutForm(amount, email, balance, eligibility.data?.maxCoins);
  // The wallet's answer for this very amount decides: nothing is sent before it is in and met.
  const current = !eligibility.isPlaceholderData && asked === typed;
  const eligible = current && eligibility.data?.eligible === true;
  const requirements = eligibility.data?.requirements ?? [];
  const blocker = playerBlocker(requirements);
  const paused = fundsShort(requirements);
  const submit = useRequestCashout();

  function openConfirmation(event: FormEvent) {
    event.preventDefault();
    if (check.canSubmit && eligible) setConfirming(true);
  }

  function confirm() {
    if (check.coins === null) return;
    submit.mutate(
      { coinsAmount: check.coins, paypalEmail: email.trim() },
      {
        onSuccess: () => {
          // The 'Cash-out requested' notification says the same: this toast is the one moment.
          actionToast('success', {
            title: 'Request submitted',
            description: 'Your cashout request will be processed in 1-3 business days.',
            covers: ['cashout.requested'],
          });
          setAmount('');
          setEmail('');
          setConfirming(false);
          onSubmitted();
        },
        onError: (error) => {
          setConfirming(false);
          toast.error('Failed to submit request', { description: errorMessage(error) });
        },
      },
    );
  }

  return (
    <form
      onSubmit={openConfirmation}
      noValidate
      className="flex flex-col gap-4"
      aria-label="New cashout request"
    >
      {blocker && <CashoutBlocker requirement={blocker} />}
      {!blocker && paused && <CashoutPaused requirement={paused} />}
      <div className="flex flex-col gap-1.5">
        <TextField
          label="Coins Amount"
          name="coinsAmount"
          inputMode="numeric"
          placeholder={`At least ${formatNumber(MIN_CASH_OUT_COINS)}`}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={check.amountProblem !== null || undefined}
        />
        {check.amountProblem && <Problem problem={check.amountProblem} />}
      </div>

      <div className="flex flex-col gap-1.5">
        <TextField
          label="PayPal Email"
          name="paypalEmail"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={check.emailProblem !== null || undefined}
        />
        {check.emailProblem && <Problem problem={check.emailProblem} />}
      </div>

      <section
        aria-label="Cash preview"
        className="flex items-center justify-between rounded-xl border border-emerald-400/20 bg-emerald-500/10 px-4 py-3"
      >
        <span className="text-sm text-slate-300">You will receive</span>
        <span className="text-xl font-bold text-emerald-300 tabular-nums">{formatDollars(check.cash)}</span>
      </section>
      <p className="text-xs text-slate-400">
        Minimum {formatNumber(MIN_CASH_OUT_COINS)} coins ({formatDollars(cashOutDollars(MIN_CASH_OUT_COINS))}
        ).
      </p>

      <section
        aria-label="Requirements"
        className="flex flex-col gap-2 rounded-xl border border-white/5 bg-slate-950/50 p-4"
      >
        <h3 className="flex items-center gap-2 text-sm font-bold text-slate-50">
          <Info aria-hidden className="size-4 text-sky-300" />
          Requirements
        </h3>
        {eligibility.data ? (
          <ul className="flex flex-col gap-1.5 text-sm text-slate-300">
            {eligibility.data.requirements.map((requirement) => (
              <RequirementItem key={requirement.id} requirement={requirement} />
            ))}
          </ul>
        ) : (
          <p role="status" className="text-sm text-slate-400">
            {eligibility.isError ? 'Could not check your requirements. Try again later.' : 'Checking…'}
          </p>
        )}
      </section>

      {/* Kept in view above the phone's bottom bar, so nothing covers it however the page scrolls. */}
      <div className="sticky bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-10 -mx-1 rounded-2xl bg-slate-950/90 p-1 backdrop-blur-sm">
        <Button type="submit" className="w-full" disabled={!check.canSubmit || !eligible}>
          Request Cashout
        </Button>
      </div>

      <ConfirmCashoutDialog
        open={confirming}
        coins={check.coins ?? 0}
        cash={check.cash}
        paypalEmail={email.trim()}
        submitting={submit.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      />
    </form>
  );
}

function Problem({ problem }: { problem: FieldProblem }) {
  return (
    <p role="alert" className="flex flex-col text-sm text-rose-300">
      <span className="font-semibold">{problem.title}</span>
      <span>{problem.description}</span>
    </p>
  );
}
