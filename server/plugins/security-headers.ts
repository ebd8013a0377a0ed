import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import type { ServerConfig } from '../env.ts';

const originOf = (address: string) => new URL(address).origin;

/**
 * Security headers on every answer (helmet's defaults: nosniff, frame protection, HSTS, ...) with a
 * Content-Security-Policy the app and the identity pages pass: no inline script or style, wasm for
 * the detector's runtime, images from the image host, the identity provider in frames and fetches;
 * scripts may connect to the app and the identity provider only.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const self = "'self'";
  const provider = originOf(config.identity.authority ?? config.identity.url);
  const images = originOf(config.assetsBaseUrl);
  const own = [...new Set([self, originOf(config.publicUrl)])];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [self],
        baseUri: [self],
        objectSrc: ["'none'"],
        frameAncestors: [self],
        formAction: [...own, provider],
        scriptSrc: [self, "'wasm-unsafe-eval'"],
        styleSrc: [self],
        imgSrc: [self, 'data:', 'blob:', images],
        fontSrc: [self],
        // The app calls its own API and the identity provider (discovery, tokens); images are only
        // shown, never fetched, and the detector's model is served by the app (a debug model from
        // elsewhere is copied into the app's folder first).
        connectSrc: [...new Set([...own, provider])],
        frameSrc: [self, provider],
        workerSrc: [self, 'blob:'],
        manifestSrc: [self],
      },
    },
    // The embedded provider's pages open in the app's window; another site may not frame them.
    frameguard: { action: 'sameorigin' },
    crossOriginEmbedderPolicy: false,
  });
}
