import { Button, Space, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import type { MediaState } from '../../../shared/contracts/visit-signals';
import './visits.css';

/** A <video> showing a stream (muted for one's own picture, so there is no echo). */
function StreamVideo({
  stream,
  muted,
  label,
  className,
}: {
  stream: MediaStream | null;
  muted: boolean;
  label: string;
  className: string;
}) {
  const ref = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    if (stream) void video.play().catch(() => undefined);
  }, [stream]);
  return (
    <video ref={ref} className={className} aria-label={label} autoPlay playsInline muted={muted} />
  );
}

export interface CallViewProps {
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  /** What the person should know now ("Waiting for your doctor", "Connected"...). */
  status: string;
  /** The other person's name, for the video's label. */
  peerName: string;
  peerMedia: MediaState | null;
  media: MediaState;
  inboundBytes: number;
  phase: string;
  onMedia(media: MediaState): void;
  onLeave(): void;
  leaveLabel?: string;
}

/** The call: the other person large, oneself small, and the controls under them. */
export function CallView(props: CallViewProps) {
  const { media, peerMedia } = props;
  const hasCamera = (props.localStream?.getVideoTracks().length ?? 0) > 0;
  const hasMicrophone = (props.localStream?.getAudioTracks().length ?? 0) > 0;
  return (
    <section
      className="visit-call"
      aria-label="Video visit"
      data-phase={props.phase}
      data-inbound-bytes={props.inboundBytes}
    >
      <div className="visit-call__stage">
        <StreamVideo
          stream={props.remoteStream}
          muted={false}
          label={`${props.peerName}'s video`}
          className="visit-call__remote"
        />
        {!props.remoteStream && (
          <div className="visit-call__placeholder" role="status">
            {props.status}
          </div>
        )}
        {peerMedia && !peerMedia.video && props.remoteStream && (
          <div className="visit-call__notice">{props.peerName} turned the camera off</div>
        )}
        <StreamVideo
          stream={props.localStream}
          muted
          label="Your video"
          className="visit-call__self"
        />
      </div>
      <Typography.Paragraph className="visit-call__status" aria-live="polite">
        {props.status}
        {peerMedia && !peerMedia.audio ? ` · ${props.peerName} is muted` : ''}
      </Typography.Paragraph>
      <Space wrap className="visit-call__controls">
        <Button
          onClick={() => props.onMedia({ ...media, audio: !media.audio })}
          disabled={!hasMicrophone}
          aria-pressed={!media.audio}
        >
          {media.audio ? 'Mute' : 'Unmute'}
        </Button>
        <Button
          onClick={() => props.onMedia({ ...media, video: !media.video })}
          disabled={!hasCamera}
          aria-pressed={!media.video}
        >
          {media.video ? 'Camera off' : 'Camera on'}
        </Button>
        <Button danger onClick={props.onLeave}>
          {props.leaveLabel ?? 'Leave'}
        </Button>
      </Space>
    </section>
  );
}
