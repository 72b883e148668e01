import type { ReactNode } from 'react';

/** A labelled field of the sign-in forms with its message below, tied to the control for screen readers. */
export function LoginField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <div className="login-field">
      <label htmlFor={id} className="login-label">
        {label}
      </label>
      {children}
      <div id={`${id}-error`} className="login-field-error" aria-live="polite">
        {error}
      </div>
    </div>
  );
}
