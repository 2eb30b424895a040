import { describeDialect } from '../../../test/oauth-provider.ts';
import { kickDialect } from './fixtures/kick.ts';

describeDialect(kickDialect);
