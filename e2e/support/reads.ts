import type { Locator, Page } from '@playwright/test';

/**
 * Reads for `expect.poll`, which retries a matcher but not a read that throws: each answers what is
 * there now, so the poll can wait for what the page is about to show.
 */

/** The text on the clipboard (the test must be granted clipboard-read). */
export const readClipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** `text` parsed as JSON, or the text itself while it is not JSON yet. */
export function parseJsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The value of a text box, parsed as JSON when it is JSON. */
export const readJsonValue = async (box: Locator) => parseJsonOrText(await box.inputValue());
