import { describe, expect, it, vi } from 'vitest';
import { enrollmentsCsv } from '@/app/features/enrollments/csv';
import type { Enrollment } from '@/shared/schemas';
import { batches, enrollments } from '../mocks/fixtures';

// Dates are written in the admin's time zone: pin one before the formatters are built, so the text is exact.
vi.hoisted(() => {
  process.env.TZ = 'UTC';
});

const lines = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n');
const [ann, jose] = enrollments as [Enrollment, Enrollment];

describe('enrollments CSV', () => {
  it('has the spec columns in order', () => {
    expect(lines(enrollmentsCsv([], batches))[0]).toBe(
      'Name,Email,Phone,Paid Amount,Payment Method,Transaction ID,Course,Course Description,Approved,Approval Date,Enrollment Date,Batch',
    );
  });

  it('writes currency plus amount, Approved, en-US dates and the batch name', () => {
    const row = lines(enrollmentsCsv([ann], batches))[1];
    // A leading + is neutralised like a formula.
    expect(row).toBe(
      `Ann Lee,ann.lee@example.com,'+1 555 0101,USD 399.00,card,tx_1001,Full-Stack Web Development,From HTML to deployment.,Approved,11/2/2026,11/1/2026,Winter 2026`,
    );
  });

  it('falls back to N/A, USD, 0.00 and Pending, and uses the copied user details when the user is gone', () => {
    const row = lines(enrollmentsCsv([jose], batches))[1];
    expect(row).toBe(
      'José Álvarez,jose@example.es,N/A,USD 0.00,N/A,N/A,Full-Stack Web Development,From HTML to deployment.,Pending,N/A,3/5/2026,Spring 2026',
    );
  });

  it('keeps the amount with the default currency, two decimals, and N/A for an unknown or missing batch', () => {
    const e: Enrollment = { ...jose, amount: 12.5, currency: null, batchId: null };
    expect(lines(enrollmentsCsv([e], batches))[1]).toContain(',USD 12.50,');
    expect(lines(enrollmentsCsv([e], batches))[1]!.endsWith(',N/A')).toBe(true);
    const inEur: Enrollment = { ...ann, amount: 1234.5, currency: 'EUR', batchId: 'gone' };
    expect(lines(enrollmentsCsv([inEur], []))[1]).toMatch(/,EUR 1234\.50,.*,N\/A$/);
  });

  it('prefers the populated user and quotes cells with commas', () => {
    const e: Enrollment = {
      ...ann,
      userDetails: { name: 'Old Name', email: 'old@example.com', phone: null },
      courseDetails: { ...ann.courseDetails, description: 'HTML, CSS, "JS"' },
    };
    const row = lines(enrollmentsCsv([e], batches))[1]!;
    expect(row.startsWith('Ann Lee,ann.lee@example.com,')).toBe(true);
    expect(row).toContain(',"HTML, CSS, ""JS""",');
  });

  it('has one line per enrollment after the header, with a BOM', () => {
    const csv = enrollmentsCsv(enrollments, batches);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(lines(csv)).toHaveLength(enrollments.length + 2); // trailing CRLF
  });
});
