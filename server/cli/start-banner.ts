/** What a start knows once the office listens. */
export interface StartFacts {
  seconds: number;
  port: number;
  database: string;
  games: string;
  /** The demo's logins when its sites are in the database (seed/demo.seed.ts): one per site, the agents of each level, the sub-accounts. */
  demo: {
    logins: readonly { site: string; url: string; loginId: string; password: string; safeCode: string }[];
    agents: readonly string[];
    subAccounts: readonly string[];
  } | null;
  /** The sites of the database with their hosts (the sites table); the default one also answers every host no site claims. */
  sites: readonly { id: string; hosts: readonly string[]; isDefault: boolean }[];
  /** Warnings of the web build an operator should read (web-build.ts keeps only those). */
  buildWarnings: readonly string[];
}

/**
 * The lines `npm start` prints once the office is up: where it listens, the database, who plays,
 * the logins to try (the demo's) or how to add a site, and the build's warnings that matter.
 * Nothing else: a start is read by an operator, not by whoever edits the build.
 */
/** A host's address on the port the office listens on. */
export function hostUrl(host: string, port: number): string {
  const name = host.includes(':') ? `[${host}]` : host;
  return `http://${name}${port === 80 ? '' : `:${port}`}/`;
}

export function startBanner(facts: StartFacts): string[] {
  // localhost answers only where a default site takes the hosts no site claims (the demo's);
  // on real sites it belongs to no site, and the addresses to open are the sites' own hosts.
  const anyHost = facts.sites.some((site) => site.isDefault);
  const lines = [
    `Credit back office is up in ${facts.seconds.toFixed(1)} s`,
    ...(anyHost || facts.sites.length === 0 ? [`  URL:      http://localhost:${facts.port}/`] : []),
    `  API:      http://localhost:${facts.port}/api  (OpenRPC: /api/openrpc.json)`,
    `  Database: ${facts.database}`,
    `  Games:    ${facts.games}`,
  ];
  if (facts.demo) {
    lines.push('Demo logins (password / two-factor code):');
    for (const login of facts.demo.logins) {
      lines.push(`  ${login.site.padEnd(6)} ${login.url.padEnd(32)} ${login.loginId} / ${login.password} / ${login.safeCode}`);
    }
    lines.push(`  demo agents at each level (same password and code): ${facts.demo.agents.join(', ')}`);
    lines.push(`  demo sub-accounts (same password and code): ${facts.demo.subAccounts.join(', ')}`);
  }
  const demoSiteIds = new Set(facts.demo?.logins.map((login) => login.site) ?? []);
  const listed = facts.sites.filter((site) => !demoSiteIds.has(site.id));
  if (facts.sites.length === 0) {
    lines.push(
      'No site yet. Create the first one (docs/operations.md, "Sites"):',
      '  npm run site -- add <siteId> --host <host> --title <text>',
    );
  } else if (listed.length > 0) {
    lines.push(`Sites (${facts.sites.length}; npm run site -- list):`);
    for (const site of listed) {
      const urls = site.hosts.map((host) => hostUrl(host, facts.port));
      if (site.isDefault) urls.push('every host no site claims');
      lines.push(`  ${site.id.padEnd(12)} ${urls.length > 0 ? urls.join('  ') : 'no host yet (npm run site -- hosts)'}`);
    }
    if (!anyHost) lines.push('  Any other host gets an "unknown site" page.');
  }
  if (facts.buildWarnings.length > 0) lines.push('Web build warnings:', ...facts.buildWarnings.map((warning) => `  ${warning.trim()}`));
  lines.push('Press Ctrl+C to stop.');
  return lines;
}
