import { describeDialect } from '../../../test/oauth-provider.ts';
import { twitterDialect } from './fixtures/twitter.ts';

describeDialect(twitterDialect);
