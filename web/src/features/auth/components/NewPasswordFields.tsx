import { useState } from 'react';
import { PASSWORD_RULE_TEXT, passwordProblem } from '@touchline/rules';

import { Alert } from '@/components/ui/Alert';
import { TextField } from '@/components/ui/Input';

/** The new password and its confirmation, as the reset and the admin address confirmation ask for them. */
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
  };
}

export function NewPasswordFields({ fields }: { fields: ReturnType<typeof useNewPassword> }) {
  return (
    <>
      <TextField
        label="New Password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        hint={PASSWORD_RULE_TEXT}
        aria-invalid={fields.problem !== null || undefined}
        value={fields.password}
        onChange={(event) => fields.setPassword(event.target.value)}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        required
        aria-invalid={fields.mismatch || undefined}
        value={fields.confirmPassword}
        onChange={(event) => fields.setConfirmPassword(event.target.value)}
      />
      {fields.problem && <Alert>{fields.problem}</Alert>}
      {fields.mismatch && <Alert>Passwords do not match</Alert>}
    </>
  );
}
