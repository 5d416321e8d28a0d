/**
 * What the server answers a request Node could not parse (a header block over the limit, a malformed request line,
 * a client too slow): Fastify's default answer with its JSON body, except to HEAD, whose answer must not carry a body
 * (RFC 9110 §9.3.2). Fastify's default wrote the body to HEAD too, and a client then read those bytes as the start of
 * the next answer ('Parse Error: Expected HTTP/').
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError } from 'fastify';

const ANSWERS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'Client Timeout' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'Exceeded maximum allowed HTTP header size' },
};

export function clientErrorHandler(err: ConnectionError, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = ANSWERS[err.code ?? ''] ?? { status: 400, message: 'Client Error' };
  const label = http.STATUS_CODES[status] ?? 'Error';
  const body = JSON.stringify({ error: label, message, statusCode: status });
  // Node hands the bytes it read as a Buffer (Fastify's type says otherwise).
  const packet: unknown = err.rawPacket;
  const head = Buffer.isBuffer(packet) && packet.subarray(0, 5).toString('latin1') === 'HEAD ';
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${label}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json\r\nConnection: close\r\n\r\n${head ? '' : body}`,
    );
  socket.destroy(err);
}
