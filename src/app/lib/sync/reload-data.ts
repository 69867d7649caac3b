import type { ReloadPhase, SyncState } from './sync-state';
import type { TabMessage } from './tab-channel';

/**
 * Reload Data in this browser (docs/sync.md): a full sync from the server into a staging copy, the current copy on
 * screen until it is whole (page-apply.ts swaps it in). Asked for in any tab, it is run by the leader, which tells
 * every tab where it stands (the state's `reload`) and its progress (its pages are not told until the swap).
 */
export class ReloadData {
  /** Reload Data asked for a full sync: the next page is asked for without a cursor. */
  private forceReset = false;
  /** Reload Data asked for in this tab (or asked of this leader), until it ends: asked again meanwhile, it is the same. */
  private reloading: Promise<void> | null = null;
  /** Where Reload Data stands in this browser: the leader's word, told to every tab. */
  private phase: ReloadPhase = null;
  /** The progress of the leader's staging copy, for a tab that joins. */
  private stagedProgress: SyncState['progress'] = null;

  constructor(
    private readonly setState: (s: Partial<SyncState>) => void,
    /** Tells the other tabs (tab-relay.ts). */
    private readonly post: (m: TabMessage) => void,
    /** A pull that begins from now (Pulls.pull). */
    private readonly pull: () => Promise<void>,
  ) {}

  /**
   * A full sync into a staging copy (this tab's Reload Data, or another tab's that asked this leader); asked for
   * again while one is under way, it is that one.
   */
  run(): Promise<void> {
    return (this.reloading ??= (async () => {
      try {
        this.forceReset = true;
        await this.pull();
      } finally {
        this.reloading = null;
      }
    })());
  }

  /** Whether the pull now starting is Reload Data's full sync (the pulls after it are not). */
  takeReset() {
    const reset = this.forceReset;
    this.forceReset = false;
    return reset;
  }

  /** A staging copy's progress: its pages are not told to the other tabs, so its progress is. */
  showProgress(progress: SyncState['progress']) {
    this.stagedProgress = progress;
    this.setState({ progress });
    this.post({ t: 'progress', progress });
  }

  /** Where Reload Data stands, here and in every tab. */
  tell(reload: ReloadPhase) {
    this.phase = reload;
    this.setState({ reload });
    this.post({ t: 'reload', reload });
  }

  /** The leader says where Reload Data stands. */
  heard(reload: ReloadPhase) {
    this.phase = reload;
    this.setState({ reload });
  }

  /** For a tab that joined: where Reload Data stands, and its progress. */
  retell() {
    this.post({ t: 'reload', reload: this.phase });
    if (this.phase === 'running') this.post({ t: 'progress', progress: this.stagedProgress });
  }

  /**
   * This tab has taken over: a Reload Data the old leader ran ended with it (its staging copy too). Unless this
   * tab asked for it (then it runs it now), none is under way.
   */
  leaderGone() {
    if (this.phase === 'running' && !this.reloading) {
      this.showProgress(null);
      this.tell(null);
    }
  }
}
