import { describeDialect } from '../../../test/oauth-provider.ts';
import { twitchDialect } from './fixtures/twitch.ts';

describeDialect(twitchDialect);
