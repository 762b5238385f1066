import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium';

export interface LighthouseRun {
  /** The performance category's score, 0 to 100. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** The HTML of the largest contentful paint's element, to see what the page waited for. */
  lcpElement?: string;
  /** The longest main-thread task's thread time and wall time, ms (trace-cpu.mjs). */
  longestTaskCpuMs: number;
  longestTaskWallMs: number;
  /** The main thread's thread time over its tasks' wall time: under 1 when it waited for a core. */
  cpuShare: number;
  /** The TBT the tasks from FCP on would make at 4x by their thread time: the machine's load left out. */
  cpuTbtMs: number;
}

const RUNNER = path.join(__dirname, 'lighthouse-run.mjs');

/**
 * One Lighthouse run of the performance category with its default mobile settings (a mid-range
 * phone's screen, simulated slow 4G and a 4x slower CPU), in Debian's Chromium started headless by
 * chrome-launcher. `cookie` signs the page in: Lighthouse sends it as a header on every request.
 */
export async function runLighthouse(url: string, cookie?: string): Promise<LighthouseRun> {
  const { stdout } = await promisify(execFile)(process.execPath, [RUNNER, url, ...(cookie ? [cookie] : [])], {
    env: { ...process.env, CHROMIUM_PATH: CHROMIUM, CHROMIUM_FLAGS: JSON.stringify(CHROMIUM_FLAGS) },
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as LighthouseRun;
}

/**
 * Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP): such a
 * run is tried again, up to three times, and said so.
 */
export async function runLighthouseWithRetries(url: string, cookie?: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url, cookie);
    } catch (error) {
      const reason = /Lighthouse: (\w+)/.exec(String((error as { stderr?: string }).stderr ?? error))?.[1];
      if (attempt === 3 || !reason) throw error;
      console.warn(`  (Lighthouse run on ${new URL(url).pathname} failed with ${reason}; trying again)`);
    }
  }
}
