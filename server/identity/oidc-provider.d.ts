// The parts of oidc-provider (which ships no types) that the embedded identity provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[] };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
  }

  export interface KoaContextWithOidc {
    body: unknown;
    type: string;
    host: string;
    query: Record<string, unknown>;
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      params?: Record<string, unknown>;
      provider: Provider;
    };
  }

  /** What a Koa middleware added with `use` reads and sets. */
  export interface KoaMiddlewareContext {
    request: { originalUrl: string };
    path: string;
    response: { get(field: string): string };
    set(field: string, value: string): void;
  }

  export class Grant {
    constructor(init: { clientId: string; accountId: string });
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
    static find(id: string): Promise<Grant | undefined>;
  }

  export interface ProviderSession {
    accountId?: string;
  }

  export default class Provider {
    Session: { get(ctx: unknown): Promise<ProviderSession> };
    createContext(req: IncomingMessage, res: ServerResponse): unknown;
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): void;
    /** Adds a Koa middleware that runs before the provider's own. */
    use(middleware: (ctx: KoaMiddlewareContext, next: () => Promise<void>) => Promise<void>): this;
  }
}
