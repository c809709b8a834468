import { prepareTestDatabases } from './test-database';
import { ensureWebBuild } from './web-build';

export default async function globalSetup() {
  // Built once here, so end-to-end files running in parallel never build it twice.
  await ensureWebBuild();
  return prepareTestDatabases();
}
