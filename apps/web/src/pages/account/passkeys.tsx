/**
 * Settings → Passkeys (docs/passkeys.md): the person's passkeys with when each was added and last
 * used, and add / rename / delete. Adding needs a recent sign-in and deleting a fresh one: both go
 * through the re-authentication dialog (components/reauth.tsx) like every other change to a way
 * into the account. The server keeps the last way in (CANNOT_DELETE_THE_ONLY_WAY_TO_SIGN_IN); the
 * page says so before anyone tries.
 */
import type { passkey as passkeyRows } from '@latch/contract';
import { authMutationOptions, authQueryOptions, latchKeys } from '@latch/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { focusWhenReady } from '../../components/focus.ts';
import { FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { useReauthenticate } from '../../components/reauth.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { authClient } from '../../lib/auth.ts';
import { accountsQuery, authErrorOf } from '../../lib/query.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';
import { createPasskey, describeCeremonyFailure, PasskeyCeremonyError, passkeysSupported } from '../../lib/webauthn.ts';
import type { Received } from '../../lib/wire-types.ts';
import { SettingsError } from './layout.tsx';
import './passkeys.css';

/** A passkey as GET /passkey/list-user-passkeys answers it (with its last use). */
export type Passkey = Received<passkeyRows.PasskeyJson>;

/** GET /passkey/list-user-passkeys, under the app's keys so that a change of person resets it. */
export function passkeysQuery() {
  return authQueryOptions([...latchKeys.all(), 'passkeys'] as const, () => authClient.passkey.listUserPasskeys());
}

/** The server's limit on a passkey's name (packages/contract/src/endpoints/passkey.ts). */
const NAME_MAX = 256;

export function PasskeysPage() {
  const { t, format } = useI18n();
  const queryClient = useQueryClient();
  const reauthenticate = useReauthenticate();
  const passkeys = useQuery(passkeysQuery());
  const accounts = useQuery(accountsQuery());
  const [note, setNote] = useState<string | null>(null);
  const loadError = authErrorOf(passkeys.error);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: passkeysQuery().queryKey });

  const rename = useMutation({
    ...authMutationOptions((change: { passkey: Passkey; name: string }) =>
      authClient.passkey.updatePasskey({ id: change.passkey.id, name: change.name }),
    ),
    onMutate: () => setNote(null),
    onSuccess: async (_answer, change) => {
      setNote(format(t.passkeys.renamed, { name: change.name }));
      await invalidate();
    },
  });
  const remove = useMutation({
    ...authMutationOptions((passkey: Passkey) =>
      reauthenticate(() => authClient.passkey.deletePasskey({ id: passkey.id })),
    ),
    onMutate: () => setNote(null),
    onSuccess: async (_answer, passkey) => {
      setNote(format(t.passkeys.deleted, { name: passkey.name || t.passkeys.unnamed }));
      await invalidate();
    },
  });
  const error = authErrorOf(rename.error ?? remove.error);
  const busy = rename.isPending ? rename.variables.passkey.id : remove.isPending ? remove.variables.id : null;

  const list = passkeys.data ?? [];
  // no password and no provider: the only passkey is the only way in (the server refuses to delete it)
  const lastWayIn = list.length === 1 && accounts.data !== undefined && accounts.data.length === 0;

  return (
    <section className="card panel" aria-labelledby="passkeys-title">
      <PageHeading id="passkeys-title">{t.settings.passkeys}</PageHeading>
      <p className="panel__description">{t.passkeys.description}</p>
      {error ? <SettingsError error={error} /> : null}
      <div className="live" aria-live="polite">
        {note ? <Alert tone="success">{note}</Alert> : null}
      </div>
      {passkeys.isPending ? (
        <FullPageSpinner />
      ) : loadError ? (
        <SettingsError error={loadError} retry={() => void passkeys.refetch()} />
      ) : (
        <>
          {list.length === 0 ? (
            <p className="muted">{t.passkeys.none}</p>
          ) : (
            <ul className="list" aria-label={t.passkeys.listLabel}>
              {list.map((passkey) => (
                <PasskeyRow
                  key={passkey.id}
                  passkey={passkey}
                  busy={busy}
                  lastWayIn={lastWayIn}
                  onRename={(name) => {
                    remove.reset();
                    return rename.mutateAsync({ passkey, name }).then(
                      () => true,
                      () => false,
                    );
                  }}
                  onDelete={() => {
                    rename.reset();
                    remove.mutate(passkey);
                  }}
                />
              ))}
            </ul>
          )}
          {lastWayIn ? (
            <p className="muted small" id="passkey-last-way-in">
              {t.passkeys.lastWayIn} <Link to="/settings/password">{t.passkeys.setPassword}</Link>
            </p>
          ) : null}
          <AddPasskeyForm
            onAdded={async (passkey) => {
              setNote(format(t.passkeys.added, { name: passkey.name || t.passkeys.unnamed }));
              await invalidate();
            }}
            onStart={() => {
              setNote(null);
              rename.reset();
              remove.reset();
            }}
          />
        </>
      )}
    </section>
  );
}

