import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { apiJson, getServerMessage } from '../../../lib/api-client';
import { USER_QUERY_KEY } from '../../../lib/auth';
import type { User } from '../../../types/api';

/** The body of POST /api/register (contracts RegisterRequest's input). */
export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/** POST /api/register → 201 with the new (signed-in, unverified) user. */
export function register(input: RegisterInput): Promise<User> {
  return apiJson<User>('POST', '/api/register', input);
}

/** Registers, sets the session's user and toasts (spec sections 4 and 8). */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: 'Registration successful', description: `Welcome, ${user.username}!` });
    },
    onError: (error) => {
      toast({
        title: 'Registration failed',
        description: getServerMessage(error, 'Registration failed'),
        variant: 'destructive',
      });
    },
  });
}
