import { describe, expect, it } from 'vitest';
import { demoLogins, demoSubAccounts, demoTreeLogins } from '../../server/seed/demo.seed';
import { startBanner, type StartFacts } from '../../server/cli/start-banner';
import { operatorWarning } from '../../server/cli/web-build';

const facts: StartFacts = {
  seconds: 4.2,
  port: 3000,
  database: 'embedded PGlite in data/pglite',
  games: 'demo members play (SIM_RATE=6 a site and minute)',
  demo: {
    logins: demoLogins(3000),
    agents: demoTreeLogins.map((login) => login.loginId),
    subAccounts: demoSubAccounts.map((sub) => `${sub.loginId} (${sub.main}, codes ${sub.codes.join(',')})`),
  },
  sites: [
    { id: 'demo', hosts: [], isDefault: true },
    { id: 'demo2', hosts: ['demo2.localhost'], isDefault: false },
  ],
  buildWarnings: [],
};

// What Vite says about this repository's own build config on every build (over 100 lines: printed
// before the URL, they pushed it off the screen).
const developerNotes = [
  "(!) Your Vite config uses features that are unsupported by `configLoader: 'native'`, which is planned to become the default in a future major version of Vite:\n" +
    Array.from(
      { length: 110 },
      (_, i) => `  - import "./c${i}.contract" without a file extension (contract/x.ts:1:1). Add the file extension`,
    ).join('\n') +
    '\nSet `VITE_CONFIG_NATIVE_IGNORE_WARNING=true` to suppress this warning.',
  '(!) Some chunks are larger than 500 kB after minification.',
];

describe('what npm start prints', () => {
  it('the URL, the database, who plays and the demo logins, in a screenful', () => {
    const lines = startBanner(facts);
    expect(lines.length).toBeLessThanOrEqual(12);
    expect(lines).toContain('  URL:      http://localhost:3000/');
    expect(lines.some((line) => line.includes('admin'))).toBe(true);
    expect(lines.at(-1)).toBe('Press Ctrl+C to stop.');
  });

  it("keeps the build's developer notes out and the warnings an operator needs in", () => {
    const kept = developerNotes.filter(operatorWarning);
    expect(kept).toEqual([]);
    const lines = startBanner({ ...facts, buildWarnings: [...kept, 'Could not resolve "./missing-logo.svg"'] });
    expect(lines.length).toBeLessThanOrEqual(14);
    expect(lines).toContain('  Could not resolve "./missing-logo.svg"');
  });

  it('tells how to add the first site when there is none', () => {
    const lines = startBanner({ ...facts, demo: null, sites: [] });
    expect(lines.some((line) => line.includes('npm run site -- add'))).toBe(true);
    expect(lines.some((line) => line.includes('Demo logins'))).toBe(false);
  });

  it("lists each real site's hosts as addresses on its port, and no localhost that belongs to no site", () => {
    const lines = startBanner({
      ...facts,
      port: 8080,
      demo: null,
      sites: [
        { id: 'acme', hosts: ['bo.acme.com', 'bo2.acme.com'], isDefault: false },
        { id: 'beta', hosts: ['::1'], isDefault: false },
        { id: 'gamma', hosts: [], isDefault: false },
      ],
    });
    expect(lines.some((line) => line.includes('http://localhost:8080/ '))).toBe(false);
    expect(lines.some((line) => line.startsWith('  URL:'))).toBe(false);
    expect(lines).toContain('Sites (3; npm run site -- list):');
    expect(lines).toContain('  acme         http://bo.acme.com:8080/  http://bo2.acme.com:8080/');
    expect(lines).toContain('  beta         http://[::1]:8080/');
    expect(lines).toContain('  gamma        no host yet (npm run site -- hosts)');
    expect(lines).toContain('  Any other host gets an "unknown site" page.');
    expect(startBanner({ ...facts, port: 80, demo: null, sites: [{ id: 'acme', hosts: ['bo.acme.com'], isDefault: false }] })).toContain(
      '  acme         http://bo.acme.com/',
    );
  });

  it('keeps the demo to its logins, listing besides them only the sites that are not the demo', () => {
    const lines = startBanner({ ...facts, sites: [...facts.sites, { id: 'acme', hosts: ['bo.acme.com'], isDefault: false }] });
    expect(lines).toContain('  URL:      http://localhost:3000/');
    expect(lines).toContain('  acme         http://bo.acme.com:3000/');
    expect(lines.some((line) => line.startsWith('  demo2 ') && line.includes('Admin123'))).toBe(true);
    expect(lines.some((line) => line.includes('unknown site'))).toBe(false);
  });
});
