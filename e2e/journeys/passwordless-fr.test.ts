// The passwordless journey in French (chosen with the language switcher), dark theme, on a phone-sized
// window, so that its screens are seen in a second language and the narrow layout. See
// passwordless-journey.ts.
import { describePasswordlessJourney } from './passwordless-journey.ts';

describePasswordlessJourney({ lang: 'fr', theme: 'dark', viewport: { width: 390, height: 844 } });
