import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * No file in src is over MAX_LINES lines: one that grows past it holds more than one job, and is split by job
 * (docs/architecture.md). Tables are the exceptions: the Drizzle schema, seed data, migrations, the texts people
 * read, and the API's routes.
 */
const MAX_LINES = 350;

const TABLES: { pattern: RegExp; what: string }[] = [
  { pattern: /^src\/server\/db\/schema\.ts$/, what: 'the Drizzle schema' },
  { pattern: /^src\/server\/db\/seed\//, what: 'seed data' },
  { pattern: /^src\/server\/db\/migrations\//, what: 'migrations' },
  { pattern: /^src\/shared\/messages\//, what: 'the texts people read' },
  { pattern: /^src\/shared\/api-(contract|routes)\.ts$/, what: "the API's routes" },
];

/** The files of src as git sees them: tracked, and new ones not ignored (a generated file is ignored). */
const sourceFiles = () =>
  execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', 'src'], { encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && !/\.(png|jpe?g|gif|webp|ico|woff2?)$/.test(file));

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('files in src', () => {
  it(`are at most ${MAX_LINES} lines, tables apart`, () => {
    const over: string[] = [];
    for (const file of sourceFiles()) {
      if (TABLES.some(({ pattern }) => pattern.test(file))) continue;
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue; // listed by git but deleted in the work tree
      }
      const lines = lineCount(text);
      if (lines > MAX_LINES) over.push(`${file}: ${lines} lines`);
    }
    expect(over).toEqual([]);
  });

  it('each exception still matches a file', () => {
    const files = sourceFiles();
    const unused = TABLES.filter(({ pattern }) => !files.some((f) => pattern.test(f))).map(({ what }) => what);
    expect(unused).toEqual([]);
  });
});
