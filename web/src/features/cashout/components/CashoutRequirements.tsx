import { CheckCircle2, CircleAlert, Info, XCircle } from 'lucide-react';

import type { CashoutRequirement } from '@touchline/contract';

import { PLATFORM_FUNDS, REQUIREMENT_TEXT, requirementNeed } from '../utils';

const STATE_WORD: Record<CashoutRequirement['state'], string> = {
  met: 'Met',
  unmet: 'Not met',
  not_applicable: 'Information',
};

/**
 * One requirement as the wallet decided it for this player: a tick, a cross with what it takes, or a
 * note. The platform's funds are always a note: the player cannot meet them (CashoutPaused says when
 * they fall short).
 */
export function RequirementItem({ requirement: decided }: { requirement: CashoutRequirement }) {
  const requirement: CashoutRequirement =
    decided.id === PLATFORM_FUNDS ? { ...decided, state: 'not_applicable', needed: null } : decided;
  const need = requirementNeed(requirement);
  return (
    <li
      data-testid={`requirement-${requirement.id}`}
      data-state={requirement.state}
      className="flex items-start gap-2"
    >
      {requirement.state === 'met' && (
        <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-400" />
      )}
      {requirement.state === 'unmet' && (
        <XCircle aria-hidden className="mt-0.5 size-4 shrink-0 text-rose-400" />
      )}
      {requirement.state === 'not_applicable' && (
        <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400" />
      )}
      <span className="sr-only">{STATE_WORD[requirement.state]}: </span>
      <span className="flex flex-col">
        <span className={requirement.state === 'unmet' ? 'text-slate-50' : undefined}>
          {REQUIREMENT_TEXT[requirement.id]}
        </span>
        {need && <span className="text-xs font-semibold text-rose-300">{need}</span>}
      </span>
    </li>
  );
}

/** The first requirement not met, said before anything else on the form. */
export function CashoutBlocker({ requirement }: { requirement: CashoutRequirement }) {
  return (
    <div
      role="status"
      data-testid="cashout-blocker"
      className="flex items-start gap-2 rounded-xl border border-amber-400/30 bg-amber-500/10 p-3 text-sm text-amber-200"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>
        <span className="font-semibold">You cannot cash out yet. </span>
        {requirement.detail ?? REQUIREMENT_TEXT[requirement.id]}
      </p>
    </div>
  );
}

/** The platform's funds fall short: a plain word that cash-outs wait, not a failing of the player's. */
export function CashoutPaused({ requirement }: { requirement: CashoutRequirement }) {
  return (
    <div
      role="status"
      data-testid="cashout-paused"
      className="flex items-start gap-2 rounded-xl border border-sky-400/30 bg-sky-500/10 p-3 text-sm text-sky-100"
    >
      <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>
        <span className="font-semibold">Cash-outs are paused right now. </span>
        {requirement.detail ?? 'Please try again later.'}
      </p>
    </div>
  );
}
