import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** The impacts this project does not ship (issue 13: zero serious or critical violations). */
export const BLOCKING_IMPACTS = ['serious', 'critical'] as const;

export interface AxeFinding {
  rule: string;
  impact: 'serious' | 'critical';
  /** How many elements break the rule. */
  nodes: number;
  /** The first few offending elements' selectors, for the failure message. */
  targets: string[];
}

/** The counts of one screen: serious and critical nodes, and what they were. */
export interface AxeCounts {
  serious: number;
  critical: number;
  findings: AxeFinding[];
}

/**
 * Waits until the screen has drawn its data: no skeleton or spinner left on screen and every finite
 * animation (fades, the card reveal) finished, so axe measures colours as the player sees them.
 */
export async function settle(page: Page): Promise<void> {
  // A function, not a string: a string predicate is eval'd in the page, which its CSP forbids. The
  // e2e project compiles without the DOM library, hence the narrow view of `document`.
  await page.waitForFunction(
    () => {
      type Busy = { offsetParent: unknown };
      const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<Busy> } })
        .document;
      return Array.from(doc.querySelectorAll('.animate-pulse, .animate-spin')).every(
        (element) => element.offsetParent === null,
      );
    },
    undefined,
    { timeout: 20_000 },
  );
  // Strings given to page.evaluate run through the DevTools protocol, outside the page's CSP. An
  // animation driven by the scroll (a card's foil) never finishes while it is on screen: skipped.
  await page.evaluate(
    `Promise.all(document.getAnimations()
      .filter((a) => a.timeline === document.timeline && a.effect && a.effect.getComputedTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => undefined)))`,
  );
}

/** Runs axe-core over the whole document (dialogs included) and counts serious and critical nodes. */
export async function axeCounts(page: Page): Promise<AxeCounts> {
  await settle(page);
  // Evaluated through the DevTools protocol, so the app's Content-Security-Policy does not apply.
  const loaded = await page.evaluate(`'axe' in window`);
  if (!loaded) await page.evaluate(axe.source);
  const violations = (await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'] }).then((result) =>
      result.violations.map((v) => ({ rule: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) })))`,
  )) as { rule: string; impact: string | null; targets: string[] }[];
  const findings: AxeFinding[] = [];
  for (const violation of violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    findings.push({
      rule: violation.rule,
      impact: violation.impact,
      nodes: violation.targets.length,
      targets: violation.targets.slice(0, 3),
    });
  }
  const total = (impact: AxeFinding['impact']) =>
    findings.filter((finding) => finding.impact === impact).reduce((sum, finding) => sum + finding.nodes, 0);
  return { serious: total('serious'), critical: total('critical'), findings };
}

/** One line per finding: 'color-contrast (serious) ×12: .a, .b, .c'. */
export function describeFindings(counts: AxeCounts): string {
  return counts.findings
    .map(
      (finding) => `  ${finding.rule} (${finding.impact}) ×${finding.nodes}: ${finding.targets.join(', ')}`,
    )
    .join('\n');
}
