/**
 * Stand-in buy widgets for the local profile (dev fixtures, never served on mainnet): tiny pages that
 * speak each provider's postMessage protocol (spec 01 §4 "Buy widgets") so the buy flow runs offline and
 * end-to-end tests can drive it. They show what they were given and what the wallet answered, as text only.
 *
 * The pages are strings here rather than files so they ship with the server however it is built. Their
 * script is an external file because the app's CSP (and theirs) blocks inline scripts.
 */

/** Own CSP of the stand-in pages: their own script, inline styles, framed only by a loopback app. */
export const STAND_IN_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors http://127.0.0.1:* http://localhost:*',
].join('; ');

const page = (title: string, script: string, buttons: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title></head>
<body style="font-family: sans-serif; margin: 12px">
<h1 style="font-size: 16px">${title} (local stand-in)</h1>
<p>Address: <code id="address">(none yet)</code></p>
${buttons}
<p>Wallet answered: <code id="answer">(nothing yet)</code></p>
<ol id="log"></ol>
<script src="${script}"></script>
</body>
</html>
`;

/** Shared helpers of both stand-in scripts: logging as text, posting to the parent. */
const COMMON_JS = `
'use strict';
var $ = function (id) { return document.getElementById(id); };
function log(text) {
  var li = document.createElement('li');
  li.textContent = text;
  $('log').appendChild(li);
}
function show(id, text) { $(id).textContent = text; }
function send(message) {
  // The stand-in does not know the wallet's origin (no referrer is sent); the real widgets do.
  window.parent.postMessage(message, '*');
  log('sent ' + JSON.stringify(message));
}
function parse(data) {
  if (typeof data === 'string') {
    try { return JSON.parse(data); } catch (e) { return { event: data }; }
  }
  return data && typeof data === 'object' ? data : {};
}
`;

/** First provider: the receive address comes in the URL; 'trade.receive-account-changed' asks the wallet. */
const PRIMARY_JS = `${COMMON_JS}
var address = new URLSearchParams(location.search).get('address') || '';
show('address', address);
$('send-changed').addEventListener('click', function () {
  show('answer', 'waiting');
  send({ event: 'trade.receive-account-changed', data: { address: address } });
});
window.addEventListener('message', function (ev) {
  if (ev.source !== window.parent) return;
  var msg = parse(ev.data);
  log('received ' + JSON.stringify(msg));
  if (msg.event !== 'trade.receive-account-confirmed') return;
  var data = msg.data || {};
  show('answer', String(data.status) + ' ' + String(data.address));
});
`;

/** Second provider: waits for 'init' (currency, address, locale); 'needConfirmed' asks the wallet. */
const SECONDARY_JS = `${COMMON_JS}
var button = $('send-need');
button.disabled = true;
window.addEventListener('message', function (ev) {
  if (ev.source !== window.parent) return;
  var msg = parse(ev.data);
  log('received ' + JSON.stringify(msg));
  var data = msg.data || {};
  if (msg.event === 'init') {
    show('address', String(data.address));
    show('init', 'currency=' + String(data.currency) + ' locale=' + String(data.locale));
    button.disabled = false;
  } else if (msg.event === 'confirm-order') {
    show('answer', 'confirm-order ' + String(data.address));
  } else if (msg.event === 'cancel') {
    show('answer', 'cancel');
  }
});
button.addEventListener('click', function () {
  show('answer', 'waiting');
  send({ event: 'needConfirmed' });
});
`;

export const STAND_IN_FILES: Record<string, { type: string; body: string }> = {
  'primary.html': {
    type: 'text/html; charset=utf-8',
    body: page(
      'Buy provider 1',
      'primary.js',
      '<button id="send-changed" type="button">Send trade.receive-account-changed</button>',
    ),
  },
  'primary.js': { type: 'text/javascript; charset=utf-8', body: PRIMARY_JS },
  'secondary.html': {
    type: 'text/html; charset=utf-8',
    body: page(
      'Buy provider 2',
      'secondary.js',
      '<p>Init: <code id="init">(not initialised)</code></p>\n<button id="send-need" type="button">Send needConfirmed</button>',
    ),
  },
  'secondary.js': { type: 'text/javascript; charset=utf-8', body: SECONDARY_JS },
};
