import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { webRoot } from '../../server/web-build';
import { ensureWebBuild } from '../support/web-build';

describe('web build', () => {
  it('is a production build even when built from the test runner (NODE_ENV=test)', async () => {
    expect(process.env.NODE_ENV).toBe('test');
    await ensureWebBuild();
    const scripts = readdirSync(join(webRoot, 'assets')).filter((file) => file.endsWith('.js'));
    const text = scripts.map((file) => readFileSync(join(webRoot, 'assets', file), 'utf8')).join('\n');
    // React's development build carries its warnings; the production build does not.
    expect(text).toContain('react');
    expect(text).not.toContain('Each child in a list should have a unique');
    expect(text).not.toMatch(/react-dom\.development/);
  });
});
