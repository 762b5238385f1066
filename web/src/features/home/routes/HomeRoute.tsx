import { Header } from '@/components/Header';
import { useUser } from '@/features/auth/api';

import { CollectionSummary } from '../components/CollectionSummary';

/** / (home). Renders nothing without a user. */
export function HomeRoute() {
  const { data: user } = useUser();
  if (!user) return null;

  return (
    <>
      <Header title="Touchline" />
      <div className="flex flex-col gap-5 px-4 py-5">
        <CollectionSummary user={user} />
      </div>
    </>
  );
}
