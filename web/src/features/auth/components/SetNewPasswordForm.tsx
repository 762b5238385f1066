import { ArrowLeft, KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';

import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { TextField } from '@/components/ui/Input';
import { errorMessage } from '@/lib/api';

import { useResetPassword } from '@/lib/data/auth';

export interface SetNewPasswordFormProps {
  /** The single-use token from the e-mailed link (`/auth?reset=<token>`). */
  token: string;
  /** Called after the password was set, and by the back link. */
  onDone: () => void;
}

export function SetNewPasswordForm({ token, onDone }: SetNewPasswordFormProps) {
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [mismatch, setMismatch] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirmPassword) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    try {
      const result = await reset.mutateAsync({ token, password });
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
          <TextField
            label="New Password"
            type="password"
            name="new-password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setMismatch(false);
            }}
          />
          <TextField
            label="Confirm New Password"
            type="password"
            name="confirm-password"
            autoComplete="new-password"
            required
            aria-invalid={mismatch || undefined}
            value={confirmPassword}
            onChange={(event) => {
              setConfirmPassword(event.target.value);
              setMismatch(false);
            }}
          />
          {mismatch && <Alert>Passwords do not match</Alert>}
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
