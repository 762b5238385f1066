import { Navigate, useSearchParams } from 'react-router';

import { FullScreenSpinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';

import { useUser } from '@/lib/data/auth';
import { AuthLayout } from '../components/AuthLayout';
import { AuthScreen } from '../components/AuthScreen';
import { ConfirmAdminEmail } from '../components/ConfirmAdminEmail';
import { SetNewPasswordForm } from '../components/SetNewPasswordForm';

/**
 * /auth. With `?reset=<token>` (the e-mailed link) it shows the set-new-password view, signed in or not;
 * with `?verify-admin=<token>` the admin address confirmation.
 * Otherwise a signed-in user is sent to /.
 */
export function AuthRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { data: user, isPending } = useUser();
  const resetToken = searchParams.get('reset');
  const adminToken = searchParams.get('verify-admin');

  if (resetToken) {
    return (
      <AuthLayout>
        <SetNewPasswordForm token={resetToken} onDone={() => setSearchParams({}, { replace: true })} />
      </AuthLayout>
    );
  }

  if (adminToken) {
    return (
      <AuthLayout>
        <ConfirmAdminEmail token={adminToken} onDone={() => setSearchParams({}, { replace: true })} />
      </AuthLayout>
    );
  }

  if (isPending) return <FullScreenSpinner />;
  if (user) return <Navigate to={paths.home} replace />;

  return (
    <AuthLayout>
      <AuthScreen />
    </AuthLayout>
  );
}
