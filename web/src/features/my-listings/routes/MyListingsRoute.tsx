import { Layers, Tag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import type { OwnListing } from '@touchline/contract';

import { Header } from '@/components/Header';
import { LoadMoreButton } from '@/components/LoadMoreButton';
import { MarketTabs } from '@/components/market/MarketTabs';
import { QueryError } from '@/components/QueryError';
import { buttonClasses } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { errorMessage, newIdempotencyKey } from '@/lib/api';
import { useOwnListings, useWithdrawOwnListing } from '@/lib/data/own-listings';
import { formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';

import { OwnListingRow } from '../components/OwnListingRow';
import { RepriceDialog } from '../components/RepriceDialog';

/** /market/listings ('My Listings', a tab of the market): the player's listings, withdraw and re-price. */
export function MyListingsRoute() {
  const pages = useOwnListings();
  const withdraw = useWithdrawOwnListing();
  const [repricing, setRepricing] = useState<OwnListing | null>(null);
  const [withdrawing, setWithdrawing] = useState<{ listing: OwnListing; key: string } | null>(null);
  const listings = pages.data?.pages.flatMap((page) => page.items) ?? [];

  function confirmWithdraw() {
    if (!withdrawing) return;
    const { listing, key } = withdrawing;
    withdraw.mutate(
      { cardId: listing.card.id, idempotencyKey: key },
      {
        onSuccess: () => {
          toast.success('Listing removed', {
            description: `${listing.card.player.name} is no longer for sale.`,
          });
          setWithdrawing(null);
        },
        onError: (error) => toast.error('Failed to remove listing', { description: errorMessage(error) }),
      },
    );
  }

  return (
    <>
      <Header title="My Listings" />
      <div className="flex flex-col gap-4 px-4 py-5">
        <MarketTabs />
        {pages.isPending ? (
          <div className="flex justify-center py-10 text-emerald-400">
            <Spinner />
          </div>
        ) : pages.isError ? (
          <QueryError error={pages.error} onRetry={() => void pages.refetch()} retrying={pages.isFetching} />
        ) : listings.length === 0 ? (
          <EmptyState
            icon={Tag}
            title="You have no cards listed"
            description="List a card from your collection while the market is open."
            action={
              <Link to={paths.collection} className={buttonClasses('primary', 'sm')}>
                <Layers aria-hidden className="size-3.5" />
                Go to Collection
              </Link>
            }
          />
        ) : (
          <ul aria-label="My listings" className="flex flex-col gap-2">
            {listings.map((listing) => (
              <OwnListingRow
                key={listing.listingId}
                listing={listing}
                onReprice={setRepricing}
                onWithdraw={(chosen) => setWithdrawing({ listing: chosen, key: newIdempotencyKey() })}
              />
            ))}
          </ul>
        )}
        <LoadMoreButton pages={pages} />
      </div>
      {repricing && <RepriceDialog listing={repricing} onClose={() => setRepricing(null)} />}
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw listing?"
        description={
          withdrawing
            ? `${withdrawing.listing.card.player.name} goes back to your collection and is no longer for sale.`
            : ''
        }
        moves={
          withdrawing
            ? [{ label: 'Listed for', value: `${formatNumber(withdrawing.listing.price)} coins` }]
            : []
        }
        confirmLabel="Withdraw"
        busy={withdraw.isPending}
        onConfirm={confirmWithdraw}
        onCancel={() => setWithdrawing(null)}
      />
    </>
  );
}
