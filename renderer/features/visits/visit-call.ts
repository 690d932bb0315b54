import {
  type ClientSignal,
  type IceServer,
  type MediaState,
  ROOM_REFUSED,
  ROOM_REPLACED,
  type ServerSignal,
  type SignalPayload,
  type SignalRole,
} from '../../../shared/contracts/visit-signals';

export type CallPhase =
  /** Opening the room's connection. */
  | 'connecting'
  /** In the room; the other person is not. */
  | 'waiting'
  /** Both in the room; media flows once `remoteStream` is set. */
  | 'together'
  /** The connection dropped; trying again. */
  | 'reconnecting'
  /** The visit ended (or was marked missed) while in the room. */
  | 'ended'
  /** The room said no (`refusal` says why). */
  | 'refused'
  /** This side left, or joined again elsewhere. */
  | 'left';

export interface CallState {
  phase: CallPhase;
  role: SignalRole | null;
  visitStatus: string | null;
  outcome: string | null;
  peerMedia: MediaState | null;
  remoteStream: MediaStream | null;
  refusal: string | null;
  /** This side's microphone and camera as sent. */
  media: MediaState;
}

export interface VisitCallOptions {
  /** The room's WebSocket address (ws: or wss:). */
  url: string;
  visitId: string;
  /** Read at each (re)connection: the token may have been renewed. */
  token: () => string | null;
  /** The camera and microphone, or only the microphone, or nothing (listen only). */
  localStream: MediaStream | null;
  onChange: (state: CallState) => void;
  /** For tests: the WebSocket and RTCPeerConnection constructors. */
  createSocket?: (url: string) => WebSocket;
  createPeer?: (config: RTCConfiguration) => RTCPeerConnection;
}

const reconnectDelaysMs = [500, 1000, 2000, 4000, 5000];

/**
 * One side of a video visit: the room's WebSocket (signalling) and the peer connection. The
 * doctor's side makes the offer whenever both are in the room (again after either reconnects);
 * the patient's side answers. A dropped connection is retried until the room refuses, the
 * visit ends, or this side leaves. Media goes browser to browser (or through TURN).
 */
export class VisitCall {
  private socket: WebSocket | null = null;
  private peer: RTCPeerConnection | null = null;
  private iceServers: IceServer[] = [];
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private finished = false;
  private state: CallState;

  constructor(private readonly options: VisitCallOptions) {
    this.state = {
      phase: 'connecting',
      role: null,
      visitStatus: null,
      outcome: null,
      peerMedia: null,
      remoteStream: null,
      refusal: null,
      media: {
        audio: hasLive(options.localStream, 'audio'),
        video: hasLive(options.localStream, 'video'),
      },
    };
  }

  current(): CallState {
    return this.state;
  }

  start(): void {
    this.connect();
  }

  /** Mute or unmute, camera on or off: the tracks stay, only their sending stops. */
  setMedia(media: MediaState): void {
    for (const track of this.options.localStream?.getAudioTracks() ?? [])
      track.enabled = media.audio;
    for (const track of this.options.localStream?.getVideoTracks() ?? [])
      track.enabled = media.video;
    this.update({ media });
    this.send({ type: 'media', visitId: this.options.visitId, media });
  }

  /** Leaves the room for good (the other side is told). */
  leave(): void {
    if (this.finished) return;
    this.send({ type: 'leave', visitId: this.options.visitId });
    this.finish('left');
  }

  /** The peer connection's statistics (bytes received, for the call's health and tests). */
  async stats(): Promise<RTCStatsReport | null> {
    return this.peer ? this.peer.getStats() : null;
  }

  private update(patch: Partial<CallState>): void {
    this.state = { ...this.state, ...patch };
    this.options.onChange(this.state);
  }

