import { ErrorScreen } from './error-screen';

/** Fatal application error: the providers or the shell itself failed. */
export function AppErrorFallback({ onReload }: { onReload?: () => void }) {
  return (
    <ErrorScreen
      fullScreen
      title="Application Error"
      message="Something went wrong while loading the application."
      actionLabel="Reload Page"
      onAction={onReload}
    />
  );
}

/** The app could not even mount (main.tsx). */
export function StartupErrorScreen({ onReload }: { onReload?: () => void }) {
  return (
    <ErrorScreen
      fullScreen
      title="Application Loading Error"
      message="The application could not be started. Please check your connection and reload the page."
      actionLabel="Reload Page"
      onAction={onReload}
    />
  );
}
