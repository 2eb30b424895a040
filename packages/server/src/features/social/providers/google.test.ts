import { googleDialect } from './fixtures/google.ts';
import { describeDialect } from './test-harness.ts';

describeDialect(googleDialect);
