import { useState } from 'react';
import { Spinner } from '../../components/button.tsx';
import { getConfig } from '../../config.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { authClient } from '../../lib/auth.ts';
import { describeError } from '../../lib/errors.ts';
import { providerColor, providerName } from '../../lib/providers.ts';

/** "Continue with …" for each provider the server has configured (sign-in and sign-up); none without. */
export function SocialButtons({ callbackURL, disabled }: { callbackURL: string; disabled?: boolean }) {
  const { t, format } = useI18n();
  const { providers } = getConfig();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (providers.length === 0) return null;

  const start = async (provider: string) => {
    setPending(provider);
    setError(null);
    const result = await authClient.signIn.social({ provider, callbackURL, errorCallbackURL: '/error' });
    if (result.error) {
      setPending(null);
      setError(describeError(result.error, t));
    }
    // on success the client follows the provider's URL; the page is about to unload
  };

  return (
    <div className="social">
      <div className="divider" role="presentation">
        <span>{t.signIn.divider}</span>
      </div>
      <ul className="social__list">
        {providers.map((provider) => {
          const name = providerName(provider);
          return (
            <li key={provider}>
              <button
                type="button"
                className="button button--secondary button--block social__button"
                onClick={() => start(provider)}
                disabled={disabled || pending !== null}
                aria-busy={pending === provider || undefined}
              >
                {pending === provider ? (
                  <Spinner />
                ) : (
                  <span className="provider-mark" style={{ background: providerColor(provider) }} aria-hidden="true">
                    {name.charAt(0)}
                  </span>
                )}
                <span>
                  {format(pending === provider ? t.signIn.redirecting : t.signIn.continueWith, { provider: name })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
