/**
 * Turns on the one analysis worker, shared fairly between accounts (issue 23): whoever holds the
 * worker gives it back after a slice, and the next turn goes to the next account in rotation, not
 * to the next run. An account that starts five runs, or sends a hostile file, gets one slice per
 * round like every other account, so another user's moderation waits at most one slice per busy
 * account. Pure (no timers): the worker calls acquire/release around its slices.
 */
export class FairTurns {
  /** Waiting turns per account, in arrival order. */
  private readonly waiting = new Map<string, Array<() => void>>();
  /** Accounts with a waiting turn, in the order they will be served. */
  private readonly rotation: string[] = [];
  private held = false;
  /** Account whose turn was given last and still has turns waiting (not yet back in rotation). */
  private served: string | null = null;

  /** Resolves when `account` holds the worker. */
  acquire(account: string): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(account);
      // Already waiting (in rotation, or about to be put back by release): one more turn in its line.
      if (queue) queue.push(resolve);
      else {
        this.waiting.set(account, [resolve]);
        this.rotation.push(account);
      }
    });
  }

  /** Gives the worker to the next account in rotation (one of its turns), or frees it. */
  release(): void {
    // The account served last goes back in line only now, behind whoever asked meanwhile.
    if (this.served !== null && this.waiting.has(this.served)) this.rotation.push(this.served);
    this.served = null;
    const account = this.rotation.shift();
    if (account === undefined) {
      this.held = false;
      return;
    }
    const queue = this.waiting.get(account)!;
    const next = queue.shift()!;
    if (queue.length > 0) this.served = account;
    else this.waiting.delete(account);
    next();
  }
}

/**
 * Pace function for one account's slices of work: after `budgetMs` of work it gives the turn
 * back, lets the event loop run (messages: acknowledgements, stops) and waits for its next turn.
 * The caller acquires the first turn and releases the last.
 */
export function fairPacer(
  turns: FairTurns,
  account: string,
  budgetMs: number,
  yieldToLoop: () => Promise<void>,
): () => Promise<void> | undefined {
  let sliceStart = performance.now();
  return () => {
    if (performance.now() - sliceStart < budgetMs) return undefined;
    turns.release();
    return yieldToLoop()
      .then(() => turns.acquire(account))
      .then(() => {
        sliceStart = performance.now();
      });
  };
}
