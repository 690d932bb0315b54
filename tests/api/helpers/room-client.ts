import WebSocket from 'ws';
import { defaultBasePaths } from '../../../shared/api/bases';
import { endpoints } from '../../../shared/api/endpoints';
import type { ClientSignal, ServerSignal } from '../../../shared/contracts/visit-signals';

export const roomPath = `${defaultBasePaths.visit}/${endpoints.visitRoom.path}`;

/** A visit room connection as a browser makes it, recording what the server sends. */
export interface RoomClient {
  received: ServerSignal[];
  send(message: ClientSignal | Record<string, unknown> | string): void;
  /** The next message of a type (already received or still to come). */
  next<T extends ServerSignal['type']>(
    type: T,
    timeoutMs?: number,
  ): Promise<Extract<ServerSignal, { type: T }>>;
  closed: Promise<{ code: number }>;
  close(): void;
}

/** `visit` goes in the address (?visit=), as the apps send it for the proxy's routing. */
export async function openRoom(baseUrl: string, visit?: string): Promise<RoomClient> {
  const query = visit ? `?visit=${encodeURIComponent(visit)}` : '';
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${roomPath}${query}`);
  const received: ServerSignal[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    received.push(JSON.parse(data.toString()) as ServerSignal);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number }>((resolve) => {
    socket.on('close', (code) => {
      resolve({ code });
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const taken = new Set<number>();
  return {
    received,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    async next(type, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = received.findIndex((m, i) => m.type === type && !taken.has(i));
        if (index >= 0) {
          taken.add(index);
          return received[index] as never;
        }
        if (Date.now() > deadline || socket.readyState === WebSocket.CLOSED)
          throw new Error(`no ${type} message; got ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    closed,
    close: () => socket.close(),
  };
}
