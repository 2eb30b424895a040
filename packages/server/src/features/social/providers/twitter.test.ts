import { twitterDialect } from './fixtures/twitter.ts';
import { describeDialect } from './test-harness.ts';

describeDialect(twitterDialect);
