export { ErrorBoundary, type ErrorBoundaryProps } from './error-boundary';
export { ErrorScreen } from './error-screen';
export { RenderErrorFallback } from './render-error';
export { AppErrorFallback, StartupErrorScreen } from './app-error';
