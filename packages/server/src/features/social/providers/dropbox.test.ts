import { dropboxDialect } from './fixtures/dropbox.ts';
import { describeDialect } from './test-harness.ts';

describeDialect(dropboxDialect);
