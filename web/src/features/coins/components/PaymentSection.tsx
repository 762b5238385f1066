import { RotateCcw } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { actionToast } from '@/lib/moments';
import { toast } from '@/lib/toast';

import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { formatNumber } from '@/lib/format';

import { useConfirmPaymentSuccess, usePaymentIntent } from '@/lib/data/coins';
import type { CoinPackage, PaymentIntent } from '@touchline/contract';
import { TestCardForm } from './TestCardForm';

/** Stripe Elements only load when the server answers with a publishable key. */
const StripePaymentForm = lazy(() => import('./StripePaymentForm'));

export interface PaymentSectionProps {
  pkg: CoinPackage;
}

/**
 * The payment form of the chosen package. The payment intent is created when the package is picked:
 * its answer says whether payments run in test mode (our own card form) or through Stripe. After a
 * succeeded payment the server credits the coins ('Payment successful', 'Coins Added!'), the balance
 * and user are refreshed and the form starts over with a fresh intent.
 */
export function PaymentSection({ pkg }: PaymentSectionProps) {
  const [attempt, setAttempt] = useState(0);
  const intent = usePaymentIntent(pkg, attempt);
  const addCoins = useConfirmPaymentSuccess();
  const [unfinished, setUnfinished] = useState<string | null>(null);

  const initError = intent.error;
  useEffect(() => {
    if (initError) {
      toast.error('Failed to initialize payment', {
        id: 'payment-init-error',
        description: errorMessage(initError),
      });
    }
  }, [initError]);

  function finish(paymentIntentId: string) {
    setUnfinished(null);
    addCoins.mutate(paymentIntentId, {
      onSuccess: (result) => {
        // One toast for the payment and its coins; the 'Coins added' notification says the same.
        actionToast('success', {
          title: 'Coins Added!',
          description: `+${formatNumber(result.added)} coins. Payment successful: ${pkg.name} purchased.`,
          covers: ['payment.succeeded'],
        });
        addCoins.reset();
        // Clear the form: a fresh intent (and a fresh, empty card form) for the next purchase.
        setAttempt((current) => current + 1);
      },
      onError: (error) => {
        const refused = cancelled(error);
        if (refused) {
          // The server refused the charge (the spending limit) and released the card: nothing was
          // paid, so there is nothing to retry; the form starts over and shows why.
          toast.error('Payment refused', { description: refused });
          addCoins.reset();
          setAttempt((current) => current + 1);
          return;
        }
        setUnfinished(paymentIntentId);
        toast.error('Failed to add coins', { description: errorMessage(error) });
      },
    });
  }

  if (intent.isPending) {
    return (
      <div role="status" aria-label="Preparing payment" className="flex flex-col gap-3">
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    );
  }

  if (intent.isError) {
    return (
      <div className="flex flex-col gap-2">
        <Alert>{refusal(intent.error) ?? "We couldn't start the payment for this package."}</Alert>
        <Button
          variant="outline"
          className="self-start"
          loading={intent.isFetching}
          onClick={() => void intent.refetch()}
        >
          {!intent.isFetching && <RotateCcw aria-hidden className="size-4" />}
          Try again
        </Button>
      </div>
    );
  }

  const data = intent.data;
  const finishing = addCoins.isPending;

  return (
    <div className="flex flex-col gap-3">
      {unfinished && (
        <div className="flex flex-col gap-2">
          <Alert>Your payment went through, but the coins could not be added yet.</Alert>
          <Button
            variant="outline"
            className="self-start"
            loading={finishing}
            onClick={() => finish(unfinished)}
          >
            {!finishing && <RotateCcw aria-hidden className="size-4" />}
            Retry adding coins
          </Button>
        </div>
      )}
      <PaymentForm key={data.paymentIntentId} intent={data} onSucceeded={finish} finishing={finishing} />
    </div>
  );
}

/**
 * A purchase the server turns down for a reason the player can act on (422: the monthly spending
 * limit of responsible play) shows that reason on the page, not only in the toast.
 */
function refusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const data = error.data as { message?: unknown } | undefined;
  return typeof data?.message === 'string' ? data.message : null;
}

/** The server refused to charge an authorized card and released it (`cancelled`): why, or null. */
function cancelled(error: unknown): string | null {
  if (!(error instanceof ApiError) || (error.data as { cancelled?: unknown } | undefined)?.cancelled !== true)
    return null;
  return refusal(error);
}

function PaymentForm({
  intent,
  onSucceeded,
  finishing,
}: {
  intent: PaymentIntent;
  onSucceeded: (paymentIntentId: string) => void;
  finishing: boolean;
}) {
  if (intent.testMode) {
    return <TestCardForm intent={intent} onSucceeded={onSucceeded} finishing={finishing} />;
  }
  const { publishableKey } = intent;
  if (!publishableKey) {
    return <Alert>Card payments are not available right now. Please try again later.</Alert>;
  }
  return (
    <Suspense
      fallback={
        <div role="status" aria-label="Loading payment form">
          <Skeleton className="h-64 rounded-2xl" />
        </div>
      }
    >
      <StripePaymentForm
        intent={{ ...intent, publishableKey }}
        onSucceeded={onSucceeded}
        finishing={finishing}
      />
    </Suspense>
  );
}
