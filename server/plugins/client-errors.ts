import type { Socket } from 'node:net';
import type { ConnectionError } from 'fastify';
import { sendError } from './errors.ts';

interface Answer {
  status: number;
  message: string;
}

function answerFor(error: ConnectionError, maxHeaderSize: number): Answer {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'The request was not received in time' };
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, message: `The address and headers are larger than ${maxHeaderSize / 1024} KB` };
  }
  return { status: 400, message: 'The request is not valid HTTP' };
}

/**
 * Node answers faults of the connection itself (headers too large, a request not received in time,
 * bytes that are not HTTP) before Fastify sees a request; this writes those answers in the API's shape.
 */
export function clientErrorHandler(maxHeaderSize: number) {
  return (error: ConnectionError, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // A response already under way cannot take a second status line without corrupting it.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const { status, message } = answerFor(error, maxHeaderSize);
    const answer = sendError(status, message);
    const body = JSON.stringify(answer);
    const head = `HTTP/1.1 ${status} ${answer.error}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
    socket.end(head + body, () => socket.destroy());
  };
}
