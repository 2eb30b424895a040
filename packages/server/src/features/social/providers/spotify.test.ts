import { describeDialect } from '../../../test/oauth-provider.ts';
import { spotifyDialect } from './fixtures/spotify.ts';

describeDialect(spotifyDialect);
