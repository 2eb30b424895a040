/**
 * Re-authentication, one mechanism for every screen: actions that change a way into the account
 * need a recent sign-in (the server's `recent` guard answers 403 REAUTHENTICATION_REQUIRED, its
 * `fresh` one SESSION_NOT_FRESH). Wrap such a call in the function `useReauthenticate()` returns:
 *
 *   const reauthenticate = useReauthenticate();
 *   const result = await reauthenticate(() => authClient.changeEmail({ newEmail }));
 *
 * On that refusal a dialog asks for the password, POSTs /verify-password (which replaces the
 * session by one signed in now) and the call is made once more; its answer is the one returned.
 * When the person cancels, the first refusal is returned and the screen shows it as usual. An
 * account without a password is offered to sign in again instead, coming back to this page.
 *
 * An admin change refused with SECOND_FACTOR_REQUIRED (docs/admin.md) is cured the same way by
 * the second factor: the dialog of step-up.tsx asks for a code, and the call is made once more.
 *
 * The two dialogs (reauth-dialog.tsx, step-up.tsx) are files of their own, fetched when one first
 * opens: this provider sits on every page, the sign-in page included, and weighs little.
 */

import {
  type ComponentType,
  createContext,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { WithMoreMessages } from '../i18n/i18n.tsx';
import { isStaleSignIn, needsSecondFactor } from '../lib/errors.ts';
import type { AuthError, AuthResult } from '../lib/wire-types.ts';

interface DialogProps {
  onVerified: () => void;
  onCancel: () => void;
}

/** The dialogs' files, fetched the first time each opens. */
const DIALOGS: Readonly<Record<Question, () => Promise<ComponentType<DialogProps>>>> = {
  password: () => import('./reauth-dialog.tsx').then((m) => m.ReauthDialog),
  'second-factor': () => import('./step-up.tsx').then((m) => m.StepUpDialog),
};

const loadedDialogs = new Map<Question, LazyExoticComponent<ComponentType<DialogProps>>>();

/**
 * A dialog fetched the first time it opens (its own file in the build, as pages are): the sign-in
 * page and every screen that never needs it do not download it. While it is on its way nothing
 * shows; when it cannot be fetched, the question is cancelled (the refused call's error is shown as
 * usual) and the next opening tries again.
 */
function dialogFor(question: Question): LazyExoticComponent<ComponentType<DialogProps>> {
  let dialog = loadedDialogs.get(question);
  if (!dialog) {
    dialog = lazy(() =>
      DIALOGS[question]().then(
        (component) => ({ default: component }),
        () => {
          loadedDialogs.delete(question);
          return { default: LoadFailed };
        },
      ),
    );
    loadedDialogs.set(question, dialog);
  }
  return dialog;
}

function LoadFailed({ onCancel }: DialogProps) {
  useEffect(() => onCancel(), [onCancel]);
  return null;
}

function Dialog({ question, ...props }: DialogProps & { question: Question }) {
  const Loaded = dialogFor(question);
  return (
    <WithMoreMessages fallback={null}>
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    </WithMoreMessages>
  );
}

type Outcome = 'verified' | 'cancelled';
/** What the dialog asks for: the password (a stale sign-in) or the second factor (an admin change). */
type Question = 'password' | 'second-factor';

function questionFor(error: AuthError): Question | null {
  if (isStaleSignIn(error)) return 'password';
  if (needsSecondFactor(error)) return 'second-factor';
  return null;
}

/** Runs `action`; when the sign-in is too old for it, asks for the password and runs it once more. */
export type Reauthenticate = <T>(action: () => Promise<AuthResult<T>>) => Promise<AuthResult<T>>;

const ReauthContext = createContext<Reauthenticate | null>(null);

export function useReauthenticate(): Reauthenticate {
  const reauthenticate = useContext(ReauthContext);
  if (!reauthenticate) throw new Error('useReauthenticate() needs a <ReauthProvider> above it');
  return reauthenticate;
}

/** Holds the one dialog; screens below it ask for it through `useReauthenticate()`. */
export function ReauthProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Question | null>(null);
  // one question at a time: calls refused while the dialog is open wait for its answer
  const asking = useRef<{ promise: Promise<Outcome>; resolve: (outcome: Outcome) => void } | null>(null);

  const settle = useCallback((outcome: Outcome) => {
    const current = asking.current;
    asking.current = null;
    setOpen(null);
    current?.resolve(outcome);
  }, []);

  // leaving the page with the dialog open cancels it, so no caller waits for ever
  useEffect(() => () => asking.current?.resolve('cancelled'), []);

  const reauthenticate = useCallback<Reauthenticate>(async (action) => {
    const first = await action();
    const question = first.error ? questionFor(first.error) : null;
    if (!question) return first;
    if (!asking.current) {
      let resolve: (outcome: Outcome) => void = () => {};
      const promise = new Promise<Outcome>((r) => {
        resolve = r;
      });
      asking.current = { promise, resolve };
      setOpen(question);
    }
    const outcome = await asking.current.promise;
    if (outcome === 'cancelled') return first;
    // once: a second refusal is shown as it is, not asked about again
    return action();
  }, []);

  return (
    <ReauthContext.Provider value={reauthenticate}>
      {children}
      {open ? (
        <Dialog question={open} onVerified={() => settle('verified')} onCancel={() => settle('cancelled')} />
      ) : null}
    </ReauthContext.Provider>
  );
}
