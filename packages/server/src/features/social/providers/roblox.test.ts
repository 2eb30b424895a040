import { describeDialect } from '../../../test/oauth-provider.ts';
import { robloxDialect } from './fixtures/roblox.ts';

describeDialect(robloxDialect);
