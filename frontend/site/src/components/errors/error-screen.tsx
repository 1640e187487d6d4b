import { AlertTriangle } from 'lucide-react';
import { Button } from '../ui/button';

export interface ErrorScreenProps {
  title: string;
  message: string;
  actionLabel: string;
  onAction?: () => void;
  fullScreen?: boolean;
}

function reloadPage() {
  window.location.reload();
}

/** The shared look of the error screens: icon, heading, text and one reload button. */
export function ErrorScreen({
  title,
  message,
  actionLabel,
  onAction = reloadPage,
  fullScreen,
}: ErrorScreenProps) {
  return (
    <div
      role="alert"
      className={
        fullScreen
          ? 'flex min-h-screen items-center justify-center bg-slate-50 px-4'
          : 'flex min-h-[50vh] items-center justify-center px-4 py-16'
      }
    >
      <div className="max-w-md text-center">
        <AlertTriangle aria-hidden="true" className="mx-auto mb-4 h-12 w-12 text-red-600" />
        <h1 className="mb-2 text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mb-6 text-slate-600">{message}</p>
        <Button onClick={onAction}>{actionLabel}</Button>
      </div>
    </div>
  );
}
