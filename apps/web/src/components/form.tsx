import {
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useI18n } from '../i18n/i18n.tsx';
import { describeError, isNetworkError } from '../lib/errors.ts';
import type { AuthError } from '../lib/wire-types.ts';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'children'>;

interface FieldProps extends InputProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown after the label, e.g. "(optional)". */
  labelNote?: string;
  /** Live text under the field (availability checks); announced politely. */
  status?: ReactNode;
  /** A control drawn inside the input's right edge (show/hide password). */
  trailing?: ReactNode;
}

/**
 * The error to show for a field. Once the person edits the field its error is hidden (the value
 * may be right now, and a red "Enter your name." under a filled-in name reads as a bug); the next
 * submit of the form validates afresh and shows whatever is still wrong.
 */
function useShownError(error: string | undefined, input: RefObject<HTMLInputElement | null>) {
  const [hidden, setHidden] = useState<string | null>(null);
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    // the form's own listener runs before React's delegated onSubmit, so a repeated error shows again
    const reveal = () => setHidden(null);
    form.addEventListener('submit', reveal);
    return () => form.removeEventListener('submit', reveal);
  }, [input]);
  return {
    shown: error !== undefined && error !== hidden ? error : undefined,
    onEdit: () => {
      if (error) setHidden(error);
    },
  };
}

/**
 * A labelled input with its hint and error bound through aria-describedby. The error is an alert:
 * it is announced when it appears, whether the form found it or the server did.
 */
