import { useState } from 'react';
import { toast } from '@/lib/toast';

import type { TransferResult, TransferToShopBody } from '@touchline/contract';
import { Header } from '@/components/Header';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Spinner } from '@/components/ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { errorMessage } from '@/lib/api';
import { useAdminCollectionCards, useTransferToShop } from '@/lib/data/admin';
import { useUser } from '@/lib/data/auth';

import { AdminAccessRequired } from '../components/AdminDenied';
import { CardSelection } from '../components/CardSelection';
import { TransferResultSummary } from '../components/TransferResultSummary';
import { UsersTable } from '../components/UsersTable';
import { ALL_USERS } from '../components/usersScreens';
import { TRANSFER_ALL_CONFIRMATION, transferredMessage, transferSelectedConfirmation } from '../utils';

const TRANSFER_FAILED = 'Failed to transfer cards to shop.';

/** /admin: move the admin's own non-Messi cards to the shop, and the list of every user. */
export function AdminControlsRoute() {
  const { data: user } = useUser();
  const isAdmin = Boolean(user?.isAdmin);
  const cards = useAdminCollectionCards(isAdmin);
  const transfer = useTransferToShop();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [lastResult, setLastResult] = useState<TransferResult | null>(null);
  /** The transfer waiting for the admin's yes, with the spec's question. */
  const [asking, setAsking] = useState<{ body: TransferToShopBody; question: string; all: boolean } | null>(
    null,
  );

  if (!isAdmin) return <AdminAccessRequired />;

  /** The selected-card transfer shows the server's reason; transfer-all says only that it failed. */
  function run(body: TransferToShopBody, showServerError: boolean) {
    transfer.mutate(body, {
      onSuccess: (result) => {
        setLastResult(result);
        if (result.success) {
          toast.success('Cards Transferred', {
            description: transferredMessage(result.transferred, result.remaining),
          });
          setSelected(new Set());
        } else {
          toast.error('Transfer Failed', {
            description: showServerError && result.error ? result.error : TRANSFER_FAILED,
          });
        }
      },
      onError: (error) =>
        toast.error('Transfer Failed', {
          description: showServerError ? errorMessage(error, TRANSFER_FAILED) : TRANSFER_FAILED,
        }),
    });
  }

  function transferSelected() {
    if (selected.size === 0) {
      toast.error('No Cards Selected', { description: 'Please select at least one card to transfer.' });
      return;
    }
    setAsking({
      body: { cardIds: [...selected] },
      question: transferSelectedConfirmation(selected.size),
      all: false,
    });
  }

  function transferAll() {
    setAsking({ body: { transferAllNonMessi: true }, question: TRANSFER_ALL_CONFIRMATION, all: true });
  }

  function confirmTransfer() {
    if (!asking) return;
    run(asking.body, !asking.all);
    setAsking(null);
  }

  return (
    <>
      <Header title="Admin Controls" showBack />
      <div className="flex flex-col gap-4 px-4 py-5">
        <Tabs defaultValue="cards">
          <TabsList aria-label="Admin controls">
            <TabsTrigger value="cards" className="text-xs">
              Card Selection
            </TabsTrigger>
            <TabsTrigger value="quick" className="text-xs">
              Quick Actions
            </TabsTrigger>
            <TabsTrigger value="users" className="text-xs">
              Users
            </TabsTrigger>
          </TabsList>
          <TabsContent value="cards">
            {cards.isPending ? (
              <Spinner />
            ) : cards.isError ? (
              <p role="alert" className="text-sm text-rose-300">
                {errorMessage(cards.error)}
              </p>
            ) : (
              <CardSelection
                cards={cards.data.cards}
                selected={selected}
                onSelectedChange={setSelected}
                onTransfer={transferSelected}
                busy={transfer.isPending}
              />
            )}
          </TabsContent>
          <TabsContent value="quick">
            <Button onClick={transferAll} disabled={transfer.isPending} loading={transfer.isPending}>
              Transfer All Non-Messi Cards
            </Button>
          </TabsContent>
          <TabsContent value="users">
            <UsersTable screen={ALL_USERS} />
          </TabsContent>
        </Tabs>
        {lastResult && <TransferResultSummary result={lastResult} />}
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={asking?.all ? 'Transfer All Non-Messi Cards?' : 'Transfer Selected Cards?'}
        description={asking?.question ?? ''}
        confirmLabel="Transfer"
        confirmVariant="danger"
        onConfirm={confirmTransfer}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
