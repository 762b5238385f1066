import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js';
// The pure entry point loads Stripe.js only when loadStripe is called (with a publishable key).
import { loadStripe } from '@stripe/stripe-js/pure';
import { Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';

import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';

import type { PaymentIntent } from '@touchline/contract';
import { formatUsd } from '@/lib/coins';

export interface StripePaymentFormProps {
  intent: PaymentIntent & { publishableKey: string };
  onSucceeded: (paymentIntentId: string) => void;
  finishing: boolean;
}

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js instance per publishable key, loaded on first use. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

const appearance: StripeElementsOptions['appearance'] = {
  theme: 'night',
  variables: { colorPrimary: '#10b981', colorBackground: '#0f172a', borderRadius: '12px' },
};

/**
 * The card form with Stripe: Stripe Elements' PaymentElement for this intent, confirmed in the browser
 * with Stripe (card details never reach our servers). Returns to /purchase-coins/success only when the
 * payment method needs a redirect; otherwise the success is handled here.
 */
export default function StripePaymentForm({ intent, onSucceeded, finishing }: StripePaymentFormProps) {
  return (
    <Elements
      stripe={stripeFor(intent.publishableKey)}
      options={{ clientSecret: intent.clientSecret, appearance }}
    >
      <StripeCheckout intent={intent} onSucceeded={onSucceeded} finishing={finishing} />
    </Elements>
  );
}

function StripeCheckout({ intent, onSucceeded, finishing }: StripePaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [submitting, setSubmitting] = useState(false);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const busy = submitting || finishing;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setSubmitting(true);
    setPaymentError(null);
    setNotice(null);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${paths.purchaseCoinsSuccess}` },
        redirect: 'if_required',
      });
      if (error) {
        setPaymentError(error.message ?? 'Your payment was not completed. Please try again.');
        toast.error(
          error.type === 'card_error' || error.type === 'validation_error'
            ? 'Payment failed'
            : 'Payment processing error',
        );
      } else if (paymentIntent?.status === 'succeeded' || paymentIntent?.status === 'requires_capture') {
        // requires_capture: the card is authorized, and the server charges it once it has checked
        // the monthly spending limit (or releases it and says why).
        onSucceeded(paymentIntent.id);
      } else if (paymentIntent?.status === 'processing') {
        setNotice('Your payment is processing. Your coins will be added as soon as it completes.');
      } else {
        setPaymentError('Your payment was not completed. Please try again.');
        toast.error('Payment failed');
      }
    } catch (error) {
      setPaymentError(error instanceof Error ? error.message : 'Something went wrong with the payment.');
      toast.error('Payment processing error');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      aria-label="Card payment"
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4 rounded-2xl border border-white/5 bg-slate-900/70 p-4"
    >
      <PaymentElement options={{ layout: 'tabs' }} />
      {paymentError && <Alert>{paymentError}</Alert>}
      {notice && (
        <p role="status" className="rounded-xl bg-sky-500/10 px-3 py-2.5 text-sm text-sky-200">
          {notice}
        </p>
      )}
      <Button type="submit" size="lg" loading={busy} disabled={!stripe || !elements}>
        {!busy && <Lock aria-hidden className="size-4" />}
        {`Pay ${formatUsd(intent.amount)}`}
      </Button>
    </form>
  );
}
