/** One-action-at-a-time lock: a second action waits until the first has finished. */
export class ActionLock {
  #tail: Promise<unknown> = Promise.resolve();
  #pending = 0;

  get busy(): boolean {
    return this.#pending > 0;
  }

  run<T>(fn: () => Promise<T>): Promise<T> {
    this.#pending++;
    const next = this.#tail.then(fn, fn);
    this.#tail = next.then(
      () => undefined,
      () => undefined,
    );
    return next.finally(() => {
      this.#pending--;
    });
  }
}
