// Loaded by Stryker's mocha runner only (stryker.config.json): a mutant must
// be killed or survive the same way on every run, so property tests draw the
// same cases each time. FAST_CHECK_SEED picks other cases for one run.
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.FAST_CHECK_SEED ?? 20261123) });
