import { describeDialect } from '../../../test/oauth-provider.ts';
import { vkDialect } from './fixtures/vk.ts';

describeDialect(vkDialect);
