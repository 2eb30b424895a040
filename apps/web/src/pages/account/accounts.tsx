import { authMutationOptions, latchKeys } from '@latch/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { useReauthenticate } from '../../components/reauth.tsx';
import { getConfig } from '../../config.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import type { OAuthErrorCode } from '../../i18n/messages.ts';
import { authClient } from '../../lib/auth.ts';
import { providerColor, providerName } from '../../lib/providers.ts';
import { accountsQuery, authErrorOf } from '../../lib/query.ts';
import type { Account } from '../../lib/wire-types.ts';
import { SettingsError } from './layout.tsx';

interface Row {
  providerId: string;
  account: Account | null;
}

export function AccountsPage() {
  const { t, format, formatDate } = useI18n();
  const { providers } = getConfig();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const accounts = useQuery(accountsQuery());
  const reauthenticate = useReauthenticate();
  const [note, setNote] = useState<string | null>(null);
  const link = useMutation({
    ...authMutationOptions((provider: string) =>
      reauthenticate(() =>
        authClient.linkSocial({
          provider,
          callbackURL: `/settings/accounts?linked=${encodeURIComponent(provider)}`,
          errorCallbackURL: '/settings/accounts',
        }),
      ),
    ),
    onMutate: () => setNote(null),
    // on success the browser is on its way to the provider: the button stays busy
  });
  const unlink = useMutation({
    // CONTRACT.md §4.17: `accountId` is the account row's id
    ...authMutationOptions((account: Account) =>
      reauthenticate(() => authClient.unlinkAccount({ accountId: account.id, providerId: account.providerId })),
    ),
    onMutate: () => setNote(null),
    onSuccess: async (_answer, account) => {
      setNote(format(t.accounts.unlinked, { provider: label(account.providerId) }));
      await queryClient.invalidateQueries({ queryKey: latchKeys.accounts() });
    },
  });
  const busy =
    link.isPending || link.isSuccess ? link.variables : unlink.isPending ? (unlink.variables?.id ?? null) : null;
  const error = authErrorOf(link.error ?? unlink.error);
  const loadError = authErrorOf(accounts.error);

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
      {accounts.isPending ? (
        <FullPageSpinner />
      ) : loadError ? (
        <SettingsError error={loadError} retry={() => void accounts.refetch()} />
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
                        onClick={() => {
                          link.reset();
                          unlink.mutate(account);
                        }}
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
                        onClick={() => {
                          unlink.reset();
                          link.mutate(providerId);
                        }}
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
