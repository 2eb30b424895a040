// Signing in without a password in English, light theme, 1280 px: a passkey (button and autofill,
// with a virtual authenticator), a mailed link and a mailed code. See passwordless-journey.ts.
import { describePasswordlessJourney } from './passwordless-journey.ts';

describePasswordlessJourney({ lang: 'en', theme: 'light', viewport: { width: 1280, height: 800 } });
