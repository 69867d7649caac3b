import { useDeleteRow, usePendingIds } from '@/app/lib/list-writes';
import { API_ROUTES } from '@/shared/api-routes';
import { usersQuery } from './get-users';

/** DELETE /users/{id}; on success the user leaves the local list. */
export const useDeleteUser = () => useDeleteRow(usersQuery, API_ROUTES.deleteUser);

/** Users being deleted right now, from any screen. */
export const useDeletingUserIds = () => usePendingIds([...usersQuery.queryKey, 'delete']);
