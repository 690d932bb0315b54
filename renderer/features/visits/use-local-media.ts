import { useEffect, useState } from 'react';
import { type LocalMedia, openLocalMedia, stopLocalMedia } from './local-media';

/** Asks for the camera and microphone while `wanted` is true; stops them when done. */
export function useLocalMedia(wanted: boolean): LocalMedia | null {
  const [media, setMedia] = useState<LocalMedia | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    let opened: MediaStream | null = null;
    void openLocalMedia().then((result) => {
      opened = result.stream;
      if (cancelled) stopLocalMedia(result.stream);
      else setMedia(result);
    });
    return () => {
      cancelled = true;
      stopLocalMedia(opened);
      setMedia(null);
    };
  }, [wanted]);
  return media;
}
