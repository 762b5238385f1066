import { ChevronDown, GitBranch } from 'lucide-react';
import { useState } from 'react';

import { useOfferThread } from '@/lib/data/trades';
import { formatOfferDate, partyName } from '@/lib/trades';
import type { TradeOffer } from '@touchline/contract';

import { offerMoves } from './offer-moves';

const STATUS_TEXT: Record<TradeOffer['status'], string> = {
  pending: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  voided: 'Voided',
  expired: 'Expired',
  countered: 'Countered',
};

/**
 * A counter-offer's negotiation as one thread, the same on both sides: every step, who made it, what
 * it proposed and how it ended. Read only when opened.
 */
export function NegotiationThread({ offer }: { offer: TradeOffer }) {
  const [open, setOpen] = useState(false);
  const thread = useOfferThread(offer, open);
  if (offer.threadStep === 0) return null;
  const regionId = `negotiation-${offer.id}`;
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-1.5 self-start rounded-lg text-xs font-semibold text-sky-300 hover:text-sky-200 focus-visible:outline-2 focus-visible:outline-sky-400"
      >
        <GitBranch aria-hidden className="size-3.5" />
        {`Negotiation (${offer.threadStep + 1} offers)`}
        <ChevronDown aria-hidden className={open ? 'size-3.5 rotate-180' : 'size-3.5'} />
      </button>
      {open && (
        <div id={regionId}>
          {thread.isPending && <p className="text-xs text-slate-400">Loading the negotiation…</p>}
          {thread.isError && <p className="text-xs text-amber-300">The negotiation could not be loaded.</p>}
          {thread.data && (
            <ol aria-label="Negotiation" className="flex flex-col gap-2 border-l border-sky-400/30 pl-3">
              {thread.data.map((step) => (
                <li key={step.id} className="flex flex-col gap-0.5 text-xs text-slate-300">
                  <p className="font-semibold text-slate-100">
                    {`${step.threadStep === 0 ? 'Offer' : `Counter ${step.threadStep}`} by ${partyName(step.fromUser)}`}
                    <span className="font-medium text-slate-400">{` · ${STATUS_TEXT[step.status]}`}</span>
                  </p>
                  {offerMoves(step, 'Offered', 'Asked for').map((move) => (
                    <p key={move.label}>
                      <span className="text-slate-400">{`${move.label}: `}</span>
                      {move.value}
                    </p>
                  ))}
                  {step.note && <p className="text-slate-400 italic">{`“${step.note}”`}</p>}
                  <p className="text-[11px] text-slate-400">{formatOfferDate(step.createdAt)}</p>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
