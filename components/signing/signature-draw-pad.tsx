'use client';

import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import type { TSignaturePoint } from '@/lib/api/v1/signature-body';
import { coalescedSamples, SampleRecorder } from '@/lib/signatures/pointer-samples';
import { outlineToPath, strokeOutline } from '@/lib/signatures/stroke-outline';

export type TDrawPadHandle = {
  snapshot: () => { strokes: TSignaturePoint[][]; width: number; height: number };
  clear: () => void;
};

type Props = { label: string; height: number; onInkChange: (hasInk: boolean) => void };

const INK = '#0b1f4d';

/**
 * The drawing surface: records every coalesced pointer sample (with
 * pressure, tilt, twist and pointer type) and fills each stroke with the
 * outline the server will store (lib/signatures/stroke-outline.ts), so the
 * pad shows exactly the signature the document will carry.
 */
export const SignatureDrawPad = forwardRef<TDrawPadHandle, Props>(function SignatureDrawPad(
  { label, height, onInkChange },
  ref,
) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const recorder = useRef(new SampleRecorder({ left: 0, top: 0, width: 1, height }));
  const pointerId = useRef<number | null>(null);
  const frame = useRef<number | null>(null);
  const widthRef = useRef(0);

  const render = useCallback(() => {
    frame.current = null;
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const ratio = window.devicePixelRatio || 1;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = INK;
    const strokes = recorder.current.snapshot();
    strokes.forEach((stroke, index) => {
      const complete = index < strokes.length - 1 || !recorder.current.drawing;
      context.fill(new Path2D(outlineToPath(strokeOutline(stroke, widthRef.current, complete))));
    });
  }, []);

  const schedule = useCallback(() => {
    frame.current ??= requestAnimationFrame(render);
  }, [render]);

  const clear = useCallback(() => {
    recorder.current.clear();
    onInkChange(false);
    schedule();
  }, [onInkChange, schedule]);

  // The canvas follows its box: a new width (a phone turned) starts the signature over, since its points were in the old units.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const resize = () => {
      const width = canvas.clientWidth;
      // A hidden tab measures 0 wide: keep the drawing for when it shows again.
      if (width === 0) return;
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      if (widthRef.current && widthRef.current !== width && !recorder.current.isEmpty) clear();
      widthRef.current = width;
      render();
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    };
  }, [height, clear, render]);

  useImperativeHandle(
    ref,
    () => ({ snapshot: () => ({ strokes: recorder.current.snapshot(), width: widthRef.current, height }), clear }),
    [clear, height],
  );

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (pointerId.current !== null || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    pointerId.current = event.pointerId;
    event.currentTarget.setPointerCapture(event.pointerId);
    const box = event.currentTarget.getBoundingClientRect();
    recorder.current.setRect({ left: box.left, top: box.top, width: box.width, height: box.height });
    recorder.current.begin(event.nativeEvent);
    onInkChange(true);
    schedule();
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (event.pointerId !== pointerId.current) return;
    recorder.current.add(coalescedSamples(event.nativeEvent));
    schedule();
  };
  const onPointerEnd = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (event.pointerId !== pointerId.current) return;
    recorder.current.end();
    pointerId.current = null;
    schedule();
  };

  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={label}
      data-signature-pad=""
      style={{ height, touchAction: 'none' }}
      className="block w-full cursor-crosshair rounded-lg border-2 border-dashed border-surface-border bg-white"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    />
  );
});
