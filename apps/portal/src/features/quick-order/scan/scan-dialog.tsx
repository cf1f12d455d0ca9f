/**
 * The camera view of 'Escanear': the camera's picture, and every EAN-13 it reads handed to the quick
 * order once per scan (scan-gate.ts), with a visual confirmation in a polite live region (no sound:
 * a pharmacy's counter is not the place). When the camera is refused or absent it says so, and the
 * grid behind still takes typed codes. Closing stops the camera.
 */
import { Button, Dialog } from '@botica/ui';
import { useEffect, useRef, useState } from 'react';
import { CameraUnavailable, openCamera, stopCamera } from './camera.ts';
import { loadEanReader } from './ean-reader.ts';
import { createScanGate } from './scan-gate.ts';
import './scan.css';

/** The pause between two readings of the picture: about eight a second, light on a tablet's battery. */
const READ_EVERY_MS = 120;

const READER_FAILED =
  'No hemos podido cargar el lector de códigos. Vuelve a intentarlo más tarde o escribe los códigos en la tabla.';

export interface ScanDialogProps {
  /** Called once per scan with the EAN-13 read; a box scanned again is called again. */
  onCode: (ean: string) => void;
  /** The product's name for a code, when the quick order knows it already. */
  nameOf?: ((ean: string) => string | undefined) | undefined;
  /** Called when the pharmacist closes the view. */
  onClose: () => void;
}

type Phase = { state: 'starting' } | { state: 'scanning' } | { state: 'failed'; message: string };

interface Scan {
  code: string;
  /** How many times this code was scanned since the view opened. */
  times: number;
  /** How many scans so far, of any code: each one flashes the confirmation anew. */
  sequence: number;
}

/** The camera view, open while it is rendered. */
export function ScanDialog({ onCode, nameOf, onClose }: ScanDialogProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const [phase, setPhase] = useState<Phase>({ state: 'starting' });
  const [last, setLast] = useState<Scan | null>(null);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const video = videoRef.current;
    const gate = createScanGate();
    const times = new Map<string, number>();

    const start = async () => {
      const [camera, reader] = await Promise.allSettled([openCamera(), loadEanReader()]);
      if (camera.status === 'fulfilled') stream = camera.value;
      if (stopped) return stopCamera(stream);
      if (camera.status === 'rejected') {
        const message = camera.reason instanceof CameraUnavailable ? camera.reason.message : READER_FAILED;
        return setPhase({ state: 'failed', message });
      }
      if (reader.status === 'rejected' || video === null) {
        stopCamera(stream);
        return setPhase({ state: 'failed', message: READER_FAILED });
      }
      video.srcObject = stream;
      await video.play();
      if (stopped) return;
      setPhase({ state: 'scanning' });
      const read = async () => {
        try {
          for (const code of gate(await reader.value.read(video), performance.now())) {
            if (stopped) return;
            onCodeRef.current(code);
            times.set(code, (times.get(code) ?? 0) + 1);
            const scan = { code, times: times.get(code) ?? 1 };
            setLast((previous) => ({ ...scan, sequence: (previous?.sequence ?? 0) + 1 }));
          }
        } catch {
          // A frame the detector could not read (the picture changing size, a stalled frame): the next one will do.
        }
        if (!stopped) timer = setTimeout(read, READ_EVERY_MS);
      };
      void read();
    };
    start().catch(() => {
      if (!stopped) setPhase({ state: 'failed', message: READER_FAILED });
    });

    return () => {
      stopped = true;
      clearTimeout(timer);
      stopCamera(stream);
      if (video !== null) video.srcObject = null;
    };
  }, []);

  const name = last === null ? undefined : nameOf?.(last.code);
  return (
    <Dialog
      title="Escanear códigos de barras"
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      footer={(close) => <Button onPress={close}>Terminar</Button>}
      className="scan"
    >
      {/* The picture only shows where to aim; what it reads is said in the live region below. */}
      <div className="scan__view" data-state={phase.state} aria-hidden="true">
        <video ref={videoRef} className="scan__video" muted playsInline />
        {phase.state === 'scanning' ? <span className="scan__aim" /> : null}
      </div>
      <p
        className={phase.state === 'failed' ? 'scan__status scan__status--problem' : 'scan__status'}
        role="status"
      >
        {phase.state === 'starting'
          ? 'Preparando la cámara…'
          : phase.state === 'scanning'
            ? 'Acerca el código de barras de la caja a la cámara. Cada lectura añade una unidad.'
            : phase.message}
      </p>
      <p className="scan__confirmation" aria-live="polite">
        {last === null ? null : (
          <span key={last.sequence} className="scan__added">
            Añadido: {name ?? 'código'} <span className="scan__code">{last.code}</span>
            {last.times > 1 ? ` (${last.times} lecturas)` : null}
          </span>
        )}
      </p>
    </Dialog>
  );
}
