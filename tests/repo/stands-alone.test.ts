import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands alone: no file points outside it (at a sibling folder of specifications, a contract
 * document or a specification's numbered sections that are not here) or at one machine's folders. docs/api.md
 * describes the API in the repository.
 */
const FORBIDDEN: { pattern: RegExp; why: string }[] = [
  { pattern: /\.\.\/shared\b/, why: 'a folder beside the repository, missing in every clone' },
  { pattern: /\/work\//, why: "one machine's folder" },
  { pattern: /\bAPI\.md\b/, why: 'a contract document outside the repository: the API is docs/api.md' },
  {
    pattern: /\bspec(ification)?( section)? [0-9]/i,
    why: 'a section number of a specification outside the repository: name the rule or a docs file',
  },
  { pattern: /(["'`(\s])\/(tmp|home|root)\//, why: "an absolute path of one machine's (use .tmp/ or os.tmpdir())" },
];

const tracked = () =>
  execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && !/\.(png|jpe?g|gif|webp|ico|woff2?)$/.test(file));

describe('the repository stands alone', () => {
  it('no tracked file points outside the repository or at a path of one machine', () => {
    const found: string[] = [];
    for (const file of tracked()) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const { pattern, why } of FORBIDDEN)
          if (pattern.test(line)) found.push(`${file}:${i + 1}: ${why}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(found).toEqual([]);
  });
});
