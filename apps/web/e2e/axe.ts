// The one accessibility check of the browser tests (DECISIONS.md §5: no serious or critical axe finding).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious and critical axe findings within `scope` (the whole page when absent), one line per element with
 * axe's reason, readable in a failure message.
 *
 * Waits first for the page's running transitions to end: a dialog fading in shows, for a moment, its text
 * mixed with the overlay's colour, and axe measures the contrast of that moment (a busy machine makes the
 * moment long enough to catch). Endless animations — a loader's spin — are not waited for.
 */
export async function seriousFindings(page: Page, scope?: string): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page });
  const results = await (scope ? builder.include(scope) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.id} (${v.impact}) ${n.target.join(' ')}: ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`,
      ),
    );
}
