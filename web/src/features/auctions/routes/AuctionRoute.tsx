import { Gavel, Zap } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';

import type { AuctionDetail } from '@touchline/contract';

import { PlayerCard } from '@/components/cards/PlayerCard';
import { RarityBadge } from '@/components/cards/RarityBadge';
import { Header } from '@/components/Header';
import { NotFound } from '@/components/NotFound';
import { QueryError } from '@/components/QueryError';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Input, Label } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { ApiError, errorMessage, newIdempotencyKey } from '@/lib/api';
import { useAuction, useBuyNow, usePlaceBid } from '@/lib/data/auctions';
import { useUser } from '@/lib/data/auth';
import { editionLabel } from '@/lib/cards';
import { formatNumber } from '@/lib/format';
import { formatNotificationTime } from '@/lib/notification-time';
import { toast } from '@/lib/toast';

import { Countdown } from '../components/Countdown';
import { shownPrice, statusLabel } from '../utils';

const coins = (n: number) => `${formatNumber(n)} coins`;

/** /auctions/:id: one auction with its bid history and a live countdown; bid or buy now. */
export function AuctionRoute() {
  const id = Number(useParams().id);
  const auction = useAuction(id);
  if (
    !Number.isSafeInteger(id) ||
    id <= 0 ||
    (auction.error instanceof ApiError && auction.error.status === 404)
  )
    return <NotFound />;
  return (
    <>
      <Header title="Auction" showBack />
      <div className="flex flex-col gap-4 px-4 py-5">
        {auction.isPending ? (
          <div className="flex justify-center py-10 text-emerald-400">
            <Spinner />
          </div>
        ) : auction.isError ? (
          <QueryError
            error={auction.error}
            onRetry={() => void auction.refetch()}
            retrying={auction.isFetching}
          />
        ) : (
          <AuctionView auction={auction.data} />
        )}
      </div>
    </>
  );
}

