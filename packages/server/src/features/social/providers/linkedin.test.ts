import { describeDialect } from '../../../test/oauth-provider.ts';
import { linkedinDialect } from './fixtures/linkedin.ts';

describeDialect(linkedinDialect);
