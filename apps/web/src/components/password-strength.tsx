/**
 * The strength hint under a new password (sign-up, reset, the password page, the admin console's
 * forms). Not in components/layout.tsx: the sign-in page, whose file that is part of, sets no password.
 */
import type { PasswordContext } from '@latch/contract';
import { getConfig } from '../config.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { estimateStrength } from '../lib/password-strength.ts';

/** The strength hint, from the server's own rules; `context` is the person's name and addresses, when known. */
export function PasswordStrength({ password, context = {} }: { password: string; context?: PasswordContext }) {
  const { t, format } = useI18n();
  const { password: policy, appName } = getConfig();
  const { level, score } = estimateStrength(password, policy, { ...context, appName });
  if (!password) return null;
  return (
    <div className={`strength strength--${level}`}>
      <div className="strength__bars" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className={`strength__bar${i <= score ? ' strength__bar--on' : ''}`} />
        ))}
      </div>
      <span className="strength__label">{format(t.passwordStrength.label, { level: t.passwordStrength[level] })}</span>
    </div>
  );
}
