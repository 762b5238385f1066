import { useState } from 'react';
import { passwordProblem } from '@touchline/rules';

import { Alert } from '@/components/ui/Alert';
import { PasswordField } from '@/components/ui/PasswordField';

/** A new password and its confirmation, as sign-up, the reset, the admin confirmation and the profile ask for them. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return {
    password,
    confirmPassword,
    mismatch,
    problem,
    setPassword(value: string) {
      setPassword(value);
      setMismatch(false);
      setProblem(null);
    },
    setConfirmPassword(value: string) {
      setConfirmPassword(value);
      setMismatch(false);
    },
    /** Whether the password is long enough and both fields agree; says what is wrong otherwise. */
    check(): boolean {
      const tooShort = passwordProblem(password) ?? null;
      setProblem(tooShort);
      setMismatch(!tooShort && password !== confirmPassword);
      return !tooShort && password === confirmPassword;
    },
    clear() {
      setPassword('');
      setConfirmPassword('');
      setMismatch(false);
      setProblem(null);
    },
  };
}

export interface NewPasswordFieldsProps {
  fields: ReturnType<typeof useNewPassword>;
  labels?: { password: string; confirm: string };
  placeholders?: { password: string; confirm: string };
}

export function NewPasswordFields({
  fields,
  labels = { password: 'New Password', confirm: 'Confirm New Password' },
  placeholders,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        purpose="new"
        label={labels.password}
        placeholder={placeholders?.password}
        aria-invalid={fields.problem !== null || undefined}
        value={fields.password}
        onChange={(event) => fields.setPassword(event.target.value)}
      />
      <PasswordField
        purpose="confirm"
        label={labels.confirm}
        placeholder={placeholders?.confirm}
        aria-invalid={fields.mismatch || undefined}
        value={fields.confirmPassword}
        onChange={(event) => fields.setConfirmPassword(event.target.value)}
      />
      {fields.problem && <Alert>{fields.problem}</Alert>}
      {fields.mismatch && <Alert>Passwords do not match</Alert>}
    </>
  );
}
