import type { WebSocket } from 'ws';
import {
  type ClientSignal,
  clientSignal,
  ROOM_BAD_MESSAGE,
  ROOM_REFUSED,
  type ServerSignal,
} from '../../../shared/contracts/visit-signals';
import { isAppError } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { AppDeps } from '../../deps';
import type { ContextLog } from '../auth/request-context';
import { iceServersFor } from './ice-servers';
import { admitToRoom } from './room-admission';
import type { RoomMember, VisitRooms } from './visit-rooms';

/** A connection must say who it is this soon after opening. */
const JOIN_TIMEOUT_MS = 10_000;
/** More messages than this in a second closes the connection (a call needs a few dozen). */
const MESSAGES_PER_SECOND = 100;

interface Origin {
  ip: string | null;
  requestId: string | null;
  log: ContextLog;
  /** The visit the socket's address names (?visit=), which the proxy routed by. */
  addressedVisit: string | null;
}

/**
 * One person's WebSocket to a visit room. The first message must be `join` (with the token,
 * since a browser cannot set headers on a WebSocket); after admission every message is bound
 * to that room: one naming another visit is dropped, one that cannot be read closes the
 * connection. The server only passes descriptions and candidates between the two browsers.
 */
export function serveRoomConnection(
  socket: WebSocket,
  deps: AppDeps,
  rooms: VisitRooms,
  origin: Origin,
): void {
  let room: { visitId: string; role: 'patient' | 'doctor'; member: RoomMember } | null = null;
  let joining = false;
  let windowStart = Date.now();
  let inWindow = 0;

  const send = (message: ServerSignal) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const refuse = (message: string) => {
    send({ type: 'refused', message });
    socket.close(ROOM_REFUSED, 'refused');
  };
  const joinTimer = setTimeout(() => {
    if (!room) refuse(messages.visitSignInAgain);
  }, JOIN_TIMEOUT_MS);

  socket.on('message', (raw, isBinary) => {
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      inWindow = 0;
    }
    inWindow += 1;
    if (inWindow > MESSAGES_PER_SECOND || isBinary) {
      socket.close(ROOM_BAD_MESSAGE, 'too many messages');
      return;
    }
    const parsed = clientSignal.safeParse(parseJson(raw.toString()));
    if (!parsed.success) {
      socket.close(ROOM_BAD_MESSAGE, 'unreadable message');
      return;
    }
    const message = parsed.data;
    if (message.type === 'join') {
      if (room || joining) return;
      // Joining another visit than the address says would bypass the proxy's routing.
      if (origin.addressedVisit !== null && origin.addressedVisit !== message.visitId) {
        refuse(messages.visitRoomRefused);
        return;
      }
      joining = true;
      void join(message);
      return;
    }
    // Before admission, or naming another room: dropped.
    if (!room || message.visitId !== room.visitId) return;
    handleInRoom(message);
  });

  socket.on('close', () => {
    clearTimeout(joinTimer);
    if (room) rooms.leave(room.visitId, room.role, room.member);
    room = null;
  });
  socket.on('error', (error) => origin.log.warn({ err: error }, 'visit room socket error'));

  async function join(message: Extract<ClientSignal, { type: 'join' }>) {
    try {
      const admission = await admitToRoom(
        deps.database,
        { ip: origin.ip, requestId: origin.requestId, log: origin.log },
        { visitId: message.visitId, token: message.token },
      );
      if (socket.readyState !== socket.OPEN) return;
      clearTimeout(joinTimer);
      const member: RoomMember = {
        send,
        close: (code, reason) => socket.close(code, reason),
        media: { audio: true, video: true },
      };
      room = { visitId: admission.visit.orderId, role: admission.role, member };
      const peer = rooms.join(room.visitId, room.role, member);
      send({
        type: 'joined',
        role: admission.role,
        iceServers: iceServersFor(deps.config.visitIce, admission.userId),
        peer,
        status: admission.visit.status,
      });
      if (admission.role === 'patient')
        rooms.announce(room.visitId, {
          type: 'visit-status',
          status: admission.visit.status,
          outcome: null,
        });
    } catch (error) {
      if (!isAppError(error)) origin.log.error({ err: error }, 'visit room admission failed');
      refuse(isAppError(error) ? error.message : messages.visitRoomRefused);
    } finally {
      joining = false;
    }
  }

  function handleInRoom(message: Exclude<ClientSignal, { type: 'join' }>) {
    if (!room) return;
    const { visitId, role, member } = room;
    switch (message.type) {
      case 'signal':
        rooms.relay(visitId, role, member, { type: 'signal', data: message.data });
        return;
      case 'media':
        member.media = message.media;
        rooms.relay(visitId, role, member, { type: 'peer-media', media: message.media });
        return;
      case 'leave':
        rooms.leave(visitId, role, member);
        room = null;
        socket.close(1000, 'left');
        return;
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