export function Field({
  id,
  label,
  value,
  onValueChange,
  error: rawError,
  hint,
  labelNote,
  status,
  trailing,
  className,
  ...input
}: FieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { shown: error, onEdit } = useShownError(rawError, inputRef);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const describedBy = [hint ? hintId : null, status !== undefined ? statusId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {labelNote ? <span className="field__note"> ({labelNote})</span> : null}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className={`field__control${trailing ? ' field__control--trailing' : ''}`}>
        <input
          ref={inputRef}
          id={id}
          className={`input${className ? ` ${className}` : ''}`}
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            onEdit();
            onValueChange(event.target.value);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...input}
        />
        {trailing}
      </div>
      {status !== undefined ? (
        <div className="field__status" id={statusId} aria-live="polite">
          {status}
        </div>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          <ErrorIcon />
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface PasswordFieldProps extends Omit<FieldProps, 'type' | 'trailing'> {}

/** A password input with a show/hide toggle (a plain button, so it never submits the form). */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useI18n();
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-controls={props.id}
          aria-pressed={visible}
          aria-label={visible ? t.common.hidePassword : t.common.showPassword}
          title={visible ? t.common.hidePassword : t.common.showPassword}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}

interface CheckboxProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string | undefined;
}

export function Checkbox({ id, label, checked, onCheckedChange, error: rawError }: CheckboxProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { shown: error, onEdit } = useShownError(rawError, inputRef);
  const errorId = `${id}-error`;
  return (
    <div className={`check${error ? ' check--invalid' : ''}`}>
      <input
        ref={inputRef}
        id={id}
        type="checkbox"
        className="check__input"
        checked={checked}
        onChange={(event) => {
          onEdit();
          onCheckedChange(event.target.checked);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <label htmlFor={id} className="check__label">
        {label}
      </label>
      {error ? (
        <p className="field__error check__error" id={errorId} role="alert">
          <ErrorIcon />
          {error}
        </p>
      ) : null}
    </div>
  );
}

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
  useEffect(() => {
    if (!focus) return;
    // a message box takes focus even inside a disabled fieldset; a field still waiting for it yields
    cancelWaitingFocus?.();
    ref.current?.focus();
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

export function Spinner({ label }: { label?: string }) {
  if (!label) return <span className="spinner" aria-hidden="true" />;
  return (
    <span role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** Focus the first field reported invalid, so keyboard and screen-reader users land on the problem. */
export function focusFirstInvalid<K extends string>(
  order: readonly K[],
  errors: Partial<Record<K, string>>,
  ids: Record<K, string>,
) {
  const first = order.find((key) => errors[key]);
  if (first) focusWhenReady(ids[first]);
}

/** A browser ignores focus() on a disabled control, and on every control of a disabled fieldset. */
function refusesFocus(element: Element): boolean {
  if ((element as Partial<HTMLButtonElement>).disabled === true) return true;
  if (!element.matches('input, button, select, textarea')) return false;
  return element.closest('fieldset[disabled]') !== null;
}

/** Cancels the focus move still waiting, if any: a newer one replaces it. */
let cancelWaitingFocus: (() => void) | null = null;

/**
 * Moves focus to the element with this id as soon as it can take it. The server's
 * answer to a submit arrives while the form's fieldset is still disabled, and React enables it
 * only when it renders that answer: focusing the field at once would be ignored and leave focus
 * on <body>, so the move waits until the field is enabled again (or gives up after a while).
 */
export function focusWhenReady(id: string): void {
  cancelWaitingFocus?.();
  const attempt = (): boolean => {
    const element = document.getElementById(id);
    if (!element?.isConnected || refusesFocus(element)) return false;
    element.focus();
    return true;
  };
  if (attempt()) return;
  const observer = new MutationObserver(() => {
    if (attempt()) stop();
  });
  const timer = setTimeout(stop, 10_000);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    if (cancelWaitingFocus === stop) cancelWaitingFocus = null;
  }
  cancelWaitingFocus = stop;
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
}

function ErrorIcon() {
  return (
    <svg className="icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M10 1.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17Zm0 11.75a1 1 0 1 0 0 2 1 1 0 0 0 0-2Zm0-8a1 1 0 0 0-1 1v5a1 1 0 1 0 2 0v-5a1 1 0 0 0-1-1Z"
      />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg className="icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M10 1.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17Zm3.7 5.3a1 1 0 0 0-1.4 0L9 10.1 7.7 8.8a1 1 0 1 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4a1 1 0 0 0 0-1.4Z"
      />
    </svg>
  );
}

function InfoIcon() {
  return (
    <svg className="icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M10 1.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17Zm0 7a1 1 0 0 0-1 1v5a1 1 0 1 0 2 0v-5a1 1 0 0 0-1-1Zm0-3.75a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z"
      />
    </svg>
  );
}

function EyeIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="1.8" d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        d="M3 3l18 18M10.6 5.1A10.6 10.6 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4.1M6.6 6.6C3.6 8.5 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2"
      />
    </svg>
  );
}

interface FormErrorProps {
  error: AuthError;
  /**
   * How "Try again" repeats what failed when the service could not be reached: `submit` sends the
   * form the message is in once more (with everything typed, which stays in place); a function
   * is called. Without it no retry is offered.
   */
  retry?: 'submit' | (() => void);
  /** The page's own buttons for this error (e.g. "send the verification email again"). */
  actions?: ReactNode;
  id?: string;
}

/**
 * The one way a form shows what went wrong on the other side: an alert, focused once the form can
 * take focus again and announced. A refusal of the server is said in plain words; a request that
 * never reached the service says so (offline, or the service cannot be reached), that nothing
 * typed is lost, and offers to try again.
 */
export function FormError({ error, retry, actions, id }: FormErrorProps) {
  const { t } = useI18n();
  const network = isNetworkError(error);
  const retryButton =
    network && retry ? (
      <Button
        type={retry === 'submit' ? 'submit' : 'button'}
        variant="secondary"
        onClick={retry === 'submit' ? undefined : retry}
      >
        {t.network.retry}
      </Button>
    ) : null;
  const buttons =
    retryButton || actions ? (
      <>
        {retryButton}
        {actions}
      </>
    ) : undefined;
  if (!network) {
    return (
      <Alert tone="error" focus id={id} actions={buttons}>
        {describeError(error, t)}
      </Alert>
    );
  }
  return (
    <Alert tone="error" focus id={id} title={describeError(error, t)} actions={buttons}>
      {retry === 'submit' ? t.network.inputKept : undefined}
    </Alert>
  );
}

interface FormFieldsetProps {
  /** Read by screen readers only: what the form is for. */
  legend: string;
  /** While a request is under way every field and button is disabled. */
  pending: boolean;
  /** The server's answer to the last attempt, shown in plain words and focused (FormError). */
  error: AuthError | null | undefined;
  /** A page's own way of showing `error` (e.g. with a button to sign in again), in its place. */
  errorView?: ReactNode;
  children: ReactNode;
}

/** The body every form shares: disabled while pending, a hidden legend, the server's error. */
export function FormFieldset({ legend, pending, error, errorView, children }: FormFieldsetProps) {
  return (
    <fieldset className="form__fieldset" disabled={pending}>
      <legend className="visually-hidden">{legend}</legend>
      {error ? (errorView ?? <FormError error={error} retry="submit" />) : null}
      {children}
    </fieldset>
  );
}
