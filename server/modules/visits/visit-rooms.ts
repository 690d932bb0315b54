import type { MediaState, ServerSignal, SignalRole } from '../../../shared/contracts/visit-signals';
import { ROOM_REPLACED } from '../../../shared/contracts/visit-signals';

/** One person's connection to a room, as the hub sees it. */
export interface RoomMember {
  send(message: ServerSignal): void;
  close(code: number, reason: string): void;
  media: MediaState;
}

/**
 * The visit rooms of this server process: at most one patient and one doctor per visit. The
 * same person joining again (a second tab, or back after a dropped network) replaces their
 * older connection. Rooms live in memory; with several servers, both people of a visit must
 * reach the same one (README "Several servers").
 */
export class VisitRooms {
  private readonly rooms = new Map<string, Map<SignalRole, RoomMember>>();

  /** Adds a member; answers the other person's media state, or null when they are not in. */
  join(visitId: string, role: SignalRole, member: RoomMember): MediaState | null {
    let room = this.rooms.get(visitId);
    if (!room) {
      room = new Map();
      this.rooms.set(visitId, room);
    }
    const previous = room.get(role);
    room.set(role, member);
    if (previous) previous.close(ROOM_REPLACED, 'joined again elsewhere');
    const peer = room.get(otherRole(role));
    // After a reconnect too: the other side starts a fresh connection with the new one.
    peer?.send({ type: 'peer-joined', media: member.media });
    return peer ? peer.media : null;
  }

  /** Removes a member if it is still the room's (a replaced connection leaves silently). */
  leave(visitId: string, role: SignalRole, member: RoomMember): void {
    const room = this.rooms.get(visitId);
    if (!room || room.get(role) !== member) return;
    room.delete(role);
    room.get(otherRole(role))?.send({ type: 'peer-left' });
    if (room.size === 0) this.rooms.delete(visitId);
  }

  /** Passes a message from one member to the other person in the room. */
  relay(visitId: string, from: SignalRole, sender: RoomMember, message: ServerSignal): void {
    const room = this.rooms.get(visitId);
    if (!room || room.get(from) !== sender) return;
    room.get(otherRole(from))?.send(message);
  }

  /** Tells everyone in the room (a status change made over HTTP). */
  announce(visitId: string, message: ServerSignal): void {
    for (const member of this.rooms.get(visitId)?.values() ?? []) member.send(message);
  }

  /** How many people are in a room (for tests and health). */
  sizeOf(visitId: string): number {
    return this.rooms.get(visitId)?.size ?? 0;
  }
}

function otherRole(role: SignalRole): SignalRole {
  return role === 'patient' ? 'doctor' : 'patient';
}
