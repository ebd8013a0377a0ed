import { request } from 'node:http';
import type { Plugin } from 'vite';

/** Set by the browser tests' global setup once the API listens; its port is only known then. */
export const testApiUrlVariable = 'CARD_LENS_TEST_API_URL';

/** Forwards API paths from the browser tests' Vite server to the real API the global setup started. */
export function forwardToTestApi(prefix: string): Plugin {
  return {
    name: 'forward-to-test-api',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const base = process.env[testApiUrlVariable];
        if (!base || !req.url?.startsWith(prefix)) return next();
        const upstream = request(new URL(req.url, base), { method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        upstream.on('error', (error) => {
          res.statusCode = 502;
          res.end(error.message);
        });
        req.pipe(upstream);
      });
    },
  };
}
