import { config } from './config';
import { type Dice, sleep } from './random';
import { SERVICES, type ProcessName, type RunningStack } from './stack';

/** A killed process is left alone this long: a restart (tsx, Kafka group join) takes 20-60 s here. */
const RECOVERY_MS = 45_000;

export interface FaultCounts {
  kills: Map<ProcessName, number>;
  pauses: number;
  pausedMs: number;
}

function signal(pid: number, sig: NodeJS.Signals): boolean {
  try {
    process.kill(pid, sig);
    return true;
  } catch {
    return false;
  }
}

/**
 * Until `until`: SIGKILL a random service every few seconds (the gateway now and then), and pause
 * the wallet with SIGSTOP for a few seconds (SIGCONT after), so that calls time out mid-saga. The
 * stack's supervisor restarts whatever was killed.
 */
export async function runFaults(stack: RunningStack, dice: Dice, until: number): Promise<FaultCounts> {
  const counts: FaultCounts = { kills: new Map(), pauses: 0, pausedMs: 0 };
  const lastKill = new Map<ProcessName, number>();
  const log = (text: string) => console.log(`  [chaos ${new Date().toISOString().slice(11, 19)}] ${text}`);

  const killer = async () => {
    if (!config.killEveryMs) return;
    while (Date.now() + config.killEveryMs < until) {
      await sleep(dice.int(config.killEveryMs / 2, (config.killEveryMs * 3) / 2));
      // Only a process that had time to come back since its last kill: otherwise a restart that is
      // still starting is killed again and the run measures little but downtime.
      const recovered = (name: ProcessName) => Date.now() - (lastKill.get(name) ?? 0) > RECOVERY_MS;
      const name: ProcessName | undefined = dice.chance(config.gatewayKillShare)
        ? 'gateway'
        : dice.pick(SERVICES.filter(recovered));
      if (!name || !recovered(name)) continue;
      // One replica of it (each runs alone when there is one): the others go on serving.
      const pids = stack.pids(name);
      const pid = pids.length > 0 ? dice.pick(pids) : undefined;
      if (pid && signal(pid, 'SIGKILL')) {
        lastKill.set(name, Date.now());
        counts.kills.set(name, (counts.kills.get(name) ?? 0) + 1);
        log(`SIGKILL ${name} (pid ${pid})`);
      }
    }
  };
  const pauser = async () => {
    if (!config.pauseEveryMs) return;
    while (Date.now() + config.pauseEveryMs < until) {
      await sleep(dice.int(config.pauseEveryMs / 2, config.pauseEveryMs));
      const wallets = stack.pids('wallet-payments');
      const pid = wallets.length > 0 ? dice.pick(wallets) : undefined;
      if (!pid || !signal(pid, 'SIGSTOP')) continue;
      const ms = dice.int(config.pauseMs / 2, config.pauseMs * 1.5);
      log(`SIGSTOP wallet-payments (pid ${pid}) for ${(ms / 1000).toFixed(1)} s`);
      counts.pauses += 1;
      counts.pausedMs += ms;
      await sleep(ms);
      signal(pid, 'SIGCONT');
    }
  };
  await Promise.all([killer(), pauser()]);
  return counts;
}