  private send(message: ClientSignal): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect(): void {
    // The visit in the address lets a proxy send both people of a visit to the same server.
    const address = new URL(this.options.url);
    address.searchParams.set('visit', this.options.visitId);
    const socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(address.toString());
    this.socket = socket;
    socket.onopen = () => {
      const token = this.options.token() ?? '';
      socket.send(JSON.stringify({ type: 'join', visitId: this.options.visitId, token }));
    };
    socket.onmessage = (event) => {
      try {
        void this.handle(JSON.parse(String(event.data)) as ServerSignal);
      } catch {
        // A message that cannot be read is ignored; the server never sends one.
      }
    };
    socket.onclose = (event) => {
      if (this.socket !== socket || this.finished) return;
      this.socket = null;
      this.closePeer();
      if (event.code === ROOM_REFUSED) return this.finish('refused');
      if (event.code === ROOM_REPLACED) return this.finish('left');
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    const delay = reconnectDelaysMs[Math.min(this.attempts, reconnectDelaysMs.length - 1)] ?? 5000;
    this.attempts += 1;
    this.update({ phase: 'reconnecting', remoteStream: null });
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.finished) this.connect();
    }, delay);
  }

  private async handle(message: ServerSignal): Promise<void> {
    switch (message.type) {
      case 'joined':
        this.attempts = 0;
        this.iceServers = message.iceServers;
        this.update({
          role: message.role,
          visitStatus: message.status,
          phase: message.peer ? 'together' : 'waiting',
          peerMedia: message.peer,
        });
        // Tell the other side what this side sends (after a reconnect, mute may be on).
        this.send({ type: 'media', visitId: this.options.visitId, media: this.state.media });
        if (message.peer && message.role === 'doctor') await this.offer();
        return;
      case 'peer-joined':
        this.update({ phase: 'together', peerMedia: message.media });
        if (this.state.role === 'doctor') await this.offer();
        return;
      case 'peer-left':
        this.closePeer();
        this.update({ phase: 'waiting', peerMedia: null, remoteStream: null });
        return;
      case 'peer-media':
        this.update({ peerMedia: message.media });
        return;
      case 'signal':
        await this.onSignal(message.data);
        return;
      case 'visit-status':
        this.update({ visitStatus: message.status, outcome: message.outcome });
        if (message.status === 'ended' || message.status === 'missed') this.finish('ended');
        return;
      case 'refused':
        this.update({ refusal: message.message });
        return;
    }
  }

  private newPeer(): RTCPeerConnection {
    this.closePeer();
    const config: RTCConfiguration = { iceServers: this.iceServers };
    const peer = (this.options.createPeer ?? ((c) => new RTCPeerConnection(c)))(config);
    this.peer = peer;
    const stream = this.options.localStream;
    for (const kind of ['audio', 'video'] as const) {
      const tracks = stream ? stream.getTracks().filter((t) => t.kind === kind) : [];
      if (stream && tracks.length > 0) for (const track of tracks) peer.addTrack(track, stream);
      // Without a camera (or microphone) this side still receives the other's.
      else peer.addTransceiver(kind, { direction: 'recvonly' });
    }
    peer.onicecandidate = (event) => {
      if (event.candidate)
        this.send({
          type: 'signal',
          visitId: this.options.visitId,
          data: { candidate: event.candidate.toJSON() as never },
        });
    };
    peer.ontrack = (event) => {
      const remote = event.streams[0] ?? new MediaStream([event.track]);
      this.update({ remoteStream: remote });
    };
    peer.onconnectionstatechange = () => {
      if (peer !== this.peer) return;
      // A path that failed (a network change): the doctor's side offers again.
      if (peer.connectionState === 'failed' && this.state.role === 'doctor') void this.offer();
    };
    return peer;
  }

  private async offer(): Promise<void> {
    const peer = this.newPeer();
    const offer = await peer.createOffer();
    await peer.setLocalDescription(offer);
    this.sendDescription(peer);
  }

  private sendDescription(peer: RTCPeerConnection): void {
    const description = peer.localDescription;
    if (!description || (description.type !== 'offer' && description.type !== 'answer')) return;
    this.send({
      type: 'signal',
      visitId: this.options.visitId,
      data: { description: { type: description.type, sdp: description.sdp } },
    });
  }

  private async onSignal(data: SignalPayload): Promise<void> {
    if ('description' in data) {
      if (data.description.type === 'offer') {
        const peer = this.newPeer();
        await peer.setRemoteDescription(data.description);
        await this.flushCandidates(peer);
        await peer.setLocalDescription(await peer.createAnswer());
        this.sendDescription(peer);
      } else if (this.peer) {
        await this.peer.setRemoteDescription(data.description);
        await this.flushCandidates(this.peer);
      }
      return;
    }
    const candidate = data.candidate as RTCIceCandidateInit;
    if (this.peer?.remoteDescription)
      await this.peer.addIceCandidate(candidate).catch(() => undefined);
    else this.pendingCandidates.push(candidate);
  }

  private async flushCandidates(peer: RTCPeerConnection): Promise<void> {
    const pending = this.pendingCandidates.splice(0);
    for (const candidate of pending) await peer.addIceCandidate(candidate).catch(() => undefined);
  }

  private closePeer(): void {
    this.pendingCandidates = [];
    if (!this.peer) return;
    this.peer.onicecandidate = null;
    this.peer.ontrack = null;
    this.peer.onconnectionstatechange = null;
    this.peer.close();
    this.peer = null;
  }

  private finish(phase: 'ended' | 'refused' | 'left'): void {
    this.finished = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.closePeer();
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(1000, phase);
    this.update({ phase, remoteStream: null });
  }
}

function hasLive(stream: MediaStream | null, kind: 'audio' | 'video'): boolean {
  return (stream?.getTracks() ?? []).some((t) => t.kind === kind && t.readyState === 'live');
}
