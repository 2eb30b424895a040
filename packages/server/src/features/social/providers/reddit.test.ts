import { redditDialect } from './fixtures/reddit.ts';
import { describeDialect } from './test-harness.ts';

describeDialect(redditDialect);
