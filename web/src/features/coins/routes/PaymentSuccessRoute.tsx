import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, RotateCcw, ShoppingBag, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';

import { Header } from '@/components/Header';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { CoinAmount } from '@/components/CoinAmount';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';

import { coinKeys, confirmPaymentSuccess, refreshCoins } from '@/lib/data/coins';

/**
 * /purchase-coins/success, where Stripe returns after a payment that needed a redirect. With
 * payment_intent and redirect_status=succeeded in the query it tells the server once (the server
 * credits each payment once) and shows 'Payment Successful' with the coins added.
 */
export function PaymentSuccessRoute() {
  const [searchParams] = useSearchParams();
  const paymentIntentId = searchParams.get('payment_intent') ?? '';
  const redirectStatus = searchParams.get('redirect_status');
  const confirmable = paymentIntentId !== '' && redirectStatus === 'succeeded';

  return (
    <>
      <Header title="Purchase Coins" showBack />
      <div className="flex flex-1 flex-col items-center justify-center gap-6 px-6 py-10 text-center">
        {confirmable ? (
          <ConfirmPayment paymentIntentId={paymentIntentId} />
        ) : (
          <Outcome
            tone="error"
            title={paymentIntentId ? 'Payment Not Completed' : 'No Payment Found'}
            text={
              paymentIntentId
                ? 'Your payment did not go through and no coins were added. You can try again from the shop.'
                : 'There is no payment to confirm here.'
            }
          />
        )}
      </div>
    </>
  );
}

function ConfirmPayment({ paymentIntentId }: { paymentIntentId: string }) {
  const queryClient = useQueryClient();
  // A query, not an effect: the confirmation runs once per payment, also under StrictMode and on
  // re-renders (the server would not credit twice either way).
  const confirmation = useQuery({
    queryKey: [...coinKeys.all, 'payment-success', paymentIntentId],
    queryFn: async () => {
      const result = await confirmPaymentSuccess(paymentIntentId);
      void refreshCoins(queryClient, result.coins);
      return result;
    },
  });

  if (confirmation.isPending) {
    return (
      <div className="flex flex-col items-center gap-4 text-emerald-400">
        <Spinner size="lg" label="Confirming payment" />
        <p className="text-sm text-slate-300">Confirming your payment…</p>
      </div>
    );
  }

  if (confirmation.isError) {
    return (
      <Outcome
        tone="error"
        title="Payment Not Confirmed"
        text={errorMessage(confirmation.error)}
        extra={
          <Button
            variant="outline"
            loading={confirmation.isFetching}
            onClick={() => void confirmation.refetch()}
          >
            {!confirmation.isFetching && <RotateCcw aria-hidden className="size-4" />}
            Try again
          </Button>
        }
      />
    );
  }

  return (
    <Outcome
      tone="success"
      title="Payment Successful"
      text="Thank you for your purchase. Your coins are ready to use."
      extra={
        <div className="flex flex-col items-center gap-1 rounded-2xl border border-amber-400/25 bg-amber-400/10 px-6 py-4">
          <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Coins added</p>
          <p className="flex items-center gap-1 text-3xl">
            <span className="font-bold text-amber-300">+</span>
            <CoinAmount value={confirmation.data.added} iconClassName="size-6" />
          </p>
          <p className="text-xs text-slate-400">
            New balance: <CoinAmount value={confirmation.data.coins} className="text-xs" />
          </p>
        </div>
      }
    />
  );
}

function Outcome({
  tone,
  title,
  text,
  extra,
}: {
  tone: 'success' | 'error';
  title: string;
  text: string;
  extra?: ReactNode;
}) {
  const Icon = tone === 'success' ? CircleCheck : CircleAlert;
  return (
    <>
      <span
        className={cn(
          'flex size-20 items-center justify-center rounded-full shadow-2xl',
          tone === 'success'
            ? 'bg-emerald-500/15 text-emerald-300 shadow-emerald-500/30'
            : 'bg-rose-500/15 text-rose-300 shadow-rose-500/20',
        )}
      >
        <Icon aria-hidden className="size-10" />
      </span>
      <div className="flex flex-col gap-2">
        <h2 className="font-display text-3xl font-extrabold tracking-tight text-white uppercase">{title}</h2>
        <p className="max-w-xs text-sm break-words text-slate-400">{text}</p>
      </div>
      {extra}
      <div className="flex w-full max-w-xs flex-col gap-2">
        <Link to={paths.purchaseCoins} className={cn(buttonClasses('primary', 'lg'), 'w-full')}>
          <ShoppingBag aria-hidden className="size-4" />
          Back to Shop
        </Link>
        <Link to={paths.market} className={cn(buttonClasses('outline', 'lg'), 'w-full')}>
          <Store aria-hidden className="size-4" />
          Go to Marketplace
        </Link>
      </div>
    </>
  );
}
