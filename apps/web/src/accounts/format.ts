/** The display formatting lives in lib/format.ts; this re-export serves the FIO folders until they import it from there. */
export * from '@secux-companion/web-kit/lib/format';
