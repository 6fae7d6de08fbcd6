import type { TPointerType, TSignaturePoint } from '@/lib/api/v1/signature-body';

/**
 * Turns pointer events on the pad into a drawn signature body's samples (docs/signatures.md). Every
 * coalesced event is a sample (a pen at 240 Hz delivers several per frame),
 * kept as the device reported it: only clamped to the pad and rounded to
 * what the device can resolve. A mouse reports invented values (pressure 0.5
 * while a button is down, tilt 0), which are left out so the biometric record
 * can say "not reported".
 */
export type TPointerSample = Pick<
  PointerEvent,
  'clientX' | 'clientY' | 'timeStamp' | 'pressure' | 'tiltX' | 'tiltY' | 'twist' | 'pointerType'
>;
export type TPadRect = { left: number; top: number; width: number; height: number };

const POINTER_TYPES: readonly string[] = ['pen', 'touch', 'mouse'];
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));

export class SampleRecorder {
  private strokes: TSignaturePoint[][] = [];
  private current: TSignaturePoint[] | null = null;
  private origin: number | null = null;

  constructor(private rect: TPadRect) {}

  /** The pad moved or was resized between strokes (points stay in pad units of the first rect). */
  setRect(rect: TPadRect): void {
    this.rect = rect;
  }

  begin(event: TPointerSample): void {
    this.current = [];
    this.strokes.push(this.current);
    this.add([event]);
  }

  /** The samples of one pointermove: event.getCoalescedEvents() when the browser has it, else [event]. */
  add(events: readonly TPointerSample[]): void {
    if (!this.current) return;
    for (const event of events) {
      const point = this.toPoint(event);
      const last = this.current[this.current.length - 1];
      // The same sample delivered twice (pointerdown, then as the first coalesced move) is one sample.
      if (last && last.t === point.t && last.x === point.x && last.y === point.y) continue;
      this.current.push(point);
    }
  }

  end(): void {
    this.current = null;
  }

  get drawing(): boolean {
    return this.current !== null;
  }

  get isEmpty(): boolean {
    return this.strokes.length === 0;
  }

  clear(): void {
    this.strokes = [];
    this.current = null;
    this.origin = null;
  }

  /** A copy, safe to send. */
  snapshot(): TSignaturePoint[][] {
    return this.strokes.filter((stroke) => stroke.length > 0).map((stroke) => stroke.map((point) => ({ ...point })));
  }

  private toPoint(event: TPointerSample): TSignaturePoint {
    this.origin ??= event.timeStamp;
    const pointerType = POINTER_TYPES.includes(event.pointerType) ? (event.pointerType as TPointerType) : undefined;
    const point: TSignaturePoint = {
      x: round(clamp(event.clientX - this.rect.left, this.rect.width), 2),
      y: round(clamp(event.clientY - this.rect.top, this.rect.height), 2),
      t: round(Math.max(0, event.timeStamp - this.origin), 2),
    };
    if (pointerType) point.pointerType = pointerType;
    if (pointerType === 'mouse') return point;
    if (Number.isFinite(event.pressure)) point.pressure = round(clamp(event.pressure, 1), 4);
    // Pen-only angles: touch screens report 0 for them, which is no measurement either.
    if (pointerType === 'pen') {
      if (Number.isFinite(event.tiltX)) point.tiltX = Math.max(-90, Math.min(90, event.tiltX));
      if (Number.isFinite(event.tiltY)) point.tiltY = Math.max(-90, Math.min(90, event.tiltY));
      if (Number.isFinite(event.twist)) point.twist = Math.max(0, Math.min(359, event.twist));
    }
    return point;
  }
}

/** Every sample of a pointermove, in order (Safari before 18 has no getCoalescedEvents). */
export function coalescedSamples(event: PointerEvent): TPointerSample[] {
  const coalesced = typeof event.getCoalescedEvents === 'function' ? event.getCoalescedEvents() : [];
  return coalesced.length > 0 ? coalesced : [event];
}
