import { describe, expect, it } from 'vitest';
import { defaults } from './notice-editor-values';

describe('a new notice', () => {
  it('starts the minute the form opens, in Beijing time, and runs a week', () => {
    // 2026-12-02 07:58:41 UTC is 15:58 in Beijing.
    const now = Date.parse('2026-12-02T07:58:41.500Z');
    const values = defaults({ mode: 'notice' }, now);
    expect(values.start).toBe('2026-12-02T15:58');
    expect(values.end).toBe('2026-12-09T15:58');
    expect(defaults({ mode: 'game' }, now).start).toBe('2026-12-02T15:58');
  });

  it('keeps the window of a notice being edited', () => {
    const notice = { startTime: '2026-11-01T00:00:00.000Z', endTime: '2026-11-30T16:00:00.000Z' };
    const values = defaults({ mode: 'game', notice: { ...notice, noticeId: '1', title: {}, content: {}, gameCodes: [] } as never });
    expect([values.start, values.end]).toEqual(['2026-11-01T08:00', '2026-12-01T00:00']);
  });
});
