import { robloxDialect } from './fixtures/roblox.ts';
import { describeDialect } from './test-harness.ts';

describeDialect(robloxDialect);
