import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/app/lib/api-client';
import { API_ROUTES } from '@/shared/api-routes';

export interface OpenApiOperation {
  tags: string[];
  summary: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
}
export interface OpenApiDocument {
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/**
 * The API description, fetched when the screen opens; kept on the device by the query persister
 * (lib/query-persister.ts), so the screen shows offline after a reload too.
 */
export const openApiQuery = queryOptions({
  queryKey: ['openapi'] as const,
  queryFn: ({ signal }) => apiCall<OpenApiDocument>(API_ROUTES.openapi, { signal }),
  staleTime: Infinity,
});
