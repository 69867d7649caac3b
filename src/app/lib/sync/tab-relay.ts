import { ApiError } from '@/app/lib/api-client';
import { STORAGE_KEYS } from '@/shared/constants';
import { SYNC_LISTS, type SyncList } from '@/shared/sync-lists';
import { LeaderWatch } from './leader-watch';
import { applyPage } from './page-apply';
import { openTabChannel, pullError, type PullError, type TabChannel, type TabMessage } from './tab-channel';
import { packedCopy } from './tab-copy';
import { nextTask } from './tasks';
import type { SyncRows } from './list-codecs';
import type { PackedText } from './page-packing';
import type { SyncSession } from './sync-session';
import type { Mark } from './write-marks';

type Local = Extract<TabMessage, { t: 'local' }>;

const emptyTexts = () =>
  Object.fromEntries(SYNC_LISTS.map((l) => [l, []])) as unknown as Record<SyncList, PackedText[]>;

/**
 * The tabs' side of the sync (docs/sync.md, "One stream per browser"). The leader tells every change it makes to
 * the copy, in the order it makes them; a follower applies them in that order, so it holds what the leader holds.
 * A follower's write reply shows in it at once and goes to the leader, which puts it in and echoes it; until the
 * echo, the leader's older news of those rows is not applied (it was made before the reply went in).
 */
export class TabRelay {
  private readonly channel: TabChannel | null;
  /** Messages are handled one after another, once the copy is in memory. */
  private inbox: Promise<void> = Promise.resolve();
  /** Rows of this tab's write replies the leader has not echoed yet, by row id: the message they went in. */
  private pending = new Map<string, string>();
  /** This tab's write replies not echoed yet, sent again to a new leader. */
  private sent = new Map<string, Local>();
  /** Pulls this tab asked the leader for. */
  private asked = new Map<string, { resync: boolean; done: (error: PullError | 'lead' | null) => void }>();

  /**
   * This follower's join, until the leader's whole copy comes: changes the leader told before this tab listened
   * may not be stored on the device yet, so the copy read from it may lack them.
   */
  private joining: string | null = null;
  /**
   * Leading since its start (it took the free lock): every other tab of this admin has joined since, so the followers
   * it heard join and not leave are all there are. A tab that took over does not know its followers.
   */
  private ledFromStart = false;
  /** The followers that joined this leader and have not left (their join ids). */
  private readonly followers = new Set<string>();
  /** This follower's join, once asked: it says it leaves under the same id. */
  private joinedAs: string | null = null;
  private readonly onPageHide = (e: PageTransitionEvent) => {
    if (!e.persisted) this.leave();
  };
  /** Messages waiting behind a whole copy being packed (and the copy's parts, once packed). */
  private outbox: (TabMessage | Promise<TabMessage[]>)[] = [];
  /**
   * The texts of the whole copies being told, by copy and list, until a `swap` takes its own: a leader that closes
   * mid-copy leaves parts behind, and the next leader's copy for the same join must not be read with them.
   */
  private incoming = new Map<string, Record<SyncList, PackedText[]>>();
  /** This tab, as it names itself when it starts to lead. */
  readonly id = crypto.randomUUID();
  /** A follower's watch on the leader's silence. */
  private readonly watch: LeaderWatch | null;

  constructor(
    private readonly s: SyncSession,
    adminId: string,
    shared: boolean,
  ) {
    this.channel = shared ? openTabChannel(adminId, (m) => this.receive(m)) : null;
    if (this.channel) window.addEventListener('pagehide', this.onPageHide);
    void s.whole.promise.then(() => {
      if (!this.channel || s.isLeader || !s.alive) return;
      this.joining = this.joinedAs = crypto.randomUUID();
      this.post({ t: 'join', id: this.joining });
    });
    this.watch = this.channel ? new LeaderWatch(s, () => this.channel?.post({ t: 'ping' })) : null;
  }

  /** This tab has just been granted the lead: the others stop any steal, and a leader that was silent steps down. */
  announce() {
    this.post({ t: 'leading', id: this.id });
  }

