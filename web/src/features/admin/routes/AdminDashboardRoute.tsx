import { ArrowRight, Banknote, Puzzle, Store, Users, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';

import { Header } from '@/components/Header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api';
import { useAdminWallet } from '@/lib/data/admin';
import { useUser } from '@/lib/data/auth';
import { formatNumber } from '@/lib/format';

import { AccessDenied } from '../components/AdminDenied';
import { AuditLogPanel } from '../components/AuditLogPanel';
import { UsersTable } from '../components/UsersTable';
import { USER_MANAGEMENT } from '../components/usersScreens';
import { formatCash, PROFIT_WALLET_NOTE, PROFIT_WALLET_SALES_NOTE, profitWalletDollars } from '../utils';

/**
 * /admin/dashboard: Overview (profit wallet, own balance, links), User Management, the squad
 * Challenges and the Audit Log.
 */
export function AdminDashboardRoute() {
  const { data: user } = useUser();
  const navigate = useNavigate();
  if (!user?.isAdmin) return <AccessDenied />;

  return (
    <>
      <Header title="Admin Dashboard" showBack />
      <div className="flex flex-col gap-4 px-4 py-5">
        <Tabs
          defaultValue="overview"
          onValueChange={(value) => {
            if (value === 'cashouts') void navigate(paths.adminCashout);
            if (value === 'challenges') void navigate(paths.adminChallenges);
          }}
        >
          <TabsList aria-label="Admin dashboard">
            <TabsTrigger value="overview" className="text-xs">
              Overview
            </TabsTrigger>
            <TabsTrigger value="cashouts" className="text-xs">
              Cashout Requests
            </TabsTrigger>
            <TabsTrigger value="users" className="text-xs">
              User Management
            </TabsTrigger>
            <TabsTrigger value="challenges" className="text-xs">
              Challenges
            </TabsTrigger>
            <TabsTrigger value="audit" className="text-xs">
              Audit Log
            </TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <Overview />
          </TabsContent>
          <TabsContent value="users">
            <UsersTable screen={USER_MANAGEMENT} />
          </TabsContent>
          <TabsContent value="audit">
            <AuditLogPanel />
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}

function Overview() {
  const wallet = useAdminWallet(true);
  return (
    <div className="flex flex-col gap-3">
      <Card aria-label="Admin Profit Wallet" role="region">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <Wallet aria-hidden className="size-4 text-emerald-400" />
            Admin Profit Wallet
          </CardTitle>
          <CardDescription>{PROFIT_WALLET_NOTE}</CardDescription>
          <CardDescription>{PROFIT_WALLET_SALES_NOTE}</CardDescription>
        </CardHeader>
        <CardContent>
          <WalletFigure query={wallet}>
            {(data) => (
              <>
                <p className="text-2xl font-bold text-slate-50">{formatNumber(data.profitWallet)} coins</p>
                <p className="text-sm text-emerald-300">
                  ≈ {formatCash(profitWalletDollars(data.profitWallet))}
                </p>
              </>
            )}
          </WalletFigure>
        </CardContent>
      </Card>
      <Card aria-label="Your Admin Balance" role="region">
        <CardHeader>
          <CardTitle className="text-base">Your Admin Balance</CardTitle>
          <CardDescription>Your personal coin balance</CardDescription>
        </CardHeader>
        <CardContent>
          <WalletFigure query={wallet}>
            {(data) => <p className="text-2xl font-bold text-slate-50">{formatNumber(data.coins)} coins</p>}
          </WalletFigure>
        </CardContent>
      </Card>
      <LinkCard
        to={paths.adminCashout}
        icon={<Banknote aria-hidden className="size-5" />}
        title="Cashout Requests"
      >
        Review and process cash-out requests
      </LinkCard>
      <LinkCard
        to={paths.adminChallenges}
        icon={<Puzzle aria-hidden className="size-5" />}
        title="Squad Challenges"
      >
        Create, schedule and retire challenges
      </LinkCard>
      <LinkCard to={paths.market} icon={<Store aria-hidden className="size-5" />} title="Market">
        Go to the market
      </LinkCard>
      <Card className="flex items-center gap-3 p-4">
        <Users aria-hidden className="size-5 text-slate-400" />
        <div>
          <p className="font-semibold text-slate-100">User Management</p>
          <p className="text-xs text-slate-400">Ban, mute and review users in the User Management tab</p>
        </div>
      </Card>
    </div>
  );
}

type WalletQuery = ReturnType<typeof useAdminWallet>;

function WalletFigure({
  query,
  children,
}: {
  query: WalletQuery;
  children: (data: NonNullable<WalletQuery['data']>) => ReactNode;
}) {
  if (query.isPending) return <Spinner size="sm" />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-rose-300">
        {errorMessage(query.error)}
      </p>
    );
  return <>{children(query.data)}</>;
}

function LinkCard({
  to,
  icon,
  title,
  children,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className="block">
      <Card className="flex items-center gap-3 p-4 transition-colors hover:border-emerald-400/40">
        <span className="text-emerald-400">{icon}</span>
        <div className="flex-1">
          <p className="font-semibold text-slate-100">{title}</p>
          <p className="text-xs text-slate-400">{children}</p>
        </div>
        <ArrowRight aria-hidden className="size-4 text-slate-400" />
      </Card>
    </Link>
  );
}
