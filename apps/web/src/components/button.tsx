import type { ReactNode } from 'react';

interface ButtonProps {
  children: ReactNode;
  pending?: boolean;
  pendingLabel?: string;
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  type?: 'submit' | 'button';
  onClick?: () => void;
  disabled?: boolean;
  block?: boolean;
  ariaLabel?: string;
  ariaDescribedBy?: string;
}

/** A button that shows a spinner and its pending label while its request runs. */
export function Button({
  children,
  pending = false,
  pendingLabel,
  variant = 'primary',
  type = 'button',
  onClick,
  disabled,
  block,
  ariaLabel,
  ariaDescribedBy,
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`button button--${variant}${block ? ' button--block' : ''}`}
      onClick={onClick}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      aria-label={pending ? undefined : ariaLabel}
      aria-describedby={ariaDescribedBy}
    >
      {pending ? <Spinner /> : null}
      <span>{pending && pendingLabel ? pendingLabel : children}</span>
    </button>
  );
}

export function Spinner({ label }: { label?: string }) {
  if (!label) return <span className="spinner" aria-hidden="true" />;
  return (
    <span role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
