// The account journey in German (chosen with the language switcher), dark theme, on a phone-sized
// window, so that every screen is also seen in a second language, the other theme and the narrow
// layout. See account-journey.ts.
import { describeAccountJourney } from './account-journey.ts';

describeAccountJourney({ journey: 'account', lang: 'de', theme: 'dark', viewport: { width: 390, height: 844 } });
