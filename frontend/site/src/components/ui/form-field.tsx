import { useId, type InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the input and announced with it (aria-describedby); also marks the input invalid. */
  error?: string;
  /** A hint under the input when there is no error. */
  hint?: string;
}

/** A labelled text input with its inline error: the form fields of the account screens. */
export function FormField({ label, error, hint, className, ...props }: FormFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        className={cn(
          'h-10 rounded-md border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:opacity-50',
          error ? 'border-red-500' : 'border-slate-300',
        )}
        {...props}
      />
      {message && (
        <p id={messageId} className={cn('text-sm', error ? 'text-red-700' : 'text-slate-500')}>
          {message}
        </p>
      )}
    </div>
  );
}
