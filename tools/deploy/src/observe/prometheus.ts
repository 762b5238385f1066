import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';

/** Debian's Prometheus (2.42 with promtool): installed when missing, as CI installs Chromium. */
export function ensurePrometheus(): void {
  if (spawnSync('prometheus', ['--version']).status === 0) return;
  console.log("observe: prometheus is missing, installing Debian's package (apt-get install prometheus)");
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  for (const args of [
    ['apt-get', 'update', '-qq'],
    ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'prometheus'],
  ]) {
    const run = spawnSync(sudo[0] ?? args[0]!, [...sudo.slice(1), ...(sudo.length ? args : args.slice(1))], {
      stdio: 'inherit',
    });
    if (run.status !== 0) throw new Error(`could not install prometheus: ${args.join(' ')} failed`);
  }
}

export interface RunningPrometheus {
  url: string;
  /** An instant query's vector. */
  query(promql: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]>;
  targets(): Promise<{ labels: Record<string, string>; health: string; lastError: string }[]>;
  alerts(): Promise<{ labels: Record<string, string>; state: 'pending' | 'firing'; activeAt: string }[]>;
  stop(): Promise<void>;
}

async function api<T>(url: string): Promise<T> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  const body = (await res.json()) as { status: string; data: T; error?: string };
  if (body.status !== 'success') throw new Error(`${url}: ${body.error ?? res.status}`);
  return body.data;
}

/**
 * Prometheus on `port`, scraping the stack's file_sd targets every second and evaluating `rules`
 * every second, its data in `dir` (thrown away with it).
 */
export async function startPrometheus(options: {
  dir: string;
  port: number;
  targetsFile: string;
  rules: string;
}): Promise<RunningPrometheus> {
  const { dir, port, targetsFile, rules } = options;
  mkdirSync(path.join(dir, 'data'), { recursive: true });
  writeFileSync(path.join(dir, 'rules.yaml'), rules);
  writeFileSync(
    path.join(dir, 'prometheus.yaml'),
    stringify({
      global: { scrape_interval: '1s', scrape_timeout: '1s', evaluation_interval: '1s' },
      rule_files: ['rules.yaml'],
      scrape_configs: [
        { job_name: 'touchline', file_sd_configs: [{ files: [targetsFile], refresh_interval: '2s' }] },
      ],
    }),
  );
  const child: ChildProcess = spawn(
    'prometheus',
    [
      `--config.file=${path.join(dir, 'prometheus.yaml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`prometheus exited: ${stderr}`);
    const ready = await fetch(`${url}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (i > 100) throw new Error(`prometheus not ready after 20 s: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    query: async (promql) =>
      (
        await api<{ result: { metric: Record<string, string>; value: [number, string] }[] }>(
          `${url}/api/v1/query?query=${encodeURIComponent(promql)}`,
        )
      ).result,
    targets: async () =>
      (
        await api<{ activeTargets: { labels: Record<string, string>; health: string; lastError: string }[] }>(
          `${url}/api/v1/targets?state=active`,
        )
      ).activeTargets,
    alerts: async () =>
      (
        await api<{
          alerts: { labels: Record<string, string>; state: 'pending' | 'firing'; activeAt: string }[];
        }>(`${url}/api/v1/alerts`)
      ).alerts,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
