import { useState } from 'react';

import { Alert } from '@/components/ui/Alert';
import { TextField } from '@/components/ui/Input';

/** The new password and its confirmation, as the reset and the admin address confirmation ask for them. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [mismatch, setMismatch] = useState(false);
  return {
    password,
    confirmPassword,
    mismatch,
    setPassword(value: string) {
      setPassword(value);
      setMismatch(false);
    },
    setConfirmPassword(value: string) {
      setConfirmPassword(value);
      setMismatch(false);
    },
    /** Whether both fields agree; shows "Passwords do not match" when they do not. */
    check(): boolean {
      setMismatch(password !== confirmPassword);
      return password === confirmPassword;
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
      {fields.mismatch && <Alert>Passwords do not match</Alert>}
    </>
  );
}
