import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';

import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { PasswordField } from '@/components/ui/PasswordField';
import { NewPasswordFields, useNewPassword } from '@/components/NewPasswordFields';
import { useChangePassword } from '@/lib/data/auth';
import { errorMessage } from '@/lib/api';

/**
 * Change password: current, new and confirmation, with the length rule shown; nothing is sent when the
 * new one is too short or the two new ones differ.
 */
export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const fields = useNewPassword();
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!fields.check()) return;
    const newPassword = fields.password;
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
    fields.clear();
    toast.success('Password changed', { description: message });
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void handleSubmit(event)}>
      <PasswordField
        purpose="current"
        label="Current Password"
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      <NewPasswordFields fields={fields} />
      {error && <Alert>{error}</Alert>}
      <Button type="submit" variant="secondary" className="self-start" loading={changePassword.isPending}>
        Change Password
      </Button>
    </form>
  );
}