  /**
   * This tab led without knowing it no longer did (its lock was taken while it was frozen): it may have missed what
   * the new leader told, so it asks for its whole copy, as a tab that opens does.
   */
  rejoin() {
    if (!this.channel || !this.s.alive) return;
    this.watch?.heardLeader();
    this.joining = this.joinedAs = crypto.randomUUID();
    this.incoming.clear();
    this.post({ t: 'join', id: this.joining });
  }

  /**
   * Tells the other tabs, in order: a message told while a whole copy is being packed (sendCopy) waits behind it, so
   * every tab applies the changes made after the copy was taken after the copy.
   */
  post(m: TabMessage) {
    if (this.outbox.length > 0) this.outbox.push(m);
    else this.channel?.post(m);
  }

  /** The whole copy as it stands now (packed a slice per task), for every tab or for the one that joined (`to`). */
  sendCopy(to: string | null) {
    if (!this.channel || (to === null && !this.heard)) return;
    this.outbox.push(packedCopy(this.s, to));
    if (this.outbox.length === 1) void this.flush();
  }

  private async flush() {
    while (this.outbox.length > 0) {
      const next = this.outbox[0]!;
      if (next instanceof Promise) {
        const parts = await next.catch((err: unknown) => {
          console.warn('The copy could not be told to the other tabs', err);
          return [];
        });
        for (const part of parts) {
          this.channel?.post(part);
          await nextTask();
        }
      } else this.channel?.post(next);
      this.outbox.shift();
    }
  }

  close() {
    this.leave();
    window.removeEventListener('pagehide', this.onPageHide);
    this.watch?.stop();
    this.channel?.close();
  }

  /** A follower that goes says so: a leader left alone stops telling its pages. */
  private leave() {
    if (this.joinedAs && !this.s.isLeader) this.channel?.post({ t: 'leave', id: this.joinedAs });
  }

  /** This tab took the lock at its start: it leads a follower only once one joins. */
  ledAtStart() {
    this.ledFromStart = true;
  }

  /**
   * Whether another tab may be listening: pages are told only then (a structured clone of a page's texts took 90 to
   * 360 ms of a first sync's tasks at scale, in a profile with the one tab).
   */
  get heard() {
    return !this.ledFromStart || this.followers.size > 0;
  }

  /** A page the leader applied, told if another tab may listen. */
  postPage(m: Extract<TabMessage, { t: 'page' }>) {
    if (this.heard) this.post(m);
  }

  /** Every message received so far has been handled. */
  drained() {
    return this.inbox;
  }

  private receive(m: TabMessage) {
    // Whether the leader is there is answered at once, not after the messages before it are applied, nor behind a
    // whole copy being told (the outbox): a leader telling its copy to seven tabs that opened at once answered a
    // ping 1.6 s late so. Ping and pong tell nothing to keep in order.
    this.watch?.heardFrom(m);
    if (m.t === 'ping') {
      if (this.s.isLeader) this.channel?.post({ t: 'pong' });
      return;
    }
    if (m.t === 'pong') return;
    if (m.t === 'leading') {
      this.watch?.heardLeader();
      if (m.id !== this.id) this.s.leadsElsewhere();
      return;
    }
    this.inbox = this.inbox
      .then(() => this.handle(m))
      .catch((err: unknown) => console.warn('A message from another tab could not be applied', err));
  }

