import { format, isValid, parseISO } from 'date-fns';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';

import type { SpendingLimit } from '@touchline/contract';

import { QueryError } from '@/components/QueryError';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Input';
import { Skeleton } from '@/components/ui/Skeleton';
import { errorMessage } from '@/lib/api';
import { useSetSpendingLimit, useSpendingLimit } from '@/lib/data/spending-limit';

export const INVALID_LIMIT = 'Please enter an amount in dollars, like 50 or 49.99';

const usd = (dollars: number) =>
  `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function when(iso: string): string {
  const date = parseISO(iso);
  return isValid(date) ? format(date, "MMM d, yyyy 'at' h:mm a") : iso;
}

/** Dollars typed by the player: a positive amount with at most two decimals, or null. */
export function parseLimit(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const dollars = Number(trimmed);
  return dollars > 0 && dollars <= 100_000 ? dollars : null;
}

/**
 * Responsible play (docs/design.md#7-decisions-on-the-specs-open-points): a monthly limit on coin purchases. Lowering applies at
 * once; raising or removing waits 24 hours (the server decides and answers the pending change).
 */
export function SpendingLimitForm() {
  const limit = useSpendingLimit();
  if (limit.isPending) return <Skeleton className="h-28 rounded-xl" />;
  if (limit.isError)
    return (
      <QueryError error={limit.error} onRetry={() => void limit.refetch()} retrying={limit.isFetching} />
    );
  return <LimitEditor limit={limit.data} />;
}

function LimitEditor({ limit }: { limit: SpendingLimit }) {
  const [text, setText] = useState('');
  const save = useSetSpendingLimit();
  const typed = parseLimit(text);
  const invalid = text.trim() !== '' && typed === null;

  function change(monthlyLimit: number | null) {
    save.mutate(
      { monthlyLimit },
      {
        onSuccess: (next) => {
          setText('');
          if (next.pending) {
            toast.success('Limit change scheduled', {
              description: `It takes effect on ${when(next.pending.effectiveAt)}.`,
            });
          } else {
            toast.success('Spending limit updated');
          }
        },
        onError: (error) =>
          toast.error('Failed to update spending limit', { description: errorMessage(error) }),
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (typed !== null) change(typed);
  }

  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm" aria-label="Spending this month">
        <dt className="text-slate-400">Monthly limit</dt>
        <dd className="font-semibold text-slate-100">
          {limit.monthlyLimit === null ? 'No limit' : usd(limit.monthlyLimit)}
        </dd>
        <dt className="text-slate-400">Spent this month</dt>
        <dd className="text-slate-100">{usd(limit.spentThisMonth)}</dd>
        {limit.remaining !== null && (
          <>
            <dt className="text-slate-400">Remaining</dt>
            <dd className="text-slate-100">{usd(limit.remaining)}</dd>
          </>
        )}
      </dl>
      {limit.pending && (
        <p
          role="status"
          className="rounded-xl border border-amber-400/20 bg-amber-400/10 px-3 py-2 text-sm text-amber-200"
        >
          {limit.pending.monthlyLimit === null
            ? `Pending: the limit is removed on ${when(limit.pending.effectiveAt)}`
            : `Pending: ${usd(limit.pending.monthlyLimit)} from ${when(limit.pending.effectiveAt)}`}
        </p>
      )}
      <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label="Monthly spending limit">
        <TextField
          label="New monthly limit (USD)"
          inputMode="decimal"
          placeholder="50.00"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={invalid || undefined}
        />
        {invalid && (
          <p role="alert" className="text-sm text-rose-300">
            {INVALID_LIMIT}
          </p>
        )}
        <p className="text-xs text-slate-400">
          Lowering the limit applies at once; raising or removing it takes effect after 24 hours.
        </p>
        <div className="flex gap-2">
          <Button type="submit" disabled={typed === null} loading={save.isPending}>
            Set limit
          </Button>
          {limit.monthlyLimit !== null && limit.pending?.monthlyLimit !== null && (
            <Button type="button" variant="outline" disabled={save.isPending} onClick={() => change(null)}>
              Remove limit
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
