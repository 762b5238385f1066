import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Input';
import { PasswordField } from '@/components/ui/PasswordField';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api';

import { useLogin } from '@/lib/data/auth';

import { SuspendedNotice, suspensionOf } from './SuspendedNotice';

export interface LoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
}

export function LoginForm({ email, onEmailChange, onForgotPassword }: LoginFormProps) {
  const navigate = useNavigate();
  const login = useLogin();
  const [password, setPassword] = useState('');
  const [suspension, setSuspension] = useState<{ reason: string } | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSuspension(null);
    try {
      await login.mutateAsync({ email: email.trim(), password });
    } catch (error) {
      const suspended = suspensionOf(error);
      if (suspended) setSuspension(suspended);
      else toast.error('Login failed', { description: errorMessage(error) });
      return;
    }
    toast.success('Login successful', { description: 'Welcome back!' });
    void navigate(paths.home, { replace: true });
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)}>
      {suspension && <SuspendedNotice reason={suspension.reason} />}
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
      <PasswordField
        purpose="current"
        label="Password"
        name="password"
        placeholder="Your password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        labelAside={
          <Button variant="link" className="text-xs" onClick={onForgotPassword}>
            Forgot password?
          </Button>
        }
      />
      <Button type="submit" size="lg" className="mt-2 w-full" loading={login.isPending}>
        Login
      </Button>
    </form>
  );
}
