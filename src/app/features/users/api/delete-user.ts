import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/app/lib/api-client';
import type { User } from '@/shared/schemas';
import { usersQuery } from './get-users';

const deleteUserKey = ['users', 'delete'] as const;

/** DELETE /users/{id}; on success the user leaves the local list (spec 7), and the persister saves it. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteUserKey,
    mutationFn: (id: string) => apiFetch<{ success: true }>(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_reply, id) =>
      queryClient.setQueryData(usersQuery.queryKey, (old: User[] | undefined) => old?.filter((u) => u._id !== id)),
  });
}

/** Ids being deleted right now, from any screen, so each row can show its own spinner. */
export function useDeletingUserIds(): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey: deleteUserKey, status: 'pending' },
    select: (m) => m.state.variables as string,
  });
  return new Set(ids);
}
