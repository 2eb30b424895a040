import { vkDialect } from './fixtures/vk.ts';
import { describeDialect } from './test-harness.ts';

describeDialect(vkDialect);
