import { zoomDialect } from './fixtures/zoom.ts';
import { describeDialect } from './test-harness.ts';

describeDialect(zoomDialect);
