import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';

import { Button, type ButtonProps } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api';

import { useLogout } from '@/lib/data/auth';

export type LogoutButtonProps = Pick<ButtonProps, 'variant' | 'size' | 'className'>;

/** Signs out (POST /api/logout), clears the session and goes to /auth. */
export function LogoutButton({ variant = 'outline', size = 'sm', className }: LogoutButtonProps) {
  const navigate = useNavigate();
  const logout = useLogout();

  async function handleClick() {
    const toastId = toast.loading('Logging out', { description: 'You will be signed out of your account' });
    try {
      await logout.mutateAsync();
    } catch (error) {
      toast.error('Logout failed', { id: toastId, description: errorMessage(error) });
      return;
    }
    toast.success('Logged out', { id: toastId, description: 'You have been logged out successfully' });
    void navigate(paths.auth, { replace: true });
  }

  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      loading={logout.isPending}
      onClick={() => void handleClick()}
    >
      {!logout.isPending && <LogOut aria-hidden className="size-3.5" />}
      Logout
    </Button>
  );
}
