import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { FormError } from '../../components/form-error.tsx';
import { AuthCard } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import type { ErrorCode, Messages, OAuthErrorCode } from '../../i18n/messages.ts';
import { useSession } from '../../lib/session.ts';
import { useSignOut } from '../../lib/sign-out.ts';

/** OAuth failures that only mean "this attempt is spoiled": starting again fixes them. */
const RESTART_CODES: ReadonlySet<string> = new Set([
  'state_not_found',
  'state_mismatch',
  'state_invalid',
  'invalid_callback_request',
  'no_code',
  'invalid_code',
  'please_restart_the_process',
]);

function describe(code: string, t: Messages): string {
  const lower = code.toLowerCase();
  if (Object.hasOwn(t.errorPage.codes, lower)) return t.errorPage.codes[lower as OAuthErrorCode];
  const upper = code.toUpperCase();
  if (Object.hasOwn(t.errors, upper)) return t.errors[upper as ErrorCode];
  return t.errorPage.codes.unknown;
}

/** `/error?error=<code>` and `/?error=<code>`: where the server sends people when a flow fails. */
export function ErrorPage() {
  const { t, format } = useI18n();
  const [params] = useSearchParams();
  const raw = params.get('error') ?? '';
  // the same rule as the server's /error page: anything odd is shown as UNKNOWN
  const code = /^[A-Za-z0-9_'-]{1,100}$/.test(raw) ? raw : 'UNKNOWN';
  const description = params.get('error_description');
  const restart = RESTART_CODES.has(code.toLowerCase());
  const session = useSession();
  const signOut = useSignOut();
  const signedInAs = session.data?.user.email ?? null;

  // a link for another account, opened in a browser signed in (the server refuses it unspent, so
  // that a hostile page cannot swap the person into someone else's account): sign out, open it again
  if (code.toUpperCase() === 'UNAUTHORIZED' && signedInAs) {
    return (
      <AuthCard title={t.errorPage.title}>
        <Alert tone="warning">
          <p>{format(t.errorPage.otherAccount, { email: signedInAs })}</p>
        </Alert>
        {signOut.error ? <FormError error={signOut.error} /> : null}
        <button
          type="button"
          className="button button--primary button--block"
          disabled={signOut.isPending}
          onClick={() => void signOut.signOut('/sign-in')}
        >
          {signOut.isPending ? t.common.signingOut : t.common.signOut}
        </button>
        <p className="error-code">{format(t.errorPage.codeLabel, { code })}</p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={restart ? t.errorPage.restartTitle : t.errorPage.title}>
      <Alert tone={restart ? 'warning' : 'error'}>
        <p>{describe(code, t)}</p>
        {restart ? <p>{t.errorPage.restartBody}</p> : null}
        {description && !restart ? (
          <p>{format(t.errorPage.details, { description: description.slice(0, 300) })}</p>
        ) : null}
      </Alert>
      <Link className="button button--primary button--block" to="/sign-in">
        {restart ? t.errorPage.restart : t.common.backToSignIn}
      </Link>
      <p className="error-code">{format(t.errorPage.codeLabel, { code })}</p>
    </AuthCard>
  );
}

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <AuthCard title={t.notFound.title}>
      <p className="muted">{t.notFound.body}</p>
      <Link className="button button--primary button--block" to="/">
        {t.common.goHome}
      </Link>
    </AuthCard>
  );
}
