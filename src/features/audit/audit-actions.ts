import { contract, type MethodName } from '@contract/methods.contract';

/**
 * The calls the operation record can list: every write method a signed-in account makes. Read
 * from the whole contract, so this module is only imported by the lazily loaded audit screen.
 */
export const auditedActions: readonly MethodName[] = (Object.keys(contract) as MethodName[]).filter(
  (method) => contract[method].effect === 'write' && contract[method].auth === 'session',
);
