import { ErrorScreen } from './error-screen';

/** Fallback when a page fails to render (spec section 2, "Error screens"). */
export function RenderErrorFallback({ onReload }: { onReload?: () => void }) {
  return (
    <ErrorScreen
      title="Something went wrong"
      message="An unexpected error occurred. Please refresh the page to try again."
      actionLabel="Refresh Page"
      onAction={onReload}
    />
  );
}
