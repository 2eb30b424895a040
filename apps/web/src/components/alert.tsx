import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { focusMessage } from './focus.ts';
import { CheckIcon, ErrorIcon, InfoIcon } from './icons.tsx';

interface AlertProps {
  tone: 'error' | 'success' | 'info' | 'warning';
  title?: string;
  children?: ReactNode;
  /** Move keyboard and screen-reader focus here when it appears (after a failed submit). */
  focus?: boolean;
  actions?: ReactNode;
  id?: string;
}

/** A message box. Errors use role="alert"; notes use role="status". Both are live regions. */
export function Alert({ tone, title, children, focus = false, actions, id }: AlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  // In the commit that shows the message, not in a passive effect React may run a task later: in
  // between, the message would be on screen (and read by whoever looks) with focus still elsewhere.
  useLayoutEffect(() => {
    if (!focus || !ref.current) return;
    // a message box takes focus even inside a disabled fieldset; a field still waiting for it yields,
    // and so does a heading appearing with it (components/layout.tsx `PageHeading`)
    focusMessage(ref.current);
  }, [focus]);
  return (
    <div
      ref={ref}
      id={id}
      className={`alert alert--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      tabIndex={-1}
    >
      <span className="alert__icon" aria-hidden="true">
        {tone === 'success' ? <CheckIcon /> : tone === 'info' ? <InfoIcon /> : <ErrorIcon />}
      </span>
      <div className="alert__body">
        {title ? <p className="alert__title">{title}</p> : null}
        {children ? <div className="alert__text">{children}</div> : null}
        {actions ? <div className="alert__actions">{actions}</div> : null}
      </div>
    </div>
  );
}
