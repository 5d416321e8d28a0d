/**
 * Decoding of the SDK's signing payloads and the per-chain signing rules of the emulated device.
 * The pieces are in sign/: the payload and its types (payload.ts), the signature forms (primitives.ts), ETH and the
 * BTC family (eth.ts, utxo.ts), and the planner of each kind of command (plan.ts); this module gathers them.
 */
import { readUintLE } from './bytes.js';

export {
  Curve,
  DataError,
  INS_SIGN_MESSAGE,
  INS_SIGN_TX,
  INS_SIGN_TX_RAW,
  INS_SIGN_TYPED,
  parseSignPayload,
  type SignEntry,
  type SignPlan,
} from './sign/payload.js';
export { planSignature } from './sign/plan.js';

export { readUintLE };
