import { prepareTestDatabases } from './test-database';

export default async function globalSetup() {
  return prepareTestDatabases();
}
