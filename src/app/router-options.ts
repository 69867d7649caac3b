/** File-route settings shared by the Vite plugin and the type-check's generator. */
export const ROUTER_OPTIONS = {
  autoCodeSplitting: true,
  routesDirectory: './src/app/routes',
  generatedRouteTree: './src/app/route-tree.gen.ts',
} as const;