function AuctionView({ auction }: { auction: AuctionDetail }) {
  const { data: user } = useUser();
  const { player } = auction;
  const edition = editionLabel(auction.editionNumber, auction.maxEditions);
  const open = auction.status === 'open';
  const mine = user?.id === auction.sellerId;
  const leading = open && user !== undefined && user !== null && auction.currentBidderId === user.id;
  const nameOf = (bidderId: number, username: string) => (bidderId === user?.id ? 'You' : username);

  return (
    <>
      <section aria-label="Card" className="flex items-start gap-4">
        <div className="w-28 shrink-0">
          <PlayerCard
            player={player}
            editionNumber={auction.editionNumber}
            maxEditions={auction.maxEditions}
          />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <h2 className="text-lg font-bold wrap-break-word text-slate-50">{player.name}</h2>
          <RarityBadge rarity={player.rarity} size="short" />
          {edition && <p className="text-xs text-slate-400">{edition}</p>}
          <p className="text-xs text-slate-400">{player.team.name}</p>
          <p className="text-xs text-slate-300">{`Seller: ${mine ? 'You' : auction.sellerUsername}`}</p>
        </div>
      </section>

      <section
        aria-label="Auction status"
        className="grid grid-cols-2 gap-2 rounded-2xl border border-white/5 bg-slate-900/70 p-3"
      >
        <Stat label={open ? 'Time left' : 'Status'}>
          {open ? <Countdown endsAt={auction.endsAt} className="text-base" /> : statusLabel(auction)}
        </Stat>
        <Stat label={auction.finalPrice ? 'Sold for' : auction.currentBid ? 'Current bid' : 'Start price'}>
          <span className="text-amber-200">{coins(shownPrice(auction))}</span>
        </Stat>
        <Stat label="Bids">{auction.bidCount}</Stat>
        <Stat label="Buy now">{auction.buyNowPrice ? coins(auction.buyNowPrice) : 'None'}</Stat>
      </section>

      {mine && (
        <p className="rounded-xl border border-white/5 bg-slate-900/70 px-3 py-2 text-xs text-slate-300">
          {`Your auction. The ${auction.feePercent}% sale fee was fixed when it started and is charged on the final price.`}
        </p>
      )}
      {leading && (
        <p
          role="status"
          className="rounded-xl border border-emerald-400/25 bg-emerald-400/10 px-3 py-2 text-xs font-semibold text-emerald-200"
        >
          {`You are the highest bidder: ${coins(auction.currentBid ?? 0)} are held from your balance.`}
        </p>
      )}
      {auction.status === 'sold' && (
        <p role="status" className="text-sm font-semibold text-emerald-200">
          {`Won by ${nameOf(auction.winnerId ?? 0, auction.bids.find((b) => b.status === 'won')?.bidderUsername ?? '')} for ${coins(auction.finalPrice ?? 0)}.`}
        </p>
      )}
      {open && !mine && user && <BidPanel auction={auction} balance={user.coins} />}

      <section aria-labelledby="bid-history" className="flex flex-col gap-2">
        <h2 id="bid-history" className="text-sm font-bold text-slate-200">
          Bid history
        </h2>
        {auction.bids.length === 0 ? (
          <p className="text-xs text-slate-400">No bids yet.</p>
        ) : (
          <ol aria-label="Bids" className="flex flex-col gap-1.5">
            {auction.bids.map((bid) => (
              <li
                key={bid.id}
                className="flex items-center justify-between gap-3 rounded-xl border border-white/5 bg-slate-900/60 px-3 py-2 text-xs"
              >
                <span className="min-w-0 font-semibold wrap-break-word text-slate-100">
                  {nameOf(bid.bidderId, bid.bidderUsername)}
                  {bid.buyNow && <span className="ml-1.5 text-amber-200">(buy now)</span>}
                </span>
                <span className="flex shrink-0 flex-col items-end">
                  <span className="font-bold text-amber-200 tabular-nums">{coins(bid.amount)}</span>
                  <time dateTime={bid.placedAt} className="text-slate-400">
                    {formatNotificationTime(bid.placedAt)}
                  </time>
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <Link
        to={paths.auctions}
        className="self-start text-xs font-semibold text-emerald-300 hover:text-emerald-200"
      >
        All auctions
      </Link>
    </>
  );
}

function Stat({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <span className="text-[10px] font-semibold tracking-wide text-slate-400 uppercase">{label}</span>
      <span className="text-sm font-bold text-slate-100 tabular-nums">{children}</span>
    </div>
  );
}

/** The bid form (prefilled with the lowest bid it takes) and Buy now, each asking first what it holds or pays. */
function BidPanel({ auction, balance }: { auction: AuctionDetail; balance: number | undefined }) {
  const min = auction.minNextBid ?? auction.startPrice;
  const [text, setText] = useState('');
  const [confirm, setConfirm] = useState<{ kind: 'bid' | 'buy'; amount: number; key: string } | null>(null);
  const placeBid = usePlaceBid();
  const buyNow = useBuyNow();
  const inputId = useId();
  const hintId = useId();
  const amount = text.trim() === '' ? min : Number(text);
  const buyNowPrice = auction.buyNowPrice;
  const canBuyNow = buyNowPrice !== null && (auction.currentBid ?? 0) < buyNowPrice;
  const tooHigh = canBuyNow && amount >= buyNowPrice;
  const valid = Number.isSafeInteger(amount) && amount >= min && !tooHigh;
  const busy = placeBid.isPending || buyNow.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (valid) setConfirm({ kind: 'bid', amount, key: newIdempotencyKey() });
  }

  function confirmed() {
    if (!confirm) return;
    const variables = {
      auctionId: auction.id,
      amount: confirm.amount,
      idempotencyKey: confirm.key,
      onPending: (message: string) => toast.info('Confirming', { description: message }),
    };
    const done = () => {
      setConfirm(null);
      setText('');
    };
    if (confirm.kind === 'bid')
      placeBid.mutate(variables, {
        onSuccess: () => {
          toast.success('Bid placed', { description: `You lead with ${coins(confirm.amount)}.` });
          done();
        },
        onError: (error) => {
          toast.error('Bid not placed', { description: errorMessage(error) });
          setConfirm(null);
        },
      });
    else
      buyNow.mutate(variables, {
        onSuccess: () => {
          toast.success('Auction won', { description: `${auction.player.name} is in your collection.` });
          done();
        },
        onError: (error) => {
          toast.error('Buy now failed', { description: errorMessage(error) });
          setConfirm(null);
        },
      });
  }

  const short = confirm && balance !== undefined ? confirm.amount - balance : 0;
  return (
    <section
      aria-label="Bid"
      className="flex flex-col gap-3 rounded-2xl border border-emerald-400/20 bg-slate-950/60 p-3.5"
    >
      <form aria-label="Place a bid" onSubmit={submit} className="flex flex-col gap-2">
        <Label htmlFor={inputId}>Your bid</Label>
        <Input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={min}
          step={1}
          placeholder={String(min)}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={!valid || undefined}
          aria-describedby={hintId}
          className="font-semibold tabular-nums"
        />
        <p id={hintId} className="text-xs text-slate-400">
          {tooHigh
            ? `At ${coins(buyNowPrice)} or more, use Buy now.`
            : `At least ${coins(min)}. Your coins are held until someone bids higher.`}
        </p>
        <Button type="submit" disabled={!valid || busy}>
          <Gavel aria-hidden className="size-4" />
          {valid ? `Bid ${coins(amount)}` : 'Bid'}
        </Button>
      </form>
      {canBuyNow && (
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => setConfirm({ kind: 'buy', amount: buyNowPrice, key: newIdempotencyKey() })}
        >
          <Zap aria-hidden className="size-4" />
          {`Buy now for ${coins(buyNowPrice)}`}
        </Button>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'buy' ? 'Buy now?' : 'Place this bid?'}
        description={
          confirm?.kind === 'buy'
            ? `The auction ends and ${auction.player.name} is yours.`
            : 'The coins are held from your balance and released at once if someone bids higher.'
        }
        moves={
          confirm
            ? [
                { label: confirm.kind === 'buy' ? 'You pay' : 'Held now', value: coins(confirm.amount) },
                ...(balance === undefined ? [] : [{ label: 'Your balance', value: coins(balance) }]),
              ]
            : []
        }
        confirmLabel={confirm?.kind === 'buy' ? 'Buy now' : 'Place bid'}
        busy={busy}
        confirmDisabled={short > 0}
        onConfirm={confirmed}
        onCancel={() => setConfirm(null)}
      >
        {short > 0 && <p className="mt-2 text-xs text-rose-300">{`You need ${coins(short)} more.`}</p>}
      </ConfirmDialog>
    </section>
  );
}
