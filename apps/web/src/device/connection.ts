import type { ConnectionMethod } from '../state/session';

/** Filled in by the device layer (issue 3): opens the transport and runs spec 01 §4's connection steps. */
export async function runConnection(method: ConnectionMethod): Promise<void> {
  throw new Error(`connection over ${method} is not available in this build`);
}
