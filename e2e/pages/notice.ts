import type { Page } from '@playwright/test';

/**
 * The notice banner (snackbar) as assistive technology finds it: a status for confirmations, an
 * alert for failures. Role queries skip what aria-hidden hides, so finding it proves it is exposed.
 */
export class Notice {
  constructor(readonly page: Page) {}

  readonly status = (text: string | RegExp) => this.page.getByRole('status').filter({ hasText: text });
  readonly error = (text: string | RegExp) => this.page.getByRole('alert').filter({ hasText: text });
  /** Either kind, for a text that is not about success or failure. */
  readonly any = (text: string | RegExp) => this.status(text).or(this.error(text));
  readonly closeButton = (text: string | RegExp) => this.any(text).getByRole('button', { name: 'CLOSE' });

  /** The banner's fill colour, as the user sees it. */
  fill(text: string | RegExp): Promise<string> {
    return this.any(text).evaluate((el) => getComputedStyle(el).backgroundColor);
  }
}
