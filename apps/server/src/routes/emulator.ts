import type { FastifyInstance } from 'fastify';
import { configFromEnv, type EmulatorConfig } from '@secux-companion/emulator';
import type { AppDeps } from '../deps.js';

/** The emulator is offered by the local profile, or anywhere WALLET_EMULATOR_ENABLED=1 says so. */
export function emulatorEnabled(profile: string, env: NodeJS.ProcessEnv): boolean {
  if (env.WALLET_EMULATOR_ENABLED !== undefined)
    return /^(1|true|yes|on)$/i.test(env.WALLET_EMULATOR_ENABLED);
  return profile === 'local';
}

/**
 * GET /api/emulator/config: the emulator's starting configuration, read from WALLET_EMULATOR_*
 * (validated at start: a bad value stops the server with a clear message). 404 when disabled,
 * so a production server never hands out an emulator mnemonic.
 */
export function registerEmulatorRoutes(
  api: FastifyInstance,
  { config }: AppDeps,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const enabled = emulatorEnabled(config.profile, env);
  const emulatorConfig: EmulatorConfig = enabled ? configFromEnv(env) : {};
  api.get('/emulator/config', async (_req, reply) => {
    if (!enabled) return reply.status(404).send({ error: 'the emulator is not enabled on this server' });
    reply.header('cache-control', 'no-store');
    return { enabled: true, config: emulatorConfig };
  });
}
