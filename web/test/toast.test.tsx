import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { toast } from '@/lib/toast';

describe('toast (sonner fetched with the first toast)', () => {
  it('shows a toast raised before sonner arrived, and turns a loading toast into its outcome by id', async () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <p>screen</p>
      </AppProviders>,
    );
    let id: string | number = '';
    act(() => {
      id = toast.loading('Logging out', { description: 'You will be signed out of your account' });
    });
    expect(id).not.toBe('');
    expect(await screen.findByText('Logging out')).toBeInTheDocument();

    act(() => {
      toast.success('Logged out', { id, description: 'You have been logged out successfully' });
    });
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Logging out')).not.toBeInTheDocument());
  });
});
