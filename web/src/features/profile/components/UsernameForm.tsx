import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';

import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Input';
import type { User } from '@touchline/contract';
import { USERNAME_MAX_LENGTH, usernameProblem } from '@touchline/rules';
import { errorMessage } from '@/lib/api';

import { useSetUsername } from '@/lib/data/profile';

/** Username edit: checks the shared rule locally, shows the server's answer (a taken name, a muted user). */
export function UsernameForm({ user }: { user: User }) {
  const setUsername = useSetUsername();
  const [value, setValue] = useState(user.username);
  const [error, setError] = useState<string | null>(null);
  const cleaned = value.trim().toLowerCase();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = usernameProblem(cleaned);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    try {
      const updated = await setUsername.mutateAsync({ username: cleaned });
      setValue(updated.username);
    } catch (failure) {
      setError(errorMessage(failure));
      return;
    }
    toast.success('Username updated', { description: `You are now ${cleaned}` });
  }

  return (
    <form className="flex flex-col gap-2" onSubmit={(event) => void handleSubmit(event)}>
      <div className="flex items-end gap-2">
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          className="flex-1"
          maxLength={USERNAME_MAX_LENGTH}
          value={value}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
        />
        <Button
          type="submit"
          variant="secondary"
          className="h-11"
          loading={setUsername.isPending}
          disabled={cleaned === user.username}
        >
          Save
        </Button>
      </div>
      {error && <Alert>{error}</Alert>}
    </form>
  );
}
