import Fastify from 'fastify';

// The reference: a bare Fastify hello-world, measured in the same run as our app (DESIGN §7).
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ ready: new URL(address).port });
