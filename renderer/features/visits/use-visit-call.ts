import { useEffect, useRef, useState } from 'react';
import type { MediaState } from '../../../shared/contracts/visit-signals';
import { type CallState, VisitCall } from './visit-call';

export interface VisitCallControls {
  state: CallState | null;
  /** Media bytes received so far (audio and video), read every second. */
  inboundBytes: number;
  setMedia(media: MediaState): void;
  leave(): void;
}

/**
 * Joins a visit's room while `visitId` and `stream` are given (stream undefined: still asking
 * for the camera; null: nothing to send); leaves on unmount. Every second it reads how many
 * media bytes came in, which the call view shows as the connection's health.
 */
export function useVisitCall(options: {
  url: string;
  visitId: string | null;
  token: () => string | null;
  stream: MediaStream | null | undefined;
}): VisitCallControls {
  const { url, visitId, token, stream } = options;
  const [state, setState] = useState<CallState | null>(null);
  const [inboundBytes, setInboundBytes] = useState(0);
  const callRef = useRef<VisitCall | null>(null);
  const tokenRef = useRef(token);
  tokenRef.current = token;
  useEffect(() => {
    if (!visitId || stream === undefined) return;
    const call = new VisitCall({
      url,
      visitId,
      token: () => tokenRef.current(),
      localStream: stream,
      onChange: setState,
    });
    callRef.current = call;
    call.start();
    setState(call.current());
    const timer = setInterval(() => {
      void call.stats().then((report) => setInboundBytes(report ? inboundBytesOf(report) : 0));
    }, 1000);
    return () => {
      clearInterval(timer);
      call.leave();
      callRef.current = null;
    };
  }, [url, visitId, stream]);
  return {
    state,
    inboundBytes,
    setMedia: (media) => callRef.current?.setMedia(media),
    leave: () => callRef.current?.leave(),
  };
}

function inboundBytesOf(report: RTCStatsReport): number {
  let total = 0;
  report.forEach((entry: { type?: string; bytesReceived?: number }) => {
    if (entry.type === 'inbound-rtp') total += entry.bytesReceived ?? 0;
  });
  return total;
}
