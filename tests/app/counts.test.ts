import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/shared/messages';

const { count } = MESSAGES;

describe('counts under titles and on cards', () => {
  it('say one in the singular and group thousands at business size', () => {
    expect(count.enrollments(1)).toBe('1 enrollment');
    expect(count.enrollments(200000)).toBe('200,000 enrollments');
    expect(count.batches(1)).toBe('1 batch');
    expect(count.batches(12)).toBe('12 batches');
    expect(count.purchases(20000)).toBe('20,000 purchases');
    expect(count.pending(1500)).toBe('1,500 pending approval');
    expect(count.reviews(1)).toBe('(1 review)');
  });

  it('give the users shown out of all users only while a search narrows them', () => {
    expect(count.users(50000, 50000)).toBe('50,000 users');
    expect(count.users(1, 1)).toBe('1 user');
    expect(count.users(1200, 50000)).toBe('1,200 of 50,000 users');
  });
});
