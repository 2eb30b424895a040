import type { ReactNode } from 'react';
import type { AuthError } from '../lib/wire-types.ts';
import { FormError } from './form-error.tsx';

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
