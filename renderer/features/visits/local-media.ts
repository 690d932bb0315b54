export interface LocalMedia {
  stream: MediaStream | null;
  /** No camera could be used: the visit goes on with sound only. */
  noCamera: boolean;
  /** Neither camera nor microphone could be used: the patient can still listen and watch. */
  noMicrophone: boolean;
}

/**
 * The camera and microphone for a visit. When the camera is missing or refused, the
 * microphone alone; when both are, nothing (the call still receives the other side).
 */
export async function openLocalMedia(
  devices: Pick<MediaDevices, 'getUserMedia'> | undefined = globalThis.navigator?.mediaDevices,
): Promise<LocalMedia> {
  if (!devices?.getUserMedia) return { stream: null, noCamera: true, noMicrophone: true };
  try {
    const stream = await devices.getUserMedia({ audio: true, video: { width: 640, height: 480 } });
    return { stream, noCamera: stream.getVideoTracks().length === 0, noMicrophone: false };
  } catch {
    try {
      const stream = await devices.getUserMedia({ audio: true });
      return { stream, noCamera: true, noMicrophone: false };
    } catch {
      return { stream: null, noCamera: true, noMicrophone: true };
    }
  }
}

export function stopLocalMedia(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
