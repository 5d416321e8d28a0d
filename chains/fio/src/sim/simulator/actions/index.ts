/** Every contract action the simulator executes, by its name (one module per action). */
import type { Action } from './action.js';
import { addaddress, remaddress } from './addaddress.js';
import { addbundles } from './addbundles.js';
import { newfundsreq } from './newfundsreq.js';
import { recordobt } from './recordobt.js';
import { regaddress } from './regaddress.js';
import { regdomain } from './regdomain.js';
import { cancelfndreq, rejectfndreq } from './rejectfndreq.js';
import { renewdomain } from './renewdomain.js';
import { stakefio } from './stakefio.js';
import { trnsfiopubky } from './trnsfiopubky.js';
import { unstakefio } from './unstakefio.js';
import { voteproxy } from './voteproxy.js';
import { xferdomain } from './xferdomain.js';

export const ACTIONS: Readonly<Record<string, Action>> = {
  trnsfiopubky,
  regdomain,
  regaddress,
  renewdomain,
  xferdomain,
  addbundles,
  addaddress,
  remaddress,
  newfundsreq,
  rejectfndreq,
  cancelfndreq,
  recordobt,
  stakefio,
  unstakefio,
  voteproxy,
};

export type { ActionResult } from './action.js';
