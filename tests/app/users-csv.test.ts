import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { downloadUsersCsv, userFileName, usersCsv } from '@/app/features/users/csv';
import { cleanFileName } from '@/app/lib/csv';
import type { User } from '@/shared/schemas';
import { users } from '../mocks/fixtures';

// "Account Created" is in the admin's own time zone; pin one so the expected text is exact.
const tz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'UTC';
});
afterAll(() => {
  process.env.TZ = tz;
});

const lines = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n');

describe('users CSV', () => {
  it('has the spec header, Yes/No, N/A for missing fields (as the enrollments CSV) and the en-US date-time', () => {
    const out = lines(usersCsv(users));
    expect(out[0]).toBe('Name,Email,Verified,Age,Occupation,Contact No,Interest,Past Experience,Account Created');
    // A leading + is neutralised like a formula.
    expect(out[1]).toBe(
      `Ann Lee,ann.lee@example.com,Yes,29,Designer,'+1 555 0101,UI/UX,Two years in agencies,"10/1/2026, 9:30:00 AM"`,
    );
    expect(out[2]).toBe('José Álvarez,jose@example.es,No,N/A,N/A,N/A,N/A,N/A,"9/12/2026, 2:00:00 PM"');
    expect(out).toHaveLength(users.length + 2); // trailing CRLF
  });

  it('starts with a BOM so accents survive Excel', () => {
    expect(usersCsv(users).charCodeAt(0)).toBe(0xfeff);
  });

  it('neutralises formulas and quotes commas and quotes', () => {
    const evil: User = {
      ...users[0]!,
      name: '=HYPERLINK("http://x")',
      occupation: 'Dev, "lead"',
      contactNo: '+44 7700 900123',
      interest: '@sum',
    };
    const row = lines(usersCsv([evil]))[1]!;
    expect(row.startsWith(`"'=HYPERLINK(""http://x"")"`)).toBe(true);
    expect(row).toContain(`"Dev, ""lead"""`);
    expect(row).toContain(`'+44 7700 900123`);
    expect(row).toContain(`'@sum`);
  });

  it('names the one-user file after the user', () => {
    expect(userFileName({ name: 'Ann Lee' })).toBe('User : Ann Lee.csv');
  });

  it('saves names clean: the colon of the file name as its look-alike ꞉, and _ for what a browser would refuse', () => {
    expect(cleanFileName('User : Ann Lee.csv')).toBe('User \uA789 Ann Lee.csv');
    expect(cleanFileName('Winter 2026 / "A|B"?.csv')).toBe('Winter 2026 _ _A_B_.csv');
  });

  it('with no users only logs "No user data available to download."', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const create = vi.spyOn(URL, 'createObjectURL');
    expect(downloadUsersCsv([], 'Users.csv')).toBe(false);
    expect(log).toHaveBeenCalledWith('No user data available to download.');
    expect(create).not.toHaveBeenCalled();
  });

  it('a large list is saved in slices that add up to exactly the same file', async () => {
    const many = Array.from({ length: 12_345 }, (_, i) => ({ ...users[i % users.length]!, name: `User ${i}` }));
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => ((saved = blob as Blob), 'blob:test'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    expect(downloadUsersCsv(many, 'Users.csv')).toBe(true);
    await vi.waitFor(() => expect(saved).toBeDefined());
    // Bytes, not text(): text() drops the byte-order mark, which the file must keep.
    expect(Buffer.from(await saved!.arrayBuffer()).equals(Buffer.from(usersCsv(many)))).toBe(true);
  });
});
