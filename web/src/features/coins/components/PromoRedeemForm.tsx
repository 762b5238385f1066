import { Ticket } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { Input, Label } from '@/components/ui/Input';
import { errorMessage } from '@/lib/api';

import { useRedeemPromo } from '@/lib/data/coins';
import type { PromoReward } from '@touchline/contract';
import { normalizePromoCode, PROMO_CODE_REQUIRED } from '@/lib/coins';
import { PromoRewardDialog } from './PromoRewardDialog';

/**
 * The redeem tab: a promo code (shown in upper case) and 'Redeem'. Success toasts 'Promo code redeemed!'
 * and opens the reward dialog; a code turned down or a failed call toasts 'Failed to redeem' with why.
 */
export function PromoRedeemForm() {
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [redeemed, setRedeemed] = useState<{ code: string; reward: PromoReward } | null>(null);
  const redeem = useRedeemPromo();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (redeem.isPending) return;
    const trimmed = normalizePromoCode(code.trim());
    if (trimmed === '') {
      setError(PROMO_CODE_REQUIRED);
      return;
    }
    setError(null);
    redeem.mutate(trimmed, {
      onSuccess: (result) => {
        if (result.success) {
          toast.success('Promo code redeemed!');
          setRedeemed({ code: trimmed, reward: result.reward });
        } else {
          toast.error('Failed to redeem', { description: result.message });
        }
      },
      onError: (failure) => toast.error('Failed to redeem', { description: errorMessage(failure) }),
    });
  }

  function reset() {
    setRedeemed(null);
    setCode('');
    setError(null);
    redeem.reset();
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Ticket aria-hidden className="size-5 text-emerald-400" />
          Redeem Promo Code
        </CardTitle>
        <CardDescription>Enter a promo code to unlock coins, cards or packs.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={inputId}>Promo code</Label>
            <Input
              id={inputId}
              name="code"
              value={code}
              onChange={(event) => {
                setCode(normalizePromoCode(event.target.value));
                if (error) setError(null);
              }}
              placeholder="ENTER CODE"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              disabled={redeem.isPending}
              className="font-mono tracking-widest uppercase"
            />
            {error && (
              <p id={errorId} role="alert" className="text-xs font-medium text-rose-300">
                {error}
              </p>
            )}
          </div>
          <Button type="submit" size="lg" loading={redeem.isPending}>
            Redeem Code
          </Button>
        </form>
      </CardContent>
      <PromoRewardDialog code={redeemed?.code ?? ''} reward={redeemed?.reward ?? null} onReset={reset} />
    </Card>
  );
}
