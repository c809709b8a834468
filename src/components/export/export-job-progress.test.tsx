import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExportJobProgress } from './export-job-progress';
import type { ExportJob } from './use-export-job';

vi.mock('react-i18next', () => ({
  useTranslation: () => ({ t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key) }),
}));

const jobIn = (phase: ExportJob['phase'], done = 0, total = 0): ExportJob => ({
  phase,
  done,
  total,
  error: null,
  start: vi.fn(),
  reset: vi.fn(),
});

afterEach(cleanup);

describe('export job progress', () => {
  it('shows nothing while no export is under way', () => {
    const { container } = render(<ExportJobProgress job={jobIn('idle')} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows rows written of all on the bar, and cancel stops following the job', () => {
    const job = jobIn('running', 250, 1000);
    render(<ExportJobProgress job={job} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByRole('status').textContent).toBe('export.progress {"done":250,"total":1000}');
    fireEvent.click(screen.getByTestId('export-job-cancel'));
    expect(job.reset).toHaveBeenCalledTimes(1);
  });

  it('ends full with the row count and a close button; a failure says so', () => {
    const done = jobIn('done', 1000, 1000);
    const view = render(<ExportJobProgress job={done} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByRole('status').textContent).toBe('export.done {"count":1000}');
    fireEvent.click(screen.getByTestId('export-job-close'));
    expect(done.reset).toHaveBeenCalledTimes(1);
    view.rerender(<ExportJobProgress job={jobIn('failed', 10, 20)} />);
    expect(screen.getByRole('status').textContent).toBe('export.failed');
    expect(screen.getByTestId('export-job-progress').getAttribute('data-phase')).toBe('failed');
  });
});
