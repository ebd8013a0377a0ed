import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http-error.ts';
import type { TokenUser, TokenVerifier } from './token-verifier.ts';

declare module 'fastify' {
  interface FastifyRequest {
    tokenUser?: TokenUser;
  }
}

/** A pre-handler answering 401 unless the request carries a valid bearer token. */
export function requireUser(verify: TokenVerifier) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new HttpError(401, 'A bearer access token is required', { code: 'token_required' });
    request.tokenUser = await verify(match[1]!);
  };
}

export function signedInUser(request: FastifyRequest): TokenUser {
  if (!request.tokenUser) throw new HttpError(401, 'A bearer access token is required', { code: 'token_required' });
  return request.tokenUser;
}
