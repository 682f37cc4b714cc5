// Requests Node's HTTP parser refuses before there is a request to route: a URL and headers over
// the server's header limit (431), a request too slow to arrive (408), chunk extensions too long
// (413), anything malformed (400). Answered like every other error: the contract's error body, the
// headers every answer carries, `Connection: close`; then the connection is closed in order, what
// the client still sends read and dropped. (Fastify's default answers `{ error, message,
// statusCode }` alone and destroys the socket: a client still sending its request sees a reset
// instead of the answer.)
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { errorCodeForStatus } from './error-codes.js';
import type { ErrorBody } from './errors.js';

/** How long a refused client may take to stop sending and close before the socket is destroyed. */
const CLOSE_GRACE_MS = 5000;

function refusal(code: string | undefined): { status: number; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        message: `The request's address and headers are longer than this server accepts (${Math.round(maxHeaderSize / 1024)} KB in all): shorten the address, or send fewer or shorter cookies.`,
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, message: 'The chunk extensions of the request body are too long.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'The request took too long to arrive.' };
    default:
      return { status: 400, message: 'The request is not valid HTTP.' };
  }
}

/**
 * Fastify's `clientErrorHandler`, answering with `headers` (those of every answer, see
 * `socketAnswerHeaders`).
 */
export function createClientErrorHandler(
  headers: Readonly<Record<string, string>>,
): (this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) => void {
  // Node reports the same refused request again for what arrives after it: answered once.
  const answered = new WeakSet<Socket>();
  return function clientErrorHandler(error, socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
    answered.add(socket);
    const { status, message } = refusal(error.code);
    this.log.debug({ err: error, status }, 'refused a request the HTTP parser could not read');
    // A keep-alive connection whose previous answer is being written gets nothing more on it.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const body: ErrorBody = { error: message, code: errorCodeForStatus(status) };
      const json = JSON.stringify(body);
      const lines = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(json)}`,
        `date: ${new Date().toUTCString()}`,
        'connection: close',
      ];
      socket.end(`${lines.join('\r\n')}\r\n\r\n${json}`);
    } else {
      socket.end();
    }
    // Read and drop the rest of the request: closing with unread data would reset the connection.
    socket.resume();
    setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
  };
}
