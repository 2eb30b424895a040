import { describeDialect } from '../../../test/oauth-provider.ts';
import { dropboxDialect } from './fixtures/dropbox.ts';

describeDialect(dropboxDialect);
