import type { Locator } from 'playwright-core';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** A background job's progress (src/features/accounts/job-progress.tsx) inside the given container. */
export class JobProgressPage {
  constructor(readonly within: Locator) {}

  progress(): Locator {
    return this.within.getByTestId('job-progress');
  }

  async status(): Promise<JobStatus | null> {
    return (await this.progress().getAttribute('data-status')) as JobStatus | null;
  }

  async percent(): Promise<number> {
    return Number(await this.within.getByRole('progressbar').getAttribute('aria-valuenow'));
  }

  count(): Promise<string | null> {
    return this.within.getByTestId('job-count').textContent();
  }

  summary(): Promise<string | null> {
    return this.within.getByTestId('job-summary').textContent();
  }

  /** The outcome of each account in the order shown (failures first), as far as the list has rendered. */
  results(): Promise<{ loginId: string | null; outcome: string | null }[]> {
    return this.within
      .getByTestId('job-result')
      .evaluateAll((rows) =>
        rows.map((row) => ({ loginId: row.getAttribute('data-login-id'), outcome: row.getAttribute('data-outcome') })),
      );
  }
}
