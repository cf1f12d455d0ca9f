/**
 * The tablet's camera for scanning: the one facing away from the screen where there is one, and what
 * to tell the pharmacist, in Spanish, when it cannot be used.
 */

/** Why the camera could not be opened, as the pharmacist reads it. */
export class CameraUnavailable extends Error {
  override readonly name = 'CameraUnavailable';
}

const REFUSED =
  'El navegador no nos deja usar la cámara. Puedes permitirlo en los ajustes del navegador; mientras, escribe los códigos en la tabla.';
const ABSENT = 'No encontramos ninguna cámara en este dispositivo. Escribe los códigos en la tabla.';
const BUSY =
  'La cámara está ocupada por otra aplicación. Ciérrala y vuelve a intentarlo, o escribe los códigos en la tabla.';
const FAILED = 'No hemos podido abrir la cámara. Escribe los códigos en la tabla.';

/** The pharmacist's message for a failure of `getUserMedia`. */
export function cameraProblem(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return REFUSED;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return ABSENT;
  if (name === 'NotReadableError' || name === 'AbortError') return BUSY;
  return FAILED;
}

/**
 * Opens the camera: the rear one if there is one (a tablet's), else any. Throws `CameraUnavailable`
 * with the pharmacist's message when the browser has none, or refuses it.
 */
export async function openCamera(): Promise<MediaStream> {
  if (typeof navigator === 'undefined' || navigator.mediaDevices?.getUserMedia === undefined) {
    throw new CameraUnavailable(ABSENT);
  }
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
  } catch (error) {
    throw new CameraUnavailable(cameraProblem(error));
  }
}

/** Stops every track of a stream: the camera's light goes off and the browser lets it go. */
export function stopCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
