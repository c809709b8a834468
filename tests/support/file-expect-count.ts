import { afterAll, afterEach, expect } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** `expect` calls this file's tests executed (tests/support/project-times.reporter.ts adds them up per project). */
    expectCalls?: number;
  }
}

let calls = 0;

// Registered before the file's own hooks, so it runs after them (after hooks run in reverse
// order): the assertions of their afterEach (the e2e console check) are counted too. Vitest sets
// the count to 0 before each test.
afterEach(() => {
  calls += expect.getState().assertionCalls;
});

// eslint-disable-next-line no-empty-pattern
afterAll(({}, file) => {
  file.meta.expectCalls = calls;
  calls = 0;
});
