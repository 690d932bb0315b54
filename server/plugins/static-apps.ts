import { existsSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { homePageHtml } from '../modules/web-shell/home-page';
import { atEndOfHead, pageHtml } from '../modules/web-shell/page-preloads';
import type { PageStorefront } from '../modules/web-shell/page-storefront';

/** Hashed build assets never change under their name; index.html must always be fresh. */
const immutable = 'public, max-age=31536000, immutable';

/**
 * Serves the built browser apps: the patient SPA at `/` and the staff console at `/console/`.
 * A path without a file extension that matches no file is a client-side route and gets the
 * app's index.html; `/api/...` paths never fall back (they keep the JSON 404). The home page's
 * index.html carries the top of the page (web-shell), drawn in the storefront's theme; every
 * other page's links the chunks of its page (page-preloads.ts); each carries the storefront's
 * public config, and the home page its catalog (embedded-data-tag.ts). When the storefront
 * cannot be read, the pages come without them (the home page as it is built), and the app asks.
 */
export async function registerStaticApps(
  app: FastifyInstance,
  config: AppConfig,
  storefront: (home: boolean) => Promise<PageStorefront | null>,
) {
  const webDir = resolve(config.staticApps.webDir);
  const consoleDir = resolve(config.staticApps.consoleDir);
  // Our own Cache-Control below: hashed assets immutable, everything else revalidated. The
  // build writes brotli and gzip copies (deploy/precompress-assets.ts): each file goes out in
  // the best encoding the browser accepts, with `Vary: accept-encoding`.
  await app.register(fastifyStatic, {
    root: webDir,
    serve: false,
    cacheControl: false,
    preCompressed: true,
  });

  const serveFrom =
    (root: string, prefix: string) => async (request: FastifyRequest, reply: FastifyReply) => {
      const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
      const relative = path.slice(prefix.length).replace(/^\/+/, '');
      // Dot folders (the build's `.vite/manifest.json`) are the server's to read, not to serve.
      const parts = relative.split('/');
      if (path.startsWith('/api/') || parts.some((part) => part.startsWith('.'))) {
        return reply.callNotFound();
      }
      if (relative && existsSync(resolve(root, relative)) && extname(relative)) {
        const cacheControl = relative.startsWith('assets/') ? immutable : 'no-cache';
        return reply.header('cache-control', cacheControl).sendFile(relative, root);
      }
      if (extname(relative)) return reply.callNotFound();
      if (!existsSync(resolve(root, 'index.html'))) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('This app is not built yet: run `npm run build:ui` (npm start does it for you).');
      }
      reply.header('cache-control', 'no-cache');
      if (root === webDir) {
        const home = relative === '';
        const drawnWith = await storefront(home).catch(() => null);
        // A build that cannot be read this way still serves its index.html as it is.
        const html = await webPageHtml(root, home ? null : path, drawnWith);
        if (html) {
          const page = drawnWith
            ? atEndOfHead(html, drawnWith.configTag + drawnWith.catalogTag)
            : html;
          return reply.type('text/html; charset=utf-8').send(page);
        }
      }
      return reply.sendFile('index.html', root);
    };

  const publicRoute = { config: { access: ['public'] as const } };
  app.get('/console', publicRoute, (_request, reply) => reply.redirect('/console/', 301));
  app.get('/console/*', publicRoute, serveFrom(consoleDir, '/console/'));
  app.get('/', publicRoute, serveFrom(webDir, '/'));
  app.get('/*', publicRoute, serveFrom(webDir, '/'));
}

/** The home page (path null) drawn in the storefront's theme, or another page with its links. */
function webPageHtml(
  webDir: string,
  path: string | null,
  drawnWith: PageStorefront | null,
): Promise<string | null> {
  const html =
    path === null
      ? drawnWith
        ? homePageHtml(webDir, drawnWith.theme)
        : Promise.resolve(null)
      : pageHtml(webDir, path);
  return html.catch(() => null);
}
