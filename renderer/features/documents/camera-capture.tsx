import { Alert, Button, Space } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '../../../shared/errors/messages';

/**
 * Takes a photo with the device's camera: a live preview, TAKE PHOTO, then the photo with
 * RETAKE and USE THIS PHOTO. Without a camera (or without permission) the spec's message.
 */
export function CameraCapture({
  onPhoto,
  onCancel,
}: {
  onPhoto: (photo: Blob) => void;
  onCancel: () => void;
}) {
  const video = useRef<HTMLVideoElement | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [failed, setFailed] = useState(false);
  const [photo, setPhoto] = useState<{ blob: Blob; url: string } | null>(null);
  // The preview has a frame to take (its size is known): TAKE PHOTO waits for it.
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let opened: MediaStream | null = null;
    let cancelled = false;
    const devices = globalThis.navigator?.mediaDevices;
    if (!devices?.getUserMedia) {
      setFailed(true);
      return;
    }
    devices
      .getUserMedia({
        video: { facingMode: 'environment', width: 1280, height: 960 },
        audio: false,
      })
      .then((media) => {
        opened = media;
        if (cancelled) for (const track of media.getTracks()) track.stop();
        else setStream(media);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      for (const track of opened?.getTracks() ?? []) track.stop();
    };
  }, []);

  // The preview stays mounted (hidden while the photo shows), so that after RETAKE it is live
  // at once: a new element would need its first frame again before a photo could be taken.
  const attachVideo = useCallback(
    (element: HTMLVideoElement | null) => {
      video.current = element;
      if (element && element.srcObject !== stream) element.srcObject = stream;
    },
    [stream],
  );

  useEffect(
    () => () => {
      if (photo) URL.revokeObjectURL(photo.url);
    },
    [photo],
  );

  const take = () => {
    const source = video.current;
    if (!source || source.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = source.videoWidth;
    canvas.height = source.videoHeight;
    canvas.getContext('2d')?.drawImage(source, 0, 0);
    canvas.toBlob(
      (blob) => blob && setPhoto({ blob, url: URL.createObjectURL(blob) }),
      'image/jpeg',
      0.9,
    );
  };

  if (failed) {
    return (
      <Space direction="vertical">
        <Alert type="warning" role="alert" showIcon title={messages.noCamera} />
        <Button onClick={onCancel}>CLOSE</Button>
      </Space>
    );
  }
  return (
    <Space direction="vertical" className="camera-capture">
      {photo ? (
        <img src={photo.url} alt="What the camera took" className="camera-capture__view" />
      ) : null}
      <video
        ref={attachVideo}
        className="camera-capture__view"
        aria-label="Camera"
        hidden={photo !== null}
        onLoadedMetadata={(event) => setReady(event.currentTarget.videoWidth > 0)}
        autoPlay
        playsInline
        muted
      />
      <Space wrap>
        {photo ? (
          <>
            <Button type="primary" onClick={() => onPhoto(photo.blob)}>
              USE THIS PHOTO
            </Button>
            <Button onClick={() => setPhoto(null)}>RETAKE</Button>
          </>
        ) : (
          <Button type="primary" onClick={take} disabled={!stream || !ready}>
            TAKE PHOTO
          </Button>
        )}
        <Button onClick={onCancel}>CANCEL</Button>
      </Space>
    </Space>
  );
}
