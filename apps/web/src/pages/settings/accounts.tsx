import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button } from '../../components/form.tsx';
import { FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { useReauthenticate } from '../../components/reauth.tsx';
import { getConfig } from '../../config.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import type { OAuthErrorCode } from '../../i18n/messages.ts';
import { type Account, type AuthError, authClient } from '../../lib/auth.ts';
import { useLoad } from '../../lib/hooks.ts';
import { providerColor, providerName } from '../../lib/providers.ts';
import { SettingsError } from './layout.tsx';

interface Row {
  providerId: string;
  account: Account | null;
}

export function AccountsPage() {
  const { t, format, formatDate } = useI18n();
  const { providers } = getConfig();
  const [params] = useSearchParams();
  const accounts = useLoad(() => authClient.listAccounts());
  const reauthenticate = useReauthenticate();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<AuthError | null>(null);
  const [note, setNote] = useState<string | null>(null);

  // Back from the provider: `?linked=<id>` on success, `?error=<code>` on failure.
  const linkedParam = params.get('linked');
  const errorParam = params.get('error')?.toLowerCase() ?? null;
  const returnNote =
    linkedParam && !errorParam ? format(t.accounts.linkedNote, { provider: providerName(linkedParam) }) : null;
  const returnError = errorParam
    ? Object.hasOwn(t.errorPage.codes, errorParam)
      ? t.errorPage.codes[errorParam as OAuthErrorCode]
      : t.errorPage.codes.unknown
    : null;

  const list = accounts.data ?? [];
  const rows: Row[] = [];
  for (const account of list) rows.push({ providerId: account.providerId, account });
  for (const provider of providers) {
    if (!list.some((account) => account.providerId === provider)) rows.push({ providerId: provider, account: null });
  }
  rows.sort((a, b) => (a.providerId === 'credential' ? -1 : b.providerId === 'credential' ? 1 : 0));
  const onlyOne = list.length <= 1;

  const link = async (provider: string) => {
    setBusy(provider);
    setError(null);
    setNote(null);
    const result = await reauthenticate(() =>
      authClient.linkSocial({
        provider,
        callbackURL: `/settings/accounts?linked=${encodeURIComponent(provider)}`,
        errorCallbackURL: '/settings/accounts',
      }),
    );
    if (result.error) {
      setBusy(null);
      setError(result.error);
    }
    // on success the browser is on its way to the provider
  };

  const unlink = async (account: Account) => {
    setBusy(account.id);
    setError(null);
    setNote(null);
    // CONTRACT.md §4.17: `accountId` is the account row's id
    const result = await reauthenticate(() =>
      authClient.unlinkAccount({ accountId: account.id, providerId: account.providerId }),
    );
    setBusy(null);
    if (result.error) {
      setError(result.error);
      return;
    }
    setNote(format(t.accounts.unlinked, { provider: label(account.providerId) }));
    await accounts.reload();
  };

  const label = (providerId: string) =>
    providerId === 'credential' ? t.accounts.credential : providerName(providerId);

  return (
    <section className="card panel" aria-labelledby="accounts-title">
      <PageHeading id="accounts-title">{t.settings.accounts}</PageHeading>
      <p className="panel__description">{t.accounts.description}</p>
      {returnError ? <Alert tone="error">{returnError}</Alert> : null}
      {returnNote ? <Alert tone="success">{returnNote}</Alert> : null}
      {error ? <SettingsError error={error} /> : null}
      <div className="live" aria-live="polite">
        {note ? <Alert tone="success">{note}</Alert> : null}
      </div>
      {accounts.loading && !accounts.data ? (
        <FullPageSpinner />
      ) : accounts.error ? (
        <SettingsError error={accounts.error} retry={accounts.reload} />
      ) : (
        <>
          <ul className="list">
            {rows.map(({ providerId, account }) => {
              const name = label(providerId);
              return (
                <li key={account?.id ?? providerId} className="list__item">
                  <span
                    className="provider-mark provider-mark--large"
                    style={{ background: providerId === 'credential' ? 'var(--accent)' : providerColor(providerId) }}
                    aria-hidden="true"
                  >
                    {providerId === 'credential' ? '@' : name.charAt(0)}
                  </span>
                  <div className="list__main">
                    <p className="list__title">{name}</p>
                    <p className="list__meta">
                      {account
                        ? format(t.accounts.linkedOn, { date: formatDate(account.createdAt) })
                        : t.accounts.notLinked}
                    </p>
                  </div>
                  <div className="list__actions">
                    {account ? (
                      <Button
                        variant="secondary"
                        onClick={() => unlink(account)}
                        pending={busy === account.id}
                        pendingLabel={t.accounts.unlinking}
                        disabled={onlyOne || busy !== null}
                        ariaDescribedBy={onlyOne ? 'last-account-note' : undefined}
                      >
                        {format(t.accounts.unlink, { provider: name })}
                      </Button>
                    ) : (
                      <Button
                        variant="primary"
                        onClick={() => link(providerId)}
                        pending={busy === providerId}
                        pendingLabel={t.accounts.linking}
                        disabled={busy !== null}
                      >
                        {format(t.accounts.link, { provider: name })}
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
          {onlyOne ? (
            <p className="muted small" id="last-account-note">
              {t.accounts.lastAccount}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
