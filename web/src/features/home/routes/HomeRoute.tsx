import { useState } from 'react';

import { Header } from '@/components/Header';
import { useUser } from '@/features/auth/api';
import { CardDetailDialog } from '@/features/cards/components/CardDetailDialog';
import { StarterPackOverlay } from '@/features/cards/components/StarterPackOverlay';
import type { Card } from '@/features/cards/types';

import { CollectionSummary } from '../components/CollectionSummary';
import { HomeCollection } from '../components/HomeCollection';

/** / (home). Renders nothing without a user. */
export function HomeRoute() {
  const { data: user } = useUser();
  const [selected, setSelected] = useState<Card | null>(null);
  if (!user) return null;

  return (
    <>
      <Header title="Touchline" />
      <div className="flex flex-col gap-6 px-4 py-5">
        <CollectionSummary user={user} />
        <HomeCollection onSelectCard={setSelected} />
      </div>
      <CardDetailDialog card={selected} onClose={() => setSelected(null)} />
      <StarterPackOverlay />
    </>
  );
}
