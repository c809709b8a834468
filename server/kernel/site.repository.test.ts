import { describe, expect, it } from 'vitest';
import { inMaintenance, normaliseHost, type Site } from './site.repository';

const site = (start: string | null, end: string | null): Site => ({
  id: 'demo',
  title: '',
  ui: 'black',
  loginStyle: 'default',
  logo: '',
  maintenanceStart: start ? new Date(start) : null,
  maintenanceEnd: end ? new Date(end) : null,
  idleTimeoutSeconds: 1800,
  minScoreIntervalMs: 0,
  captchaRequired: true,
  financeVisible: true,
  warningSwitch: false,
  ipBlocked: false,
  disabled: false,
});

describe('sites', () => {
  it('normalises the Host header', () => {
    expect(normaliseHost('Demo2.Localhost:8080')).toBe('demo2.localhost');
    expect(normaliseHost('127.0.0.1')).toBe('127.0.0.1');
    expect(normaliseHost('[::1]:8080')).toBe('::1');
    expect(normaliseHost(undefined)).toBe('');
    expect(normaliseHost('x'.repeat(400))).toHaveLength(255);
  });

  it('is in maintenance from the start, until the end (excluded) or without an end', () => {
    const window = site('2026-01-01T00:00:00Z', '2026-01-01T01:00:00Z');
    expect(inMaintenance(window, new Date('2025-12-31T23:59:59Z'))).toBe(false);
    expect(inMaintenance(window, new Date('2026-01-01T00:00:00Z'))).toBe(true);
    expect(inMaintenance(window, new Date('2026-01-01T01:00:00Z'))).toBe(false);
    expect(inMaintenance(site('2026-01-01T00:00:00Z', null), new Date('2030-01-01T00:00:00Z'))).toBe(true);
    expect(inMaintenance(site(null, null), new Date())).toBe(false);
  });

  it('is in maintenance whenever the operator disabled it', () => {
    expect(inMaintenance({ ...site(null, null), disabled: true }, new Date())).toBe(true);
    expect(
      inMaintenance({ ...site('2026-01-01T00:00:00Z', '2026-01-01T01:00:00Z'), disabled: true }, new Date('2030-01-01T00:00:00Z')),
    ).toBe(true);
  });
});
