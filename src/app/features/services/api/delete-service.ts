import { useDeleteRow, usePendingIds } from '@/app/lib/list-writes';
import { API_ROUTES } from '@/shared/api-routes';
import { servicesQuery } from './get-services';

/** DELETE /services/{id}; on success the purchase leaves the local list. */
export const useDeleteService = () => useDeleteRow(servicesQuery, API_ROUTES.deleteService);

/** Purchases being deleted right now, from any screen. */
export const useDeletingServiceIds = () => usePendingIds([...servicesQuery.queryKey, 'delete']);
