import { FlaskConical } from 'lucide-react';

/** The mark of money that never came in: test payments, and cash-outs they back. */
export function TestPaymentBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-md border border-fuchsia-500/40 bg-fuchsia-500/10 px-1.5 py-0.5 text-[10px] font-semibold text-fuchsia-200">
      <FlaskConical aria-hidden className="size-3" />
      Test payment
    </span>
  );
}
