/** Writes src/app/route-tree.gen.ts from the file routes (as the Vite plugin does), so tsc can run before any build. */
import { Generator, getConfig } from '@tanstack/router-generator';
import { ROUTER_OPTIONS } from '@/app/router-options';

await new Generator({ config: getConfig({ target: 'react', ...ROUTER_OPTIONS }), root: process.cwd() }).run();
