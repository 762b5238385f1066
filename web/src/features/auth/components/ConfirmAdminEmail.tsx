import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { errorMessage } from '@/lib/api';

import { useConfirmAdminEmail } from '@/lib/data/auth';

export interface ConfirmAdminEmailProps {
  /** The single-use token from the e-mailed link (`/auth?verify-admin=<token>`). */
  token: string;
  /** Called after the confirmation, and by the back link. */
  onDone: () => void;
}

/**
 * The page an ADMIN_EMAILS address's link opens. Confirming takes a click, not the page load, so a
 * mail scanner that opens links does not use the link up.
 */
export function ConfirmAdminEmail({ token, onDone }: ConfirmAdminEmailProps) {
  const confirm = useConfirmAdminEmail();

  async function handleConfirm() {
    try {
      const result = await confirm.mutateAsync({ token });
      toast.success('Admin address confirmed', { description: result.message });
      onDone();
    } catch (error) {
      toast.error('Confirmation failed', { description: errorMessage(error) });
    }
  }

  return (
    <Card>
      <CardHeader>
        <div className="mb-1 flex size-11 items-center justify-center rounded-xl bg-emerald-500/15 text-emerald-400">
          <ShieldCheck aria-hidden className="size-5" />
        </div>
        <CardTitle>Confirm your admin address</CardTitle>
        <CardDescription>
          This address is configured as a Touchline administrator. Confirm that it is yours to receive admin
          rights.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Button size="lg" className="w-full" loading={confirm.isPending} onClick={() => void handleConfirm()}>
          Confirm
        </Button>
        <Button variant="link" className="self-center" onClick={onDone}>
          <ArrowLeft aria-hidden className="size-4" />
          Back
        </Button>
      </CardContent>
    </Card>
  );
}
