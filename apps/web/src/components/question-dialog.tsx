/**
 * The shell of the questions asked inside a session (the password again, a second factor): a
 * native modal `<dialog>` opened when it mounts and closed when it unmounts, so the browser keeps
 * focus inside and the page behind is inert. Escape, or any close by the browser itself, is the
 * person's "cancel": the provider that opened it answers the waiting call (reauth.tsx).
 */
import { type ReactNode, useEffect, useRef } from 'react';

export function QuestionDialog({
  titleId,
  bodyId,
  onCancel,
  children,
}: {
  titleId: string;
  bodyId: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className="reauth card"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape: the dialog closes through the provider, which also answers the waiting call
        event.preventDefault();
        onCancel();
      }}
      onClose={(event) => {
        // closed by the browser itself (a second Escape may not be cancelable): no call may wait for ever;
        // the close of an unmounted dialog (its element already removed) is not the person's answer
        if (event.currentTarget.isConnected) onCancel();
      }}
    >
      {children}
    </dialog>
  );
}
