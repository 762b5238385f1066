import { ArrowLeft, ShieldCheck } from 'lucide-react';
import type { FormEvent } from 'react';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { errorMessage } from '@/lib/api';

import { useConfirmAdminEmail } from '@/lib/data/auth';
import { NewPasswordFields, useNewPassword } from '@/components/NewPasswordFields';

export interface ConfirmAdminEmailProps {
  /** The single-use token from the e-mailed link (`/auth?verify-admin=<token>`). */
  token: string;
  /** Called after the confirmation, and by the back link. */
  onDone: () => void;
}

/**
 * The page an ADMIN_EMAILS address's link opens. Confirming takes a submit, not the page load, so a
 * mail scanner that opens links does not use the link up. It sets the account's password too: the
 * account may have been registered by someone else, who then keeps neither password nor session.
 */
export function ConfirmAdminEmail({ token, onDone }: ConfirmAdminEmailProps) {
  const confirm = useConfirmAdminEmail();
  const fields = useNewPassword();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!fields.check()) return;
    try {
      const result = await confirm.mutateAsync({ token, password: fields.password });
      toast.success('Admin address confirmed', { description: result.message });
      onDone();
    } catch (error) {
      toast.error('Confirmation failed', { description: errorMessage(error) });
    }
  }

  return (
    <Card>
      <CardHeader>
        <div className="mb-1 flex size-11 items-center justify-center rounded-xl bg-emerald-500/15 text-emerald-400">
          <ShieldCheck aria-hidden className="size-5" />
        </div>
        <CardTitle>Confirm your admin address</CardTitle>
        <CardDescription>
          This address is configured as a Touchline administrator. Choose a new password for its account to
          confirm that it is yours: every session of the account is signed out, and you then sign in with the
          new password.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)}>
          <NewPasswordFields fields={fields} />
          <Button type="submit" size="lg" className="mt-2 w-full" loading={confirm.isPending}>
            Confirm
          </Button>
          <Button variant="link" className="self-center" onClick={onDone}>
            <ArrowLeft aria-hidden className="size-4" />
            Back
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
