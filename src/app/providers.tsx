import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppToaster } from './shell/app-toaster';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';
import type { ReactNode } from 'react';

/** `env="test"` turns off Mantine's transitions and portals for component tests. */
export function Providers({
  queryClient,
  children,
  env,
}: {
  queryClient: QueryClient;
  children: ReactNode;
  env?: 'default' | 'test';
}) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="dark"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      env={env}
    >
      <QueryClientProvider client={queryClient}>
        {children}
        <AppToaster />
      </QueryClientProvider>
    </MantineProvider>
  );
}
