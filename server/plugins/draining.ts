import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once the server has begun to close (SIGTERM): finishing, taking nothing new. */
    isDraining(): boolean;
  }
}

/**
 * A graceful drain behind a balancer. When closing begins the listening socket closes (new
 * connections go to another replica) and idle connections are dropped; a request already on
 * its way over a kept-alive connection is still served in full (not refused with a 503 a
 * balancer could not re-send), and its answer closes the connection.
 */
export function registerDraining(app: FastifyInstance) {
  let draining = false;
  app.decorate('isDraining', () => draining);
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
}
