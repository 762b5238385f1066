import { useMutation } from '@tanstack/react-query';
import { CreditCard, FlaskConical, Lock, ShieldCheck, ShieldX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';

import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Input';
import { errorMessage } from '@/lib/api';

import { authenticateTestPayment, confirmTestPayment } from '@/lib/data/coins';
import type { PaymentIntent, TestPaymentResult } from '@touchline/contract';
import {
  formatCardNumber,
  formatCvc,
  formatExpiry,
  formatUsd,
  parseCardForm,
  TEST_CARDS,
  type CardFormErrors,
  type CardFormValues,
} from '@/lib/coins';

export interface TestCardFormProps {
  intent: PaymentIntent;
  /** The payment succeeded: the parent tells the server and credits the coins. */
  onSucceeded: (paymentIntentId: string) => void;
  /** The coins are being added: the form is locked. */
  finishing: boolean;
}

const EMPTY: CardFormValues = { cardNumber: '', expiry: '', cvc: '' };
const NOT_COMPLETED = 'Your payment was not completed. Please try again.';

/**
 * The card form of test mode (no Stripe keys): Stripe's test cards are confirmed by the wallet's test
 * provider, including the 3-D Secure step of 4000 0025 0000 3155. A refused card shows its reason
 * inline and the toast 'Payment failed'; a failed call 'Payment processing error'.
 */
export function TestCardForm({ intent, onSucceeded, finishing }: TestCardFormProps) {
  const [values, setValues] = useState<CardFormValues>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<CardFormErrors>({});
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [authenticating, setAuthenticating] = useState(false);

  const confirm = useMutation({
    mutationFn: (card: Parameters<typeof confirmTestPayment>[1]) =>
      confirmTestPayment(intent.paymentIntentId, card),
  });
  const authenticate = useMutation({
    mutationFn: (fail: boolean) => authenticateTestPayment(intent.paymentIntentId, fail),
  });
  const busy = confirm.isPending || authenticate.isPending || finishing;
  const price = formatUsd(intent.amount);

  function handleResult(result: TestPaymentResult) {
    if (result.status === 'succeeded') {
      setAuthenticating(false);
      onSucceeded(result.paymentIntentId || intent.paymentIntentId);
      return;
    }
    if (result.status === 'requires_action' && result.nextAction === 'authenticate') {
      setAuthenticating(true);
      return;
    }
    setAuthenticating(false);
    setPaymentError(result.error?.message || NOT_COMPLETED);
    toast.error('Payment failed');
  }

  function handleCallError(error: unknown) {
    setPaymentError(errorMessage(error, NOT_COMPLETED));
    toast.error('Payment processing error');
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = parseCardForm(values);
    if (!parsed.ok) {
      setFieldErrors(parsed.errors);
      return;
    }
    setFieldErrors({});
    setPaymentError(null);
    confirm.mutate(parsed.card, { onSuccess: handleResult, onError: handleCallError });
  }

  function runAuthentication(fail: boolean) {
    setPaymentError(null);
    authenticate.mutate(fail, { onSuccess: handleResult, onError: handleCallError });
  }

  function update(field: keyof CardFormValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: undefined }));
  }

  function fillTestCard(number: string) {
    setValues((current) => ({
      cardNumber: number,
      expiry: current.expiry || '12/34',
      cvc: current.cvc || '123',
    }));
    setFieldErrors({});
  }

  if (authenticating) {
    return (
      <section
        aria-labelledby="authenticate-title"
        className="flex flex-col gap-4 rounded-2xl border border-sky-400/30 bg-sky-500/5 p-4"
      >
        <TestModeBadge />
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-sky-500/15 text-sky-300">
            <ShieldCheck aria-hidden className="size-5" />
          </span>
          <div className="flex flex-col gap-1">
            <h3 id="authenticate-title" className="text-base font-bold text-slate-50">
              Authenticate this payment
            </h3>
            <p className="text-sm text-slate-400">
              {`Your bank asks you to confirm the payment of ${price}. This is a simulated 3-D Secure check: no real bank is contacted.`}
            </p>
          </div>
        </div>
        {paymentError && <Alert>{paymentError}</Alert>}
        <div className="flex flex-col gap-2">
          <Button
            size="lg"
            loading={authenticate.isPending && authenticate.variables === false}
            disabled={busy}
            onClick={() => runAuthentication(false)}
          >
            <ShieldCheck aria-hidden className="size-4" />
            Complete authentication
          </Button>
          <Button
            variant="outline"
            loading={authenticate.isPending && authenticate.variables === true}
            disabled={busy}
            onClick={() => runAuthentication(true)}
          >
            <ShieldX aria-hidden className="size-4" />
            Fail authentication
          </Button>
        </div>
      </section>
    );
  }

  return (
    <form
      noValidate
      aria-label="Card payment"
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-2xl border border-white/5 bg-slate-900/70 p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 text-sm font-bold text-slate-50">
          <CreditCard aria-hidden className="size-4 text-emerald-400" />
          Card details
        </h3>
        <TestModeBadge />
      </div>

      <div className="rounded-xl border border-amber-400/20 bg-amber-400/5 p-3 text-xs text-slate-300">
        <p className="font-semibold text-amber-200">No real money is charged. Use a Stripe test card:</p>
        <ul aria-label="Test cards" className="mt-2 flex flex-col gap-1.5">
          {TEST_CARDS.map((card) => (
            <li key={card.number} className="flex items-center justify-between gap-2">
              <span className="min-w-0">
                <span className="font-mono text-slate-100 tabular-nums">{card.number}</span>
                <span className="text-slate-400">{` · ${card.label}`}</span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                className="h-7 px-2 text-emerald-300"
                disabled={busy}
                aria-label={`Use test card ${card.number}`}
                onClick={() => fillTestCard(card.number)}
              >
                Use
              </Button>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-slate-400">Any future expiry date and any 3-digit CVC work.</p>
      </div>

      <div className="flex flex-col gap-1.5">
        <TextField
          label="Card number"
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={values.cardNumber}
          onChange={(event) => update('cardNumber', formatCardNumber(event.target.value))}
          aria-invalid={fieldErrors.cardNumber ? true : undefined}
          disabled={busy}
        />
        {fieldErrors.cardNumber && <FieldError>{fieldErrors.cardNumber}</FieldError>}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1.5">
          <TextField
            label="Expiry"
            name="expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={values.expiry}
            onChange={(event) => update('expiry', formatExpiry(event.target.value))}
            aria-invalid={fieldErrors.expiry ? true : undefined}
            disabled={busy}
          />
          {fieldErrors.expiry && <FieldError>{fieldErrors.expiry}</FieldError>}
        </div>
        <div className="flex flex-col gap-1.5">
          <TextField
            label="CVC"
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={values.cvc}
            onChange={(event) => update('cvc', formatCvc(event.target.value))}
            aria-invalid={fieldErrors.cvc ? true : undefined}
            disabled={busy}
          />
          {fieldErrors.cvc && <FieldError>{fieldErrors.cvc}</FieldError>}
        </div>
      </div>

      {paymentError && <Alert>{paymentError}</Alert>}

      <Button type="submit" size="lg" loading={busy}>
        {!busy && <Lock aria-hidden className="size-4" />}
        {`Pay ${price}`}
      </Button>
    </form>
  );
}

function TestModeBadge() {
  return (
    <span className="inline-flex items-center gap-1 self-start rounded-full border border-amber-400/40 bg-amber-400/10 px-2.5 py-0.5 text-[11px] font-bold tracking-wide text-amber-300">
      <FlaskConical aria-hidden className="size-3.5" />
      Test mode
    </span>
  );
}

function FieldError({ children }: { children: string }) {
  return <p className="text-xs font-medium text-rose-300">{children}</p>;
}
