// The account journey in English, light theme, on a desktop-sized window. See account-journey.ts.
import { describeAccountJourney } from './account-journey.ts';

describeAccountJourney({ journey: 'account', lang: 'en', theme: 'light', viewport: { width: 1280, height: 800 } });