/** "Chrome on Linux": a name to start from, so that two passkeys can be told apart. */
function thisDeviceName(t: ReturnType<typeof useI18n>['t'], format: ReturnType<typeof useI18n>['format']): string {
  const device = describeUserAgent(typeof navigator === 'undefined' ? null : navigator.userAgent);
  if (!device.browser || !device.os) return '';
  return format(t.sessions.deviceOn, { browser: device.browser, os: device.os });
}

const NAME_ID = 'passkey-name';

function AddPasskeyForm({ onAdded, onStart }: { onAdded: (passkey: Passkey) => Promise<void>; onStart: () => void }) {
  const { t, format } = useI18n();
  const reauthenticate = useReauthenticate();
  const [name, setName] = useState(() => thisDeviceName(t, format));
  const [nameError, setNameError] = useState<string | undefined>();
  const add = useMutation({
    ...authMutationOptions(async (chosen: string) => {
      // a recent sign-in is asked for here, before the browser's prompt, not after it
      const options = await reauthenticate(() => authClient.passkey.generateRegisterOptions());
      if (options.error) return { data: null, error: options.error };
      // a prompt the person cancels throws PasskeyCeremonyError: no request is made
      const response = await createPasskey(options.data);
      return authClient.passkey.verifyRegistration({ response, ...(chosen ? { name: chosen } : {}) });
    }),
    onSuccess: async (passkey) => {
      setName('');
      await onAdded(passkey);
    },
  });
  const supported = passkeysSupported();
  const ceremony = add.error instanceof PasskeyCeremonyError ? describeCeremonyFailure(add.error.reason, t) : null;
  const error = add.error instanceof PasskeyCeremonyError ? null : authErrorOf(add.error);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = name.trim();
    const invalid = chosen.length > NAME_MAX ? format(t.validation.nameTooLong, { max: NAME_MAX }) : undefined;
    setNameError(invalid);
    if (invalid) {
      focusWhenReady(NAME_ID);
      return;
    }
    onStart();
    add.mutate(chosen);
  };

  if (!supported) return <p className="muted">{t.passkeys.browserUnsupported}</p>;

  return (
    <form className="form passkey-add" onSubmit={onSubmit} noValidate>
      <fieldset className="form__fieldset" disabled={add.isPending}>
        <legend className="visually-hidden">{t.passkeys.add}</legend>
        {error ? <SettingsError error={error} retry="submit" /> : null}
        {ceremony ? (
          <Alert tone="error" focus>
            {ceremony}
          </Alert>
        ) : null}
        <Field
          id={NAME_ID}
          label={t.passkeys.nameLabel}
          labelNote={t.common.optional}
          hint={t.passkeys.nameHint}
          value={name}
          onValueChange={setName}
          error={nameError}
          autoComplete="off"
          maxLength={NAME_MAX + 1}
        />
        <div className="form__actions">
          <Button type="submit" pending={add.isPending} pendingLabel={t.passkeys.adding}>
            {t.passkeys.add}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

function PasskeyRow({
  passkey,
  busy,
  lastWayIn,
  onRename,
  onDelete,
}: {
  passkey: Passkey;
  /** The passkey whose change is under way, if any. */
  busy: string | null;
  lastWayIn: boolean;
  /** Resolves true once renamed. */
  onRename: (name: string) => Promise<boolean>;
  onDelete: () => void;
}) {
  const { t, format, formatDate, formatRelative } = useI18n();
  const questionId = useId();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [draft, setDraft] = useState(passkey.name ?? '');
  const [draftError, setDraftError] = useState<string | undefined>();
  const name = passkey.name || t.passkeys.unnamed;
  const fieldId = `passkey-rename-${passkey.id}`;
  const mine = busy === passkey.id;

  const saveName = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = draft.trim();
    const invalid = !chosen
      ? t.passkeys.nameRequired
      : chosen.length > NAME_MAX
        ? format(t.validation.nameTooLong, { max: NAME_MAX })
        : undefined;
    setDraftError(invalid);
    if (invalid) {
      focusWhenReady(fieldId);
      return;
    }
    if (await onRename(chosen)) setMode('view');
  };

  return (
    <li className="list__item passkey">
      <span className="passkey__mark" aria-hidden="true">
        <KeyIcon />
      </span>
      <div className="list__main">
        <p className="list__title">
          {name}
          {passkey.backedUp ? (
            <>
              {' '}
              <Badge>{t.passkeys.synced}</Badge>
            </>
          ) : null}
        </p>
        <p className="list__meta">
          {format(t.passkeys.createdOn, { date: formatDate(passkey.createdAt) })}
          <span aria-hidden="true"> · </span>
          {passkey.lastUsedAt
            ? format(t.passkeys.lastUsed, { time: formatRelative(passkey.lastUsedAt) })
            : t.passkeys.neverUsed}
        </p>
      </div>
      {mode === 'view' ? (
        <div className="list__actions">
          <Button
            variant="secondary"
            onClick={() => {
              setDraft(passkey.name ?? '');
              setDraftError(undefined);
              setMode('rename');
              focusWhenReady(fieldId);
            }}
            disabled={busy !== null}
            ariaLabel={format(t.passkeys.renameLabel, { name })}
          >
            {t.passkeys.rename}
          </Button>
          <Button
            variant="secondary"
            onClick={() => setMode('delete')}
            disabled={busy !== null || lastWayIn}
            ariaLabel={format(t.passkeys.deleteLabel, { name })}
            {...(lastWayIn ? { ariaDescribedBy: 'passkey-last-way-in' } : {})}
          >
            {t.passkeys.delete}
          </Button>
        </div>
      ) : null}
      {mode === 'rename' ? (
        <form className="passkey__change" onSubmit={saveName} noValidate>
          <fieldset className="form__fieldset" disabled={mine}>
            <legend className="visually-hidden">{format(t.passkeys.renameLabel, { name })}</legend>
            <Field
              id={fieldId}
              label={format(t.passkeys.renameField, { name })}
              value={draft}
              onValueChange={setDraft}
              error={draftError}
              autoComplete="off"
              maxLength={NAME_MAX + 1}
              required
            />
            <div className="form__actions">
              <Button type="submit" pending={mine} pendingLabel={t.common.saving}>
                {t.passkeys.saveName}
              </Button>
              <Button variant="ghost" onClick={() => setMode('view')}>
                {t.passkeys.cancel}
              </Button>
            </div>
          </fieldset>
        </form>
      ) : null}
      {mode === 'delete' ? (
        <fieldset className="passkey__change passkey-confirm">
          <legend className="passkey-confirm__question" id={questionId}>
            {format(t.passkeys.deleteQuestion, { name })}
          </legend>
          <div className="passkey-confirm__buttons">
            <Button
              variant="danger"
              onClick={onDelete}
              pending={mine}
              pendingLabel={t.passkeys.deleting}
              ariaDescribedBy={questionId}
            >
              {t.passkeys.deleteConfirm}
            </Button>
            <Button variant="ghost" onClick={() => setMode('view')} disabled={mine}>
              {t.passkeys.cancel}
            </Button>
          </div>
        </fieldset>
      ) : null}
    </li>
  );
}

function KeyIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <circle cx="8" cy="12" r="4.2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M12.2 12H21m-3 0v3.2M15.2 12v2.4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
