/**
 * One turn at a time per key, within this process: the holds of one slot queue here before they count its places,
 * so under a rush the requests after the slot fills see it full and are refused with one count, instead of every
 * request counting before the first hold commits and then each opening a transaction to be refused inside it
 * (issue 17). Correctness never rests on this: other processes have their own turns, and holdSlot settles each
 * hold under the slot's lock row in the database. Keys are dropped once their last turn ends.
 */
export class Turns {
  readonly #tails = new Map<string, Promise<unknown>>();

  /** Runs `work` once every earlier turn of `key` has ended (however it ended); answers what `work` answers. */
  take<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.#tails.get(key) ?? Promise.resolve();
    const mine = before.then(work, work);
    const tail = mine.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return mine;
  }

  /** Keys with a turn running or waiting (for tests). */
  get size(): number {
    return this.#tails.size;
  }
}
