import { watchWrites } from '@/app/lib/api-client';

/**
 * Where the copy stands, and the cursor held back for write replies (docs/sync.md, "Never a missed change").
 * A write's reply may be older than what pulls brought since the write was sent (another admin changed the row
 * after it committed), and a pull sent before the reply may bring the row as it was before: the reply goes in,
 * and the stored cursor goes back to where the copy stood when the write was sent, until a pull sent after the
 * reply has been applied from there. That pull brings the committed state of every row changed since.
 */

/** A place in the copy's history: `pos` counts the live pages applied (shared by the tabs), `cursor` is its cursor. */
export interface Mark {
  pos: number;
  cursor: string | null;
}

/**
 * A write's reply goes into the copy in the task chain that received it: its mark (where the copy stood when it
 * was sent) is kept this long, far longer than that.
 */
const WRITE_REPLY_GRACE_MS = 10_000;

export class WriteMarks {
  /** Live pages applied: where the copy stands, in the order of its states. */
  pos = 0;
  /** The cursor held back, and the tick it was last held at: a pull that began after it releases it. */
  private hold: (Mark & { tick: number }) | null = null;
  /** Writes answered lately, each with where the copy stood when it was sent. */
  private answered: (Mark & { at: number })[] = [];

  constructor(private readonly cursor: () => string | null) {}

  /** A write is sent now: the function returned is called once its reply is in hand. */
  readonly sent = () => {
    const sent = this.mark();
    return () => void this.answered.push({ ...sent, at: Date.now() });
  };

  /** Marks each write this tab sends (apiFetch tells), until the function returned is called. */
  watch() {
    watchWrites(this.sent);
    return () => watchWrites(null);
  }

  /** Where the copy stands: a delta from this cursor brings every change it may lack. */
  mark(): Mark {
    return { pos: this.hold?.pos ?? this.pos, cursor: this.hold ? this.hold.cursor : this.cursor() };
  }

  /** The oldest mark of the writes answered lately (and `others`): what a reply being applied now may predate. */
  oldest(others: readonly Mark[] = []): Mark {
    const now = Date.now();
    this.answered = this.answered.filter((a) => now - a.at < WRITE_REPLY_GRACE_MS);
    return [...this.answered, ...others].reduce<Mark>((o, a) => (a.pos < o.pos ? a : o), this.mark());
  }

  /** A reply goes in at `tick`: the cursor is held at the oldest mark until a pull that begins after it. */
  holdAt(mark: Mark, tick: number) {
    const held = this.hold && this.hold.pos <= mark.pos ? this.hold : mark;
    this.hold = { pos: held.pos, cursor: held.cursor, tick };
    return held.cursor;
  }

  /** A live page of a pull that began at `start` was applied: the cursor to store (held, or the page's). */
  advance(cursor: string, start: number): string {
    this.pos++;
    if (this.hold && start > this.hold.tick) this.hold = null;
    return this.hold ? (this.hold.cursor ?? cursor) : cursor;
  }

  /** A page another tab applied: its position and stored cursor are this copy's too. */
  follow(pos: number) {
    this.pos = pos;
    this.hold = null;
  }
}
