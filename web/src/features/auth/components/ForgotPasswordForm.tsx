import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Input';

import { useRequestPasswordReset } from '@/lib/data/auth';

export interface ForgotPasswordFormProps {
  defaultEmail?: string;
  onBack: () => void;
}

/** The reset view inside the Login tab: asks for the e-mail, then confirms the link was sent. */
export function ForgotPasswordForm({ defaultEmail = '', onBack }: ForgotPasswordFormProps) {
  const resetRequest = useRequestPasswordReset();
  const [email, setEmail] = useState(defaultEmail);
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const trimmed = email.trim();
    if (trimmed === '') {
      toast.error('Email Required', { description: 'Please enter your email address' });
      return;
    }
    if (!form.checkValidity()) {
      form.reportValidity();
      return;
    }
    try {
      const result = await resetRequest.mutateAsync({ email: trimmed });
      if (result.success) {
        setSentMessage(result.message);
        toast.success('Password Reset', { description: result.message });
      } else {
        toast.error('Password Reset Failed', { description: result.message });
      }
    } catch {
      toast.error('Error', { description: 'An error occurred during password reset' });
    }
  }

  const backLink = (
    <Button variant="link" className="self-center" onClick={onBack}>
      <ArrowLeft aria-hidden className="size-4" />
      Back to login
    </Button>
  );

  if (sentMessage !== null) {
    return (
      <div className="flex flex-col items-center gap-4 text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-400">
          <MailCheck aria-hidden className="size-7" />
        </div>
        <h2 className="text-lg font-bold text-slate-50">Check your e-mail</h2>
        <p className="text-sm text-slate-300">{sentMessage}</p>
        <p className="text-xs text-slate-400">The link can be used once and expires soon.</p>
        {backLink}
      </div>
    );
  }

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void handleSubmit(event)}>
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-bold text-slate-50">Forgot your password?</h2>
        <p className="text-sm text-slate-400">
          Enter the e-mail address of your account and we&apos;ll send you a link to set a new password.
        </p>
      </div>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" size="lg" className="w-full" loading={resetRequest.isPending}>
        Reset Password
      </Button>
      {backLink}
    </form>
  );
}
