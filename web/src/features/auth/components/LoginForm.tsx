import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Input';
import { PasswordField } from '@/components/ui/PasswordField';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api';

import { useLogin } from '@/lib/data/auth';

import { suspensionOf, type Suspension } from './suspension';

/** Shown only to a suspended account: not part of the sign-in screen's first load. */
const SuspendedNotice = lazy(() => import('./SuspendedNotice').then((m) => ({ default: m.SuspendedNotice })));

export interface LoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
}

export function LoginForm({ email, onEmailChange, onForgotPassword }: LoginFormProps) {
  const navigate = useNavigate();
  const login = useLogin();
  const [password, setPassword] = useState('');
  const [suspension, setSuspension] = useState<Suspension | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const refusalId = useId();
  // The fields are marked only when the credentials were refused; an unreachable server is not theirs.
  const fieldsInvalid = refusal?.credentials ? true : undefined;
  const describedBy = refusal ? refusalId : undefined;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSuspension(null);
    setRefusal(null);
    try {
      await login.mutateAsync({ email: email.trim(), password });
    } catch (error) {
      const suspended = suspensionOf(error);
      if (suspended) {
        setSuspension(suspended);
        return;
      }
      const message = errorMessage(error);
      setRefusal({ message, credentials: isCredentialRefusal(error) });
      toast.error('Login failed', { description: message });
      return;
    }
    toast.success('Login successful', { description: 'Welcome back!' });
    void navigate(paths.home, { replace: true });
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)}>
      {suspension && (
        <Suspense fallback={null}>
          <SuspendedNotice {...suspension} />
        </Suspense>
      )}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        aria-invalid={fieldsInvalid}
        aria-describedby={describedBy}
      />
      <PasswordField
        purpose="current"
        label="Password"
        name="password"
        placeholder="Your password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        aria-invalid={fieldsInvalid}
        aria-describedby={describedBy}
        labelAside={
          <Button variant="link" className="text-xs" onClick={onForgotPassword}>
            Forgot password?
          </Button>
        }
      />
      {refusal && (
        <p id={refusalId} role="alert" className="-mt-1 text-sm font-medium break-words text-rose-300">
          {refusal.message}
        </p>
      )}
      <Button type="submit" size="lg" className="mt-2 w-full" loading={login.isPending}>
        Login
      </Button>
    </form>
  );
}

/** Why the last sign-in failed, said under the fields. */
interface Refusal {
  message: string;
  /** The server refused the e-mail and password (not a network or server failure). */
  credentials: boolean;
}

/** A 400/401 answer: the e-mail and password given were refused. */
function isCredentialRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 401);
}
