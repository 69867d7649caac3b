import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** ARCHITECTURE.md: imports go one way, and inside the PWA features do not import each other. */
const root = path.resolve(__dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [full] : [];
  });
}

/** Every relative import of every file under src, as paths relative to src. */
const imports = sourceFiles(root).flatMap((file) => {
  const from = path.relative(root, file);
  const specifiers = [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => m[1]!);
  return specifiers.map((spec) => ({ from, to: path.relative(root, path.resolve(path.dirname(file), spec)) }));
});

const area = (p: string) => p.split(path.sep)[0];
const feature = (p: string) => (p.startsWith(`app${path.sep}features${path.sep}`) ? p.split(path.sep)[2] : null);

describe('import boundaries', () => {
  it('reads the imports of the whole source tree', () => {
    expect(imports.length).toBeGreaterThan(300);
  });

  it('app and server never import each other, and shared imports neither', () => {
    const crossing = imports.filter(({ from, to }) => area(from) !== area(to) && area(to) !== 'shared').map(({ from, to }) => `${from} -> ${to}`);
    expect(crossing).toEqual([]);
  });

  it('a feature of the PWA never imports another feature', () => {
    const crossing = imports
      .filter(({ from, to }) => feature(from) && feature(to) && feature(from) !== feature(to))
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(crossing).toEqual([]);
  });
});
