import { linkedinDialect } from './fixtures/linkedin.ts';
import { describeDialect } from './test-harness.ts';

describeDialect(linkedinDialect);
