import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppErrorFallback, ErrorBoundary } from '../components/errors';
import { Toaster } from '../components/ui/toast';
import { queryClient as defaultQueryClient } from '../lib/query-client';

export interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client; the app uses the shared one. */
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient = defaultQueryClient }: AppProviderProps) {
  return (
    <ErrorBoundary fallback={<AppErrorFallback />}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
