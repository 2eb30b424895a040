/**
 * The console's two overlays, both native modal `<dialog>`s (as the re-authentication dialog):
 * the browser keeps keyboard focus inside, Escape closes, the page behind is inert, and focus goes
 * back to the control that opened it.
 *
 * - `ConfirmDialog`: a question that names what will happen, with the fields the action takes
 *   (a ban's reason, a new password), the server's refusal in place, and the action's button.
 * - `Drawer`: the details of one row (an audit event, a delivery), from the side of the screen.
 */
import { type FormEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { Button } from '../../components/button.tsx';
import { FormError } from '../../components/form-error.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import type { AuthError } from '../../lib/wire-types.ts';

/** Opens the dialog as modal when it mounts; gives focus back to what had it when it unmounts. */
function useModal(ref: RefObject<HTMLDialogElement | null>) {
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [ref]);
}

interface ConfirmDialogProps {
  title: string;
  /** What will happen, in plain words: read out as the dialog's description. */
  description: ReactNode;
  /** The action's own fields, if any. */
  children?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The server's refusal of the last attempt. */
  error: AuthError | null;
  /** Called on submit; check the fields first and return without acting when one is wrong. */
  onConfirm: () => void;
  onClose: () => void;
  tone?: 'danger' | 'primary';
  /** The id of the control that takes focus first; without one, Cancel does (the safe choice). */
  initialFocus?: string;
}

export function ConfirmDialog({
  title,
  description,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  onConfirm,
  onClose,
  tone = 'danger',
  initialFocus,
}: ConfirmDialogProps) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const cancelId = useId();
  useModal(ref);
  useEffect(() => {
    document.getElementById(initialFocus ?? cancelId)?.focus();
  }, [initialFocus, cancelId]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onConfirm();
  };

  return (
    <dialog
      ref={ref}
      className="admin-dialog card"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onClose();
      }}
    >
      <form className="form admin-dialog__body" onSubmit={submit} noValidate>
        <h2 id={titleId} className="section-title">
          {title}
        </h2>
        <div id={bodyId} className="admin-dialog__description">
          {description}
        </div>
        <fieldset className="form__fieldset" disabled={pending}>
          <legend className="visually-hidden">{title}</legend>
          {error ? <FormError error={error} retry="submit" /> : null}
          {children}
          <div className="form__actions admin-dialog__actions">
            <Button type="submit" variant={tone} pending={pending} pendingLabel={pendingLabel}>
              {confirmLabel}
            </Button>
            <button id={cancelId} type="button" className="button button--ghost" onClick={onClose}>
              <span>{t.admin.cancel}</span>
            </button>
          </div>
        </fieldset>
      </form>
    </dialog>
  );
}

/** A side panel with one row's details; Escape or the close button ends it. */
export function Drawer({ title, children, onClose }: { title: string; children: ReactNode; onClose: () => void }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModal(ref);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('.admin-drawer__close')?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      className="admin-drawer"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="admin-drawer__head">
        <h2 id={titleId} className="section-title">
          {title}
        </h2>
        <button type="button" className="button button--ghost button--small admin-drawer__close" onClick={onClose}>
          {t.admin.close}
        </button>
      </div>
      <div className="admin-drawer__body">{children}</div>
    </dialog>
  );
}
