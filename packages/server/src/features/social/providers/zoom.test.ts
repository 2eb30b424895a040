import { describeDialect } from '../../../test/oauth-provider.ts';
import { zoomDialect } from './fixtures/zoom.ts';

describeDialect(zoomDialect);
