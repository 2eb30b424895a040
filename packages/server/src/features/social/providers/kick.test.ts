import { kickDialect } from './fixtures/kick.ts';
import { describeDialect } from './test-harness.ts';

describeDialect(kickDialect);
