import { spotifyDialect } from './fixtures/spotify.ts';
import { describeDialect } from './test-harness.ts';

describeDialect(spotifyDialect);
