import pg from 'pg';

/**
 * What a subscriber hears on a channel: each message, and whether delivery can be trusted.
 * `down` means messages may be lost from now on (the listening connection broke); `up` that
 * they flow again (after `down`, something may have been missed in between).
 */
export interface ChannelHandlers {
  message(payload: string): void;
  down(): void;
  up(): void;
}

export type Unsubscribe = () => Promise<void>;

const reconnectDelaysMs = [100, 250, 500, 1000, 2000];

/**
 * LISTEN on PostgreSQL over one dedicated connection (a pooled one would go back to the pool),
 * reconnecting with back-off when it breaks (a database restart): `down` at the break, `up`
 * once listening again.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ChannelHandlers,
): Promise<Unsubscribe> {
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    next.on('notification', (note) => {
      if (note.channel === channel) handlers.message(note.payload ?? '');
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    attempt = 0;
    handlers.up();
  };

  const lost = (which: pg.Client) => {
    if (closed || which !== client) return;
    client = null;
    handlers.down();
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const delay = reconnectDelaysMs[Math.min(attempt, reconnectDelaysMs.length - 1)] ?? 2000;
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch(() => scheduleReconnect());
    }, delay);
    retryTimer.unref();
  };

  await connect();
  return async () => {
    closed = true;
    if (retryTimer) clearTimeout(retryTimer);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}

/**
 * Channels over a pool of one connection to a single Postgres session (the embedded database):
 * that session hears its own NOTIFYs, on the connection that committed them, which is the
 * pool's only one. LISTEN is the session's, so it outlives a reconnect.
 */
export function oneSessionChannels(pool: pg.Pool) {
  const subscribers = new Map<string, Set<ChannelHandlers>>();
  pool.on('connect', (client) => {
    client.on('notification', (note) => {
      for (const handlers of subscribers.get(note.channel) ?? []) {
        handlers.message(note.payload ?? '');
      }
    });
  });
  return async (channel: string, handlers: ChannelHandlers): Promise<Unsubscribe> => {
    let channelSubscribers = subscribers.get(channel);
    if (!channelSubscribers) {
      channelSubscribers = new Set();
      subscribers.set(channel, channelSubscribers);
      await pool.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    }
    const own = channelSubscribers;
    own.add(handlers);
    handlers.up();
    return async () => {
      own.delete(handlers);
      if (own.size > 0 || subscribers.get(channel) !== own) return;
      subscribers.delete(channel);
      await pool.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    };
  };
}
