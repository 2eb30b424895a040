import { describeDialect } from '../../../test/oauth-provider.ts';
import { googleDialect } from './fixtures/google.ts';

describeDialect(googleDialect);