  private async handle(m: TabMessage) {
    await this.s.whole.promise;
    if (!this.s.alive) return;
    const leading = this.s.isLeader;
    if (m.t === 'pulled') return this.asked.get(m.id)?.done(m.error);
    if (m.t === 'lead') return this.resend();
    if (leading) {
      if (m.t === 'leave') this.followers.delete(m.id);
      if (m.t === 'join') {
        this.followers.add(m.id);
        this.sendCopy(m.id);
        this.s.reload.retell();
      }
      if (m.t === 'focus') this.s.heardFocus(m.lists);
      if (m.t === 'local') this.s.writes.putReply(m.list, m.upserts as never[], m.deletes, [m.mark], m.id);
      if (m.t === 'pull')
        void (m.resync ? this.s.reload.run() : this.s.pull()).then(
          () => this.post({ t: 'pulled', id: m.id, error: null }),
          (err: unknown) => this.post({ t: 'pulled', id: m.id, error: pullError(err) }),
        );
      return;
    }
    if (m.t === 'page') {
      const skipped = new Set(m.skipped);
      await applyPage(this.s, m.reply, {
        stage: false,
        fresh: (id) => !skipped.has(id) && !this.pending.has(id),
        stored: () => m.cursor,
        commit: () => this.s.marks.follow(m.pos),
      });
      this.s.setState({ progress: m.reply.hasMore && m.reply.progress ? m.reply.progress : null });
    }
    if (m.t === 'progress') this.s.setState({ progress: m.progress });
    if (m.t === 'reload') this.s.reload.heard(m.reload);
    const forMe = (m.t === 'copy' || m.t === 'swap') && (m.to === null || m.to === this.joining);
    if (m.t === 'copy' && forMe) {
      const texts = this.incoming.get(m.copy) ?? emptyTexts();
      this.incoming.set(m.copy, texts);
      texts[m.list].push(...m.texts);
    }
    if (m.t === 'swap' && forMe) {
      this.joining = null;
      const texts = this.incoming.get(m.copy) ?? emptyTexts();
      this.incoming.clear();
      await this.s.replaceAll(texts, m.meta);
      this.s.marks.follow(m.pos);
    }
    if (m.t === 'applied') {
      if (m.echo) this.echoed(m.echo);
      const mine = (id: string) => this.pending.has(id);
      const upserts = (m.upserts as SyncRows[SyncList][]).filter((r) => !mine(r._id));
      this.s.putIn(
        m.list,
        upserts as never[],
        m.deletes.filter((id) => !mine(id)),
      );
      this.s.meta = { ...this.s.meta, cursor: m.cursor };
      this.s.marks.follow(m.pos);
    }
  }

  /** A follower's write reply, shown here already, for the leader to put in. */
  sendLocal<L extends SyncList>(list: L, upserts: readonly SyncRows[L][], deletes: readonly string[], mark: Mark) {
    const id = crypto.randomUUID();
    const local: Local = { t: 'local', id, list, upserts: [...upserts], deletes: [...deletes], mark };
    for (const r of upserts) this.pending.set(r._id, id);
    for (const d of deletes) this.pending.set(d, id);
    this.sent.set(id, local);
    this.post(local);
  }

  private echoed(id: string) {
    this.sent.delete(id);
    for (const [row, by] of this.pending) if (by === id) this.pending.delete(row);
  }

  /**
   * A pull by the leader (a resync: Reload Data); resolves once its changes are applied here, or with 'lead' once
   * this tab leads (then it pulls itself).
   */
  ask(resync: boolean): Promise<'pulled' | 'lead'> {
    const id = crypto.randomUUID();
    return new Promise((resolve, reject) => {
      this.asked.set(id, {
        resync,
        done: (error) => {
          this.asked.delete(id);
          if (error === 'lead' || !error) return resolve(error ?? 'pulled');
          const token = localStorage.getItem(STORAGE_KEYS.authToken);
          reject(new ApiError(error.kind, error.status, error.body, error.message, token));
        },
      });
      this.post({ t: 'pull', id, resync });
    });
  }

  /** A new leader: it may not have had this tab's replies and requests. */
  private resend() {
    if (this.joining) this.post({ t: 'join', id: this.joining });
    this.s.tellFocus();
    for (const local of this.sent.values()) this.post(local);
    for (const [id, { resync }] of this.asked) this.post({ t: 'pull', id, resync });
  }

  /** This tab leads now: its unechoed replies are in its copy already, its requests are its own pulls. */
  becameLeader() {
    this.ledFromStart = false;
    this.joining = null;
    this.incoming.clear();
    const held = [...this.sent.values()];
    this.sent.clear();
    this.pending.clear();
    for (const local of held) this.s.writes.putReply(local.list, local.upserts as never[], local.deletes, [local.mark]);
    for (const { done } of this.asked.values()) done('lead');
    this.post({ t: 'lead' });
  }
}
