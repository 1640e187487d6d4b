import type { LoginRequest } from '@jobs/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { apiJson, getServerMessage } from '../../../lib/api-client';
import { USER_QUERY_KEY } from '../../../lib/auth';
import type { User } from '../../../types/api';

/** POST /api/login: `username` is a username or an e-mail address. */
export function login(credentials: LoginRequest): Promise<User> {
  return apiJson<User>('POST', '/api/login', credentials);
}

/** Signs in, sets the session's user and toasts (spec sections 4 and 8). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
    },
    onError: (error) => {
      toast({
        title: 'Login failed',
        description: getServerMessage(error, 'Login failed'),
        variant: 'destructive',
      });
    },
  });
}
