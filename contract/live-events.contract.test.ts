import { describe, expect, it } from 'vitest';
import { parseLiveMessage } from './live-events.contract';

describe('parseLiveMessage', () => {
  it('reads each kind the stream sends, a job with its id', () => {
    for (const kind of ['points', 'notices', 'site', 'monitoring'] as const)
      expect(parseLiveMessage(JSON.stringify({ kind }))).toEqual({ kind });
    expect(parseLiveMessage('{"kind":"job","jobId":"42"}')).toEqual({ kind: 'job', jobId: '42' });
  });

  it('drops anything else: other kinds, a job without a proper id, extra fields, text that is not JSON', () => {
    expect(parseLiveMessage('{"kind":"balance"}')).toBeNull();
    expect(parseLiveMessage('{"kind":"job"}')).toBeNull();
    expect(parseLiveMessage('{"kind":"job","jobId":"0"}')).toBeNull();
    expect(parseLiveMessage('{"kind":"points","accountIds":["1"]}')).toEqual({ kind: 'points' });
    expect(parseLiveMessage('null')).toBeNull();
    expect(parseLiveMessage('points')).toBeNull();
  });
});
