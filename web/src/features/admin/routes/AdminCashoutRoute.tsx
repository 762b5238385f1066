import { useState } from 'react';
import { toast } from '@/lib/toast';

import type { AdminCashoutRequest, CashoutStatus } from '@touchline/contract';
import { Header } from '@/components/Header';
import { Spinner } from '@/components/ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { errorMessage, newIdempotencyKey } from '@/lib/api';
import { useAdminCashouts, useSetCashoutStatus } from '@/lib/data/admin';
import { useUser } from '@/lib/data/auth';

import { AccessDenied } from '../components/AdminDenied';
import { CashoutDetailsDialog } from '../components/CashoutDetailsDialog';
import { CashoutRequestsTable } from '../components/CashoutRequestsTable';
import {
  isPaypalTransactionId,
  normalizedPaypalId,
  PaypalTransactionField,
} from '../components/PaypalTransactionField';
import { ReasonField } from '../components/ReasonField';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { CASHOUT_TABS, type CashoutAction } from '../utils';

interface PendingChange {
  request: AdminCashoutRequest;
  action: CashoutAction;
  /** One per confirmation dialog: a retried click changes the status once. */
  idempotencyKey: string;
}

/** /admin/cashout: review cash-out requests by status (docs/spec/economy-admin-spec.md, Admin cash-out screen). */
export function AdminCashoutRoute() {
  const { data: user } = useUser();
  const isAdmin = Boolean(user?.isAdmin);
  const requests = useAdminCashouts(isAdmin);
  const setStatus = useSetCashoutStatus();
  const [tab, setTab] = useState<CashoutStatus>('pending');
  const [change, setChange] = useState<PendingChange | null>(null);
  const [details, setDetails] = useState<AdminCashoutRequest | null>(null);
  const [reason, setReason] = useState('');
  const [paypalId, setPaypalId] = useState('');
  const [triedConfirm, setTriedConfirm] = useState(false);

  if (!isAdmin) return <AccessDenied />;

  const all = requests.data ?? [];
  const byStatus = (status: CashoutStatus) => all.filter((r) => r.status === status);

  function ask(request: AdminCashoutRequest, action: CashoutAction) {
    setDetails(null);
    setReason('');
    setPaypalId('');
    setTriedConfirm(false);
    setChange({ request, action, idempotencyKey: newIdempotencyKey() });
  }

  function confirm() {
    if (!change) return;
    const { request, action, idempotencyKey } = change;
    // Completing records the PayPal payment: without a valid id the dialog stays and says why.
    if (action.to === 'completed' && !isPaypalTransactionId(paypalId)) {
      setTriedConfirm(true);
      return;
    }
    setStatus.mutate(
      {
        requestId: request.id,
        status: action.to,
        idempotencyKey,
        reason: action.to === 'rejected' ? reason : '',
        paypalTransactionId: normalizedPaypalId(paypalId),
      },
      {
        onSuccess: () => {
          toast.success('Status updated', { description: `Request #${request.id} is now ${action.to}.` });
          setChange(null);
        },
        onError: (error) => {
          toast.error('Failed to update status', { description: errorMessage(error) });
          setChange(null);
        },
      },
    );
  }

  return (
    <>
      <Header title="Admin Dashboard" showBack />
      <div className="flex flex-col gap-4 px-4 py-5">
        <div className="flex items-center justify-between gap-3">
          <h2 className="text-lg font-bold text-slate-50">Cash Out Requests</h2>
          <span className="rounded-full border border-emerald-400/40 px-2.5 py-0.5 text-xs font-semibold text-emerald-300">
            Admin View
          </span>
        </div>
        <Tabs value={tab} onValueChange={(value) => setTab(value as CashoutStatus)}>
          <TabsList aria-label="Cash out requests by status">
            {CASHOUT_TABS.map(({ status, label, badge }) => {
              const count = byStatus(status).length;
              return (
                <TabsTrigger key={status} value={status} className="px-1 text-xs">
                  {label}
                  {badge && count > 0 && (
                    <span
                      aria-label={`${count} ${status}`}
                      className="rounded-full bg-rose-500 px-1.5 text-[10px] leading-4 font-bold text-white"
                    >
                      {count}
                    </span>
                  )}
                </TabsTrigger>
              );
            })}
          </TabsList>
          {CASHOUT_TABS.map(({ status, empty }) => (
            <TabsContent key={status} value={status}>
              {requests.isPending ? (
                <div className="flex justify-center py-10">
                  <Spinner />
                </div>
              ) : requests.isError ? (
                <p role="alert" className="py-6 text-center text-sm text-rose-300">
                  {errorMessage(requests.error)}
                </p>
              ) : byStatus(status).length === 0 ? (
                <p className="py-10 text-center text-sm text-slate-400">{empty}</p>
              ) : (
                <CashoutRequestsTable
                  status={status}
                  requests={byStatus(status)}
                  onAction={ask}
                  onDetails={setDetails}
                />
              )}
            </TabsContent>
          ))}
        </Tabs>
      </div>
      <CashoutDetailsDialog request={details} onAction={ask} onClose={() => setDetails(null)} />
      <ConfirmDialog
        open={change !== null}
        title={change?.action.title ?? ''}
        description={change?.action.confirmation ?? ''}
        confirmLabel={change?.action.confirmLabel ?? ''}
        confirmVariant={change?.action.to === 'rejected' ? 'danger' : 'primary'}
        busy={setStatus.isPending}
        onConfirm={confirm}
        onCancel={() => setChange(null)}
      >
        {change?.action.to === 'rejected' && (
          <ReasonField
            value={reason}
            onChange={setReason}
            hint="The player reads it in their request history and notification."
          />
        )}
        {change?.action.to === 'completed' && (
          <PaypalTransactionField value={paypalId} onChange={setPaypalId} showError={triedConfirm} />
        )}
      </ConfirmDialog>
    </>
  );
}
