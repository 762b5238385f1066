import { ArrowLeft, KeyRound } from 'lucide-react';
import type { FormEvent } from 'react';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { errorMessage } from '@/lib/api';

import { useResetPassword } from '@/lib/data/auth';
import { NewPasswordFields, useNewPassword } from '@/components/NewPasswordFields';

export interface SetNewPasswordFormProps {
  /** The single-use token from the e-mailed link (`/auth?reset=<token>`). */
  token: string;
  /** Called after the password was set, and by the back link. */
  onDone: () => void;
}

export function SetNewPasswordForm({ token, onDone }: SetNewPasswordFormProps) {
  const reset = useResetPassword();
  const fields = useNewPassword();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!fields.check()) return;
    try {
      const result = await reset.mutateAsync({ token, password: fields.password });
      if (!result.success) {
        toast.error('Password Reset Failed', { description: result.message });
        return;
      }
      toast.success('Password updated', { description: result.message });
      onDone();
    } catch (error) {
      toast.error('Password Reset Failed', { description: errorMessage(error) });
    }
  }

  return (
    <Card>
      <CardHeader>
        <div className="mb-1 flex size-11 items-center justify-center rounded-xl bg-emerald-500/15 text-emerald-400">
          <KeyRound aria-hidden className="size-5" />
        </div>
        <CardTitle>Set a new password</CardTitle>
        <CardDescription>Choose a new password for your Touchline account.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)}>
          <NewPasswordFields fields={fields} />
          <Button type="submit" size="lg" className="mt-2 w-full" loading={reset.isPending}>
            Set Password
          </Button>
          <Button variant="link" className="self-center" onClick={onDone}>
            <ArrowLeft aria-hidden className="size-4" />
            Back to login
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
