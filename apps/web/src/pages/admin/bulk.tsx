/**
 * Actions for several people at once: ban, sign out everywhere, delete. The dialog names who and
 * what will happen; each person is then changed by their own request, and the result says, person
 * by person, what was done and what was refused (and why).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import type { Messages } from '../../i18n/messages.ts';
import { describeError } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import { BanFields, useBanFields } from './ban-fields.tsx';
import { ConfirmDialog } from './dialog.tsx';
import { type BulkAction, type BulkOutcome, useBulkUserAction } from './mutations.ts';
import type { AdminUser } from './types.ts';
import { displayName } from './ui.tsx';

type Kind = BulkAction['kind'];

/** How many names the dialog lists before "and N more". */
const NAMES_SHOWN = 8;

function doneLabel(kind: Kind, t: Messages): string {
  if (kind === 'ban') return t.admin.bulkResultBanned;
  if (kind === 'revoke') return t.admin.bulkResultRevoked;
  return t.admin.bulkResultDeleted;
}

function actionLabel(kind: Kind, t: Messages): string {
  if (kind === 'ban') return t.admin.bulkBan;
  if (kind === 'revoke') return t.admin.bulkRevoke;
  return t.admin.bulkDelete;
}

export function BulkActions({
  selected,
  onClear,
  onDone,
}: {
  selected: readonly AdminUser[];
  onClear: () => void;
  /** After a run: the people it changed (to take them out of the selection). */
  onDone: (changed: readonly string[]) => void;
}) {
  const { t, format } = useI18n();
  const [asking, setAsking] = useState<Kind | null>(null);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<{ kind: Kind; outcomes: BulkOutcome[] } | null>(null);
  const bulk = useBulkUserAction(setProgress);
  const ban = useBanFields();
  const barId = useId();

  const start = (kind: Kind) => {
    bulk.reset();
    setProgress(0);
    setAsking(kind);
  };

  const confirm = () => {
    if (!asking) return;
    const kind = asking;
    const action: BulkAction = kind === 'ban' ? { kind, ban: ban.details } : { kind };
    bulk.mutate(
      { action, users: selected },
      {
        onSuccess: (outcomes) => {
          setAsking(null);
          setResult({ kind, outcomes });
          onDone(outcomes.filter((outcome) => outcome.error === null).map((outcome) => outcome.user.id));
        },
      },
    );
  };

  const names = selected.slice(0, NAMES_SHOWN).map((user) => user.email);
  const more = selected.length - names.length;
  const who = (
    <div className="admin-bulk__who">
      <p>{t.admin.bulkWho}</p>
      <ul>
        {names.map((email) => (
          <li key={email}>{email}</li>
        ))}
        {more > 0 ? <li>{format(t.admin.bulkAndMore, { count: more })}</li> : null}
      </ul>
    </div>
  );
  const count = { count: selected.length };

  return (
    <>
      {selected.length > 0 ? (
        <section className="admin-bulk" aria-labelledby={barId}>
          <h2 id={barId} className="admin-bulk__count">
            {format(t.admin.selectedCount, count)}
          </h2>
          <div className="admin-bulk__buttons">
            <Button variant="secondary" onClick={() => start('ban')}>
              {t.admin.bulkBan}
            </Button>
            <Button variant="secondary" onClick={() => start('revoke')}>
              {t.admin.bulkRevoke}
            </Button>
            <Button variant="secondary" onClick={() => start('delete')}>
              {t.admin.bulkDelete}
            </Button>
            <Button variant="ghost" onClick={onClear}>
              {t.admin.bulkClear}
            </Button>
          </div>
        </section>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={format(
            asking === 'ban'
              ? t.admin.bulkBanTitle
              : asking === 'revoke'
                ? t.admin.bulkRevokeTitle
                : t.admin.bulkDeleteTitle,
            count,
          )}
          description={
            <>
              <p>
                {asking === 'ban'
                  ? t.admin.bulkBanBody
                  : asking === 'revoke'
                    ? t.admin.bulkRevokeBody
                    : t.admin.bulkDeleteBody}
              </p>
              {who}
            </>
          }
          confirmLabel={actionLabel(asking, t)}
          pendingLabel={format(t.admin.bulkWorking, { done: progress, total: selected.length })}
          pending={bulk.isPending}
          error={authErrorOf(bulk.error)}
          onConfirm={confirm}
          onClose={() => setAsking(null)}
          {...(asking === 'ban' ? { initialFocus: 'bulk-ban-reason' } : {})}
        >
          {asking === 'ban' ? <BanFields idPrefix="bulk-ban" fields={ban} /> : null}
        </ConfirmDialog>
      ) : null}
      {result ? <BulkResult kind={result.kind} outcomes={result.outcomes} onDismiss={() => setResult(null)} /> : null}
    </>
  );
}

/** What happened to each person, with the refusals said in plain words. */
function BulkResult({ kind, outcomes, onDismiss }: { kind: Kind; outcomes: BulkOutcome[]; onDismiss: () => void }) {
  const { t, format } = useI18n();
  const ref = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const failed = outcomes.filter((outcome) => outcome.error !== null).length;
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <section className={`admin-result${failed ? ' admin-result--mixed' : ''}`} aria-labelledby={titleId}>
      <h2 id={titleId} ref={ref} tabIndex={-1} className="section-title">
        {format(t.admin.bulkResultsTitle, {
          action: actionLabel(kind, t),
          done: outcomes.length - failed,
          refused: failed,
        })}
      </h2>
      <ul className="admin-result__list" aria-label={t.admin.bulkResultsLabel}>
        {outcomes.map(({ user, error }) => (
          <li key={user.id} className={error ? 'admin-result__item--refused' : 'admin-result__item--done'}>
            <span className="admin-result__who">
              {displayName(user)} <span className="muted">({user.email})</span>
            </span>
            <span className="admin-result__what">{error ? describeError(error, t) : doneLabel(kind, t)}</span>
          </li>
        ))}
      </ul>
      <div>
        <Button variant="ghost" onClick={onDismiss}>
          {t.admin.dismissResults}
        </Button>
      </div>
    </section>
  );
}
