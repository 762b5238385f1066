import { ShieldAlert } from 'lucide-react';

import { Header } from '@/components/Header';
import { EmptyState } from '@/components/ui/EmptyState';
import { useUser } from '@/lib/data/auth';

import { AdminChallengesPanel } from '../components/AdminChallengesPanel';

/** /admin/challenges: squad challenges for admins (the admin service refuses anyone else too). */
export function AdminChallengesRoute() {
  const { data: user } = useUser();
  return (
    <>
      {/* A non-admin sees the denial under the header every admin screen gives them. */}
      <Header title={user?.isAdmin ? 'Squad Challenges' : 'Admin'} showBack />
      <div className="px-4 py-5 lg:mx-auto lg:w-full lg:max-w-5xl">
        {user?.isAdmin ? (
          <AdminChallengesPanel />
        ) : (
          <EmptyState
            icon={ShieldAlert}
            title="Access Denied"
            description="You don't have permission to access this page. This page is for admins only."
          />
        )}
      </div>
    </>
  );
}
