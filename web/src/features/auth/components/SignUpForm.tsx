import { useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { actionToast, holdForStarterReveal } from '@/lib/moments';
import { toast } from '@/lib/toast';

import { NewPasswordFields, useNewPassword } from '@/components/NewPasswordFields';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api';

import { registrationKey, useRegister } from '@/lib/data/auth';

export interface SignUpFormProps {
  email: string;
  onEmailChange: (email: string) => void;
}

export function SignUpForm({ email, onEmailChange }: SignUpFormProps) {
  const navigate = useNavigate();
  const registration = useRegister();
  const fields = useNewPassword();
  // A second press after a failed answer is the same sign-up: a timed-out one may have made the account.
  const attempt = useRef<ReturnType<typeof registrationKey>>(undefined);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!fields.check()) return;
    const { password } = fields;
    try {
      attempt.current = registrationKey(attempt.current, { email: email.trim(), password });
      await registration.mutateAsync({
        email: attempt.current.email,
        password,
        idempotencyKey: attempt.current.key,
      });
    } catch (error) {
      toast.error('Registration failed', { description: errorMessage(error) });
      return;
    }
    // The starter reveal opens on home: this toast, and the sign-in mission it completes, wait for it.
    holdForStarterReveal();
    actionToast('success', {
      title: 'Registration successful',
      description: 'Your starter pack is ready!',
      covers: ['welcome'],
    });
    void navigate(paths.home, { replace: true });
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)}>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
      />
      <NewPasswordFields
        fields={fields}
        labels={{ password: 'Password', confirm: 'Confirm Password' }}
        placeholders={{ password: 'Choose a password', confirm: 'Repeat your password' }}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" loading={registration.isPending}>
        Create Account
      </Button>
    </form>
  );
}
