import type { AdminUser, TradeRecord } from '@touchline/contract';
import { LoadMoreButton } from '@/components/LoadMoreButton';
import { Spinner } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api';
import { useAdminUserTrades } from '@/lib/data/admin';
import { itemsOf } from '@/lib/data/pages';
import { formatNumber } from '@/lib/format';
import { displayName } from '@/lib/people';

import { formatDateTime, tradeTypeLabel } from '../utils';
import { AdminDialog } from './AdminDialog';

const cell = 'px-2 py-1.5 whitespace-nowrap';

/** 'View Trade History' of User Management: the user's sales, buys and trades, newest first. */
export function UserTradesDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <AdminDialog
      title={user ? `Trade History: ${user.username} (${user.email})` : 'Trade History'}
      open={user !== null}
      onClose={onClose}
      wide
    >
      {user && <Trades userId={user.id} />}
    </AdminDialog>
  );
}

/** A side of a record: the market, this user, or another user by name. */
function party(id: number, username: string | null, userId: number): string {
  if (id === userId) return 'This user';
  return displayName(id, username, undefined);
}

function Trades({ userId }: { userId: number }) {
  const trades = useAdminUserTrades(userId);
  if (trades.isPending) return <Spinner />;
  if (trades.isError)
    return (
      <p role="alert" className="text-sm text-rose-300">
        {`Error loading trade history: ${errorMessage(trades.error)}`}
      </p>
    );
  const records = itemsOf(trades.data, (record) => record.id);
  if (records.length === 0)
    return <p className="py-6 text-center text-sm text-slate-400">No trade history available</p>;
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-xl border border-white/5">
        <table aria-label="User trade history" className="w-full text-left text-xs text-slate-200">
          <thead className="bg-slate-900 text-slate-400">
            <tr>
              {['Date', 'Player', 'Type', 'Seller', 'Buyer', 'Price'].map((h) => (
                <th key={h} scope="col" className={cell}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {records.map((record: TradeRecord) => (
              <tr key={record.id} className="border-t border-white/5">
                <td className={cell}>{formatDateTime(record.createdAt)}</td>
                <td className={cell}>{record.playerName}</td>
                <td className={cell}>{tradeTypeLabel(record.tradeType)}</td>
                <td className={cell}>{party(record.sellerUserId, record.sellerUsername, userId)}</td>
                <td className={cell}>{party(record.buyerUserId, record.buyerUsername, userId)}</td>
                <td className={cell}>{formatNumber(record.salePrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LoadMoreButton pages={trades} />
    </div>
  );
}
