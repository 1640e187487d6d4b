import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { apiJson, getServerMessage } from '../../../lib/api-client';
import { USER_QUERY_KEY } from '../../../lib/auth';
import type { User } from '../../../types/api';

/** PATCH /api/user: an empty name is stored as none. */
export interface UpdateProfileInput {
  firstName: string | null;
  lastName: string | null;
}

export function updateProfile(input: UpdateProfileInput): Promise<User> {
  return apiJson<User>('PATCH', '/api/user', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: 'Profile updated', description: 'Your name has been saved.' });
    },
    onError: (error) => {
      toast({
        title: 'Update failed',
        description: getServerMessage(error, 'Failed to update your profile'),
        variant: 'destructive',
      });
    },
  });
}
