import { useId } from 'react';

import { PAYPAL_TRANSACTION_ID_MESSAGE, PAYPAL_TRANSACTION_ID_SOURCE } from '@touchline/contract';

import { Input, Label } from '@/components/ui/Input';

/** The id as sent: trimmed, upper-case (PayPal prints it upper-case; a typed lower-case one is the same id). */
export const normalizedPaypalId = (text: string) => text.trim().toUpperCase();
const PATTERN = new RegExp(PAYPAL_TRANSACTION_ID_SOURCE);
export const isPaypalTransactionId = (text: string) => PATTERN.test(normalizedPaypalId(text));

/**
 * 'Mark as Completed' records the PayPal payment sent: its transaction id, from PayPal's receipt.
 * The error shows once the admin tried to confirm without a valid one.
 */
export function PaypalTransactionField({
  value,
  onChange,
  showError,
}: {
  value: string;
  onChange: (value: string) => void;
  showError: boolean;
}) {
  const id = useId();
  const hintId = useId();
  const invalid = showError && !isPaypalTransactionId(value);
  return (
    <div className="mt-3 flex flex-col gap-1.5">
      <Label htmlFor={id}>PayPal transaction ID</Label>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        placeholder="e.g. 5TY05013RG002845M"
        aria-invalid={invalid || undefined}
        aria-describedby={hintId}
        className="font-mono uppercase"
      />
      <p id={hintId} className={invalid ? 'text-xs text-rose-300' : 'text-xs text-slate-400'}>
        {invalid ? PAYPAL_TRANSACTION_ID_MESSAGE : 'From the PayPal receipt: 17 letters and digits.'}
      </p>
    </div>
  );
}
