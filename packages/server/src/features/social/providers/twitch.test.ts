import { twitchDialect } from './fixtures/twitch.ts';
import { describeDialect } from './test-harness.ts';

describeDialect(twitchDialect);
