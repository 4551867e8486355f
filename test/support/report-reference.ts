import type { Page } from "playwright-core";
import { REFERENCE_PREFIX } from "@site/core/report/reference";

/**
 * The reference number the thank-you page shows, once it is there: the page renders its place
 * first, empty, and fills it after the app has read the number (from the navigation or the tab).
 */
export async function shownReference(page: Page): Promise<string> {
  const shown = page.getByTestId("report-reference").filter({ hasText: new RegExp(`^\\s*${REFERENCE_PREFIX}-`) });
  await shown.waitFor();
  return (await shown.innerText()).trim();
}
