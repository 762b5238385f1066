import {
  Coins,
  Goal,
  Handshake,
  LogIn,
  Package,
  PackageOpen,
  Send,
  Shirt,
  ShoppingBag,
  ShoppingCart,
  Sparkles,
  Tag,
  Target,
  TrendingUp,
  type LucideIcon,
} from 'lucide-react';

import { cn } from '@/lib/cn';

/** The lucide icon names the missions catalogue uses. */
const ICONS: Record<string, LucideIcon> = {
  'log-in': LogIn,
  'shopping-cart': ShoppingCart,
  tag: Tag,
  'package-open': PackageOpen,
  send: Send,
  sparkles: Sparkles,
  coins: Coins,
  handshake: Handshake,
  'shopping-bag': ShoppingBag,
  package: Package,
  'trending-up': TrendingUp,
  shirt: Shirt,
  goal: Goal,
};

/** A mission's icon in its tile: a known icon name, an emoji as text, else a target. */
export function MissionIcon({ icon, className }: { icon: string; className?: string }) {
  const name = icon.trim().toLowerCase();
  const Icon = ICONS[name];
  const emoji = !Icon && name !== '' && !/^[a-z0-9_-]+$/.test(name);
  const Fallback = Target;
  return (
    <span
      aria-hidden
      data-icon={name}
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-xl bg-emerald-500/15 text-emerald-300',
        className,
      )}
    >
      {Icon ? (
        <Icon className="size-5" />
      ) : emoji ? (
        <span className="text-xl leading-none">{icon}</span>
      ) : (
        <Fallback className="size-5" />
      )}
    </span>
  );
}
