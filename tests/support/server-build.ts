import { buildServer, compiledScript, serverBuildNeeded } from '../../server/cli/server-build';

/** The compiled server (dist/server), built when missing or when one of its inputs changed. */
export async function ensureServerBuild(): Promise<void> {
  if (serverBuildNeeded()) await buildServer();
}

/**
 * node's arguments to run a script of the tree: its compiled file where the server build has one
 * (checked against the sources at each spawn, so a process runs the code of the tree), else
 * through tsx. Compiled, a spawn skips tsx's compiling of every module (about 1.5 CPU s).
 */
export async function scriptArgs(script: string): Promise<string[]> {
  const compiled = compiledScript(script);
  if (!compiled) return ['--import', 'tsx', script];
  await ensureServerBuild();
  return ['--enable-source-maps', compiled];
}
