import { describeDialect } from '../../../test/oauth-provider.ts';
import { redditDialect } from './fixtures/reddit.ts';

describeDialect(redditDialect);
