import type { Page, Request, Route } from 'playwright-core';

/** The monitor counts' method: the countdown's call, and the reads as the page loads and after a change. */
export const COUNTS = 'gw.credit.user.monitor.redpoint.count';

/** The method and id of a gateway call made by the page (the JSON-RPC envelope in its form body). */
export const methodOf = (request: Request) => {
  const envelope = new URLSearchParams(request.postData() ?? '').get('json');
  return envelope ? (JSON.parse(envelope) as { method?: string; id?: unknown }) : {};
};

/**
 * The counts' calls of a page, seen through a route on /api: how many, and those held for an
 * answer, so that a test decides when (and whether) the countdown's call is answered.
 */
export class CountCalls {
  made = 0;
  /** Calls answered at once by the gateway: the read as the page loads, the read after a watch-list change. */
  passing = 0;
  readonly held: Route[] = [];

  readonly handle = async (route: Route) => {
    if (methodOf(route.request()).method !== COUNTS) return route.continue();
    this.made += 1;
    if (this.passing === 0) return void this.held.push(route);
    this.passing -= 1;
    await route.continue();
  };

  /** Routes the page's calls through this (and refuses the live stream, so that the page polls as it does while the stream is down). */
  async watch(page: Page): Promise<void> {
    await page.route('**/api', this.handle);
    await page.route('**/api/live', (route) => route.fulfill({ status: 204 }));
  }

  /** The countdown's call, the only one waiting. */
  waiting(): Route {
    if (this.held.length !== 1) throw new Error(`${this.held.length} calls of the counts wait for an answer, not one`);
    return this.held.shift()!;
  }

  /** As the gateway answers a call whose handler failed (code 0). */
  static async failed(route: Route, message: string): Promise<void> {
    const { id } = methodOf(route.request());
    await route.fulfill({
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ jsonrpc: '2.0', id, error: { code: 0, message } }),
    });
  }
}
