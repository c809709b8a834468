import fc from 'fast-check';

/**
 * Every property test runs with one fixed seed, so a run is the same run every time
 * (docs/development.md#the-test-suite); FC_SEED=<seed> tries another, and a failure prints the seed to repeat it.
 */
fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20_261_124) });
