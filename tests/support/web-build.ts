import { buildWeb, webBuildNeeded, webRoot } from '../../server/cli/web-build';

/** The production build of the web app, built when missing or older than its sources. */
export async function ensureWebBuild(): Promise<string> {
  if (webBuildNeeded()) await buildWeb();
  return webRoot;
}
