/**
 * jsdom lays nothing out and has no ResizeObserver: this one reports nothing until a test calls `reportSizes`,
 * as a browser's would after a layout.
 */
const observers = new Set<ResizeObserverStub>();

class ResizeObserverStub {
  readonly targets = new Set<Element>();
  constructor(private readonly callback: ResizeObserverCallback) {
    observers.add(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
    observers.delete(this);
  }
  report(height: (target: Element) => number) {
    const entries = [...this.targets].map((target) => {
      const size = { blockSize: height(target), inlineSize: 0 };
      return { target, borderBoxSize: [size], contentBoxSize: [size] } as unknown as ResizeObserverEntry;
    });
    if (entries.length) this.callback(entries, this as unknown as ResizeObserver);
  }
}

export function installResizeObserver() {
  window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
}

/** Every observer reports its targets at the heights `height` gives, as after a browser's layout. */
export function reportSizes(height: (target: Element) => number) {
  for (const observer of observers) observer.report(height);
}
