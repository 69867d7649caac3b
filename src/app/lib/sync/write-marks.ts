import { watchWrites } from '@/app/lib/api-client';

/**
 * Where the copy stands, and the cursor held back for write replies (docs/sync.md, "Never a missed change").
 * A write's reply may be older than what pulls brought since the write was sent (another admin changed the row
 * after it committed), and a pull sent before the reply may bring the row as it was before: the reply goes in,
 * and the stored cursor goes back to where the copy stood when the write was sent, until a pull sent after the
 * reply has been applied from there. That pull brings the committed state of every row changed since.
 *
 * Nothing here reads a clock: a write's mark is kept from the moment its reply is in hand until a pull asked for
 * after that has ended well. Its reply goes into the copy in the task chain that received it (apiCall's callers
 * put it in as soon as it resolves), and a pull asked for later can only end after the network has answered it,
 * in a later task: so a reply always finds its mark, however slow or loaded the tab is.
 */

/** A place in the copy's history: `pos` counts the live pages applied (shared by the tabs), `cursor` is its cursor. */
export interface Mark {
  pos: number;
  cursor: string | null;
}

export class WriteMarks {
  /**
   * Pages applied: where the copy stands, in the order of its states. Stored with the copy's cursor and counted on
   * from there by a tab that opens from it, so the marks of every tab of the browser compare (a tab that counted
   * from 0 would take its own write for the oldest and move a hold past another's older write).
   */
  pos = 0;
  /** The cursor held back, and the tick it was last held at: a pull that began after it releases it. */
  private hold: (Mark & { tick: number }) | null = null;
  /** Writes whose reply is in hand, each with where the copy stood when it was sent, numbered as they came. */
  private answered: (Mark & { n: number })[] = [];
  /** Replies in hand so far. */
  private replies = 0;

  constructor(private readonly cursor: () => string | null) {}

  /** A write is sent now: the function returned is called once its reply is in hand. */
  readonly sent = () => {
    const { pos, cursor } = this.mark();
    return () => void this.answered.push({ pos, cursor, n: ++this.replies });
  };

  /** Marks each write this tab sends (apiCall tells), until the function returned is called. */
  watch() {
    watchWrites(this.sent);
    return () => watchWrites(null);
  }

  /**
   * A pull is asked for now. The function returned is called once it has ended well: the replies in hand now are
   * in the copy by then (each goes in in the task chain that received it), so their marks go.
   */
  pulling() {
    const upTo = this.replies;
    return () => {
      this.answered = this.answered.filter((a) => a.n > upTo);
    };
  }

  /** Where the copy stands: a delta from this cursor brings every change it may lack. */
  mark(): Mark {
    return { pos: this.hold?.pos ?? this.pos, cursor: this.hold ? this.hold.cursor : this.cursor() };
  }

  /** The oldest mark of the writes whose reply is in hand (and `others`): what a reply being applied now may predate. */
  oldest(others: readonly Mark[] = []): Mark {
    const { pos, cursor } = [...this.answered, ...others].reduce<Mark>((o, a) => (a.pos < o.pos ? a : o), this.mark());
    return { pos, cursor };
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
