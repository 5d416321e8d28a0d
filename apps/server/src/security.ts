import type { Config } from './config.js';

/**
 * RPC nodes a user adds for a custom EVM chain are called from the browser, never through our
 * server (which would otherwise become an open proxy). That is why connect-src deliberately
 * allows any https origin; the local profile also allows loopback nodes over plain http.
 */
export const USER_RPC_SOURCES: Record<Config['profile'], string[]> = {
  mainnet: ['https:'],
  local: ['https:', 'http://127.0.0.1:*', 'http://localhost:*'],
};

/** Content-Security-Policy for the web app and every API response. */
export function buildCsp(config: Config): string {
  const uniq = (xs: string[]) => [...new Set(xs)].join(' ');
  const frameAncestors = config.csp.frameAncestors.length ? uniq(config.csp.frameAncestors) : "'none'";
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    // Mantine/emotion inject style attributes at run time; scripts stay strict.
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', "'self' data: https:"],
    ['font-src', "'self' data:"],
    ['connect-src', uniq(["'self'", ...config.csp.extraConnectSrc, ...USER_RPC_SOURCES[config.profile]])],
    [
      'frame-src',
      // Both buy providers' widgets (in the local profile: the stand-ins on http://localhost:PORT).
      (() => {
        const frames = [
          ...config.buyWidget.frameOrigins,
          ...config.buyWidget2.frameOrigins,
          ...config.csp.extraFrameSrc,
        ];
        return frames.length ? uniq(frames) : "'none'";
      })(),
    ],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', frameAncestors],
  ];
  return directives.map(([k, v]) => `${k} ${v}`).join('; ');
}

/**
 * Permissions-Policy: the page may use what the wallet needs, on its own origin only — WebUSB and Web Bluetooth (the
 * device), the camera (QR scanning, send/QrScannerModal) and writing to the clipboard (copy buttons) — and every other
 * powerful feature is denied to it and to every frame it embeds (the buy widgets included).
 */
export const PERMISSIONS_ALLOWED_SELF = ['usb', 'bluetooth', 'camera', 'clipboard-write'] as const;
export const PERMISSIONS_DENIED = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'clipboard-read',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'otp-credentials',
  'payment',
  'picture-in-picture',
  'publickey-credentials-create',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'storage-access',
  'web-share',
  'window-management',
  'xr-spatial-tracking',
] as const;
export const PERMISSIONS_POLICY = [
  ...PERMISSIONS_ALLOWED_SELF.map((f) => `${f}=(self)`),
  ...PERMISSIONS_DENIED.map((f) => `${f}=()`),
].join(', ');

/** Headers sent on every response (HSTS is added per request when applicable). */
export function securityHeaders(config: Config): Record<string, string> {
  const h: Record<string, string> = {
    'content-security-policy': buildCsp(config),
    'permissions-policy': PERMISSIONS_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'x-permitted-cross-domain-policies': 'none',
  };
  if (!config.csp.frameAncestors.length) h['x-frame-options'] = 'DENY';
  return h;
}

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';
