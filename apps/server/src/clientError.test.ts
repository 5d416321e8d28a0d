import net from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorHandler } from './clientError.js';

const app = Fastify({ clientErrorHandler });
let port = 0;
beforeAll(async () => {
  app.get('/x', async () => 'x');
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(() => app.close());

/** The raw bytes the server answers `request` with. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => s.write(request));
    let out = '';
    s.on('data', (d: Buffer) => (out += d.toString('latin1')));
    s.on('close', () => resolve(out));
    s.on('error', reject);
  });
}

describe('answers to requests Node cannot parse', () => {
  const long = `/api/;x?cursor=0&=${'a'.repeat(17_000)}`;

  it('HEAD with a header block over the limit: 431 with no body, so the client reads one whole answer', async () => {
    const answer = await raw(`HEAD ${long} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.startsWith('HTTP/1.1 431 Request Header Fields Too Large\r\n')).toBe(true);
    expect(answer.endsWith('\r\n\r\n')).toBe(true);
  });

  it('GET the same: 431 with the JSON body saying why', async () => {
    const answer = await raw(`GET ${long} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.startsWith('HTTP/1.1 431 ')).toBe(true);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ statusCode: 431 });
  });

  it('a malformed request line: 400 Client Error', async () => {
    const answer = await raw('NOT A REQUEST\r\n\r\n');
    expect(answer.startsWith('HTTP/1.1 400 Bad Request\r\n')).toBe(true);
    expect(answer).toContain('"message":"Client Error"');
  });
});
