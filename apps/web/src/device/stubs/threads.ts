/**
 * The SecuX SDK's USB MCU update runs its DFU transfer in a `threads` worker built by its own
 * bundler setup. This app performs MCU updates through the device layer instead, so the worker
 * path is replaced by an explicit error rather than silently shipping a broken worker.
 */
function unavailable(): never {
  throw new Error('USB MCU update through the SDK worker is not available in this build');
}
export const spawn = unavailable;
export const Thread = { terminate: unavailable };
export class Worker {
  constructor() {
    unavailable();
  }
}
