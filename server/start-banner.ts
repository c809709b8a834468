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
  siteCount: number;
  /** Warnings of the web build an operator should read (web-build.ts keeps only those). */
  buildWarnings: readonly string[];
}

/**
 * The lines `npm start` prints once the office is up: where it listens, the database, who plays,
 * the logins to try (the demo's) or how to add a site, and the build's warnings that matter.
 * Nothing else: a start is read by an operator, not by whoever edits the build.
 */
export function startBanner(facts: StartFacts): string[] {
  const lines = [
    `Credit back office is up in ${facts.seconds.toFixed(1)} s`,
    `  URL:      http://localhost:${facts.port}/`,
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
  } else if (facts.siteCount === 0) {
    lines.push(
      'No site yet. Create the first one (docs/operations.md, "Sites"):',
      '  npm run site -- add <siteId> --host <host> --title <text>',
    );
  } else {
    lines.push(`  Sites:    ${facts.siteCount} (npm run site -- list)`);
  }
  if (facts.buildWarnings.length > 0) lines.push('Web build warnings:', ...facts.buildWarnings.map((warning) => `  ${warning.trim()}`));
  lines.push('Press Ctrl+C to stop.');
  return lines;
}
