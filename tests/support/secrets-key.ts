import { secretsKeyFrom, useSecretsKey } from '../../server/kernel/secrets-key';

/**
 * The tests' secrets key (docs/operations.md, "Secrets key"): vite.config.ts puts it in the
 * environment of the run, so the gateways and scripts the tests spawn read it as SECRETS_KEY, and
 * the in-process gateways and the prepared databases use it here. Known to everyone: tests only.
 */
export const TEST_SECRETS_KEY = 'vsw4KPGKQU6AIicyIi9jwpSX3psXLYLmKxQC2vc6B9g=';

/** The run's key as this process's (the one of the environment, which vite.config.ts sets). */
export function useTestSecretsKey(): void {
  useSecretsKey(secretsKeyFrom(process.env.SECRETS_KEY || TEST_SECRETS_KEY, 'SECRETS_KEY'));
}
