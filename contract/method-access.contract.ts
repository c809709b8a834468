import type { MethodDefinition, Rights } from './method.contract';

/** What the web app needs of a method to know whether to offer it: its rights, whether a forced password change leaves it open, and whether a frozen caller is refused it. */
export interface MethodAccess {
  rights?: Rights;
  openWhilePasswordForced?: boolean;
  changesDownline?: true;
}

/**
 * The contract's access declarations without its schemas and summaries. The web app reads
 * this table (built from the contract when the app is built: the `virtual:method-access`
 * module of vite.config.ts) so that its first screen does not carry every method's schemas.
 */
export function methodAccessTable(contract: Record<string, MethodDefinition>): Record<string, MethodAccess> {
  return Object.fromEntries(
    Object.entries(contract).map(([name, definition]) => [
      name,
      {
        ...(definition.rights ? { rights: definition.rights } : {}),
        ...(definition.openWhilePasswordForced ? { openWhilePasswordForced: true } : {}),
        ...(definition.changesDownline ? { changesDownline: true } : {}),
      },
    ]),
  );
}
