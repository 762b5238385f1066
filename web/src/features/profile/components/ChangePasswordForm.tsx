import { useState, type FormEvent } from 'react';
import { PASSWORD_RULE_TEXT, passwordProblem } from '@touchline/rules';
import { toast } from '@/lib/toast';

import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Input';
import { useChangePassword } from '@/lib/data/auth';
import { errorMessage } from '@/lib/api';

/**
 * Change password: current, new and confirmation, with the length rule shown; nothing is sent when the
 * new one is too short or the two new ones differ.
 */
export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = passwordProblem(newPassword);
    if (problem) {
      setError(problem);
      return;
    }
    if (newPassword !== confirmPassword) {
      setError('Passwords do not match');
      return;
    }
    setError(null);
    let message: string;
    try {
      const result = await changePassword.mutateAsync({ currentPassword, newPassword });
      if (!result.success) {
        setError(result.message);
        return;
      }
      message = result.message;
    } catch (failure) {
      setError(errorMessage(failure));
      return;
    }
    setCurrentPassword('');
    setNewPassword('');
    setConfirmPassword('');
    toast.success('Password changed', { description: message });
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void handleSubmit(event)}>
      <TextField
        label="Current Password"
        type="password"
        name="current-password"
        autoComplete="current-password"
        required
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      <TextField
        label="New Password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        hint={PASSWORD_RULE_TEXT}
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
      />
      {error && <Alert>{error}</Alert>}
      <Button type="submit" variant="secondary" className="self-start" loading={changePassword.isPending}>
        Change Password
      </Button>
    </form>
  );
}
