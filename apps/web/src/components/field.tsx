/**
 * The inputs of every form: a labelled text field, a password field with show/hide, a checkbox; each
 * with its hint and error bound to it.
 */
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
import { ErrorIcon, EyeIcon, EyeOffIcon } from './icons.tsx';

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
