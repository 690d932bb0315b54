import { z } from 'zod';

/**
 * The visit room's signalling protocol over one WebSocket per person (issue 12). The first
 * message must be `join` with the person's token; the server admits only the visit's patient
 * and its doctor, in the visit's time window. Everything after that is bound to that room:
 * a message naming another visit is dropped. Media never passes through the server.
 */

const MAX_SIGNAL_TEXT = 20_000;

/** An SDP description or an ICE candidate, as RTCPeerConnection produces them. */
const signalPayload = z.union([
  z.object({
    description: z.object({
      type: z.enum(['offer', 'answer']),
      sdp: z.string().max(MAX_SIGNAL_TEXT),
    }),
  }),
  z.object({
    candidate: z.object({
      candidate: z.string().max(2_000),
      sdpMid: z.string().max(64).nullable().optional(),
      sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
      usernameFragment: z.string().max(256).nullable().optional(),
    }),
  }),
]);
export type SignalPayload = z.infer<typeof signalPayload>;

const mediaState = z.object({ audio: z.boolean(), video: z.boolean() });
export type MediaState = z.infer<typeof mediaState>;

export const clientSignal = z.discriminatedUnion('type', [
  z.object({ type: z.literal('join'), visitId: z.string().max(64), token: z.string().max(512) }),
  z.object({ type: z.literal('signal'), visitId: z.string().max(64), data: signalPayload }),
  z.object({ type: z.literal('media'), visitId: z.string().max(64), media: mediaState }),
  z.object({ type: z.literal('leave'), visitId: z.string().max(64) }),
]);
export type ClientSignal = z.infer<typeof clientSignal>;

export const signalRoles = ['patient', 'doctor'] as const;
export type SignalRole = (typeof signalRoles)[number];

export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

export type ServerSignal =
  | {
      type: 'joined';
      role: SignalRole;
      iceServers: IceServer[];
      /** Whether the other person is already in the room, and their microphone and camera. */
      peer: MediaState | null;
      status: string;
    }
  | { type: 'peer-joined'; media: MediaState }
  | { type: 'peer-left' }
  | { type: 'signal'; data: SignalPayload }
  | { type: 'peer-media'; media: MediaState }
  | { type: 'visit-status'; status: string; outcome: string | null }
  | { type: 'refused'; message: string };

/** Close codes the room uses: the client shows the message and does not reconnect. */
export const ROOM_REFUSED = 4403;
/** The same person joined from another tab or device; this connection gives way. */
export const ROOM_REPLACED = 4409;
/** The message could not be read. */
export const ROOM_BAD_MESSAGE = 4400;
