/** A success reply whose message the PWA shows as a toast (docs/api.md: showMessage). */
export const toast = <T>(message: string, data?: T) => ({
  success: true as const,
  message,
  showMessage: true as const,
  ...(data === undefined ? {} : { data }),
});
