import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { ZSignatureBody } from '@/lib/api/v1/signature-body';
import { checkImageBytes, checkImageDimensions, imageDataUrl } from '@/lib/signatures/check-signature-image';
import { coalescedSamples, SampleRecorder, type TPointerSample } from '@/lib/signatures/pointer-samples';
import { buildDrawnBody, buildImageBody, buildTypedBody, initialsOf } from '@/lib/signatures/signature-body-builder';

const rect = { left: 100, top: 50, width: 600, height: 200 };
const sample = (over: Partial<TPointerSample>): TPointerSample => ({
  clientX: 150,
  clientY: 100,
  timeStamp: 1000,
  pressure: 0.5,
  tiltX: 0,
  tiltY: 0,
  twist: 0,
  pointerType: 'pen',
  ...over,
});

describe('the pad records pointer samples', () => {
  it('keeps every coalesced sample of a pen with its pressure, tilt and twist, in pad units and ms from the first', () => {
    const recorder = new SampleRecorder(rect);
    recorder.begin(sample({ pressure: 0.31, tiltX: 20, tiltY: -15, twist: 90 }));
    recorder.add([
      sample({ clientX: 152.5, timeStamp: 1004.166, pressure: 0.42, tiltX: 21 }),
      sample({ clientX: 155, timeStamp: 1008.333, pressure: 0.55 }),
    ]);
    recorder.end();
    expect(recorder.snapshot()).toEqual([
      [
        { x: 50, y: 50, t: 0, pressure: 0.31, tiltX: 20, tiltY: -15, twist: 90, pointerType: 'pen' },
        { x: 52.5, y: 50, t: 4.17, pressure: 0.42, tiltX: 21, tiltY: 0, twist: 0, pointerType: 'pen' },
        { x: 55, y: 50, t: 8.33, pressure: 0.55, tiltX: 0, tiltY: 0, twist: 0, pointerType: 'pen' },
      ],
    ]);
  });

  it('leaves out what a mouse invents (pressure 0.5, no tilt) and the angles a touch screen cannot measure', () => {
    const recorder = new SampleRecorder(rect);
    recorder.begin(sample({ pointerType: 'mouse' }));
    recorder.end();
    recorder.begin(sample({ pointerType: 'touch', timeStamp: 1500, pressure: 0.8 }));
    expect(recorder.snapshot()).toEqual([
      [{ x: 50, y: 50, t: 0, pointerType: 'mouse' }],
      [{ x: 50, y: 50, t: 500, pressure: 0.8, pointerType: 'touch' }],
    ]);
  });

  it('clamps samples dragged past the edge and drops a sample delivered twice', () => {
    const recorder = new SampleRecorder(rect);
    recorder.begin(sample({}));
    recorder.add([sample({}), sample({ clientX: 900, clientY: 10, timeStamp: 1010 })]);
    const [stroke] = recorder.snapshot();
    expect(stroke).toHaveLength(2);
    expect(stroke![1]).toMatchObject({ x: 600, y: 0 });
  });

  it('ignores moves without a pressed pointer and starts over when cleared', () => {
    const recorder = new SampleRecorder(rect);
    recorder.add([sample({})]);
    expect(recorder.isEmpty).toBe(true);
    recorder.begin(sample({}));
    recorder.clear();
    recorder.begin(sample({ timeStamp: 5000 }));
    expect(recorder.snapshot()[0]![0]!.t).toBe(0);
  });

  it('takes getCoalescedEvents() when the browser has it, the event itself otherwise', () => {
    const inner = [sample({ clientX: 1 }), sample({ clientX: 2 })];
    expect(coalescedSamples({ ...sample({}), getCoalescedEvents: () => inner } as unknown as PointerEvent)).toBe(inner);
    const plain = sample({}) as unknown as PointerEvent;
    expect(coalescedSamples(plain)).toEqual([plain]);
  });
});

describe('the dialog builds API bodies', () => {
  it('a drawn body the server schema accepts', () => {
    const recorder = new SampleRecorder(rect);
    recorder.begin(sample({}));
    recorder.add([sample({ clientX: 200, timeStamp: 1016 })]);
    const built = buildDrawnBody(recorder.snapshot(), 600, 200);
    expect(built.ok && ZSignatureBody.parse(built.body).kind).toBe('drawn');
    expect(buildDrawnBody([], 600, 200)).toEqual({ ok: false, reason: 'empty' });
    const many = Array.from({ length: 21 }, (_, s) =>
      Array.from({ length: 1000 }, (_, i) => ({ x: 1, y: 1, t: s * 1000 + i })),
    );
    expect(buildDrawnBody(many, 600, 200)).toEqual({ ok: false, reason: 'tooMany' });
  });

  it('a typed body with a known font, the default otherwise', () => {
    expect(buildTypedBody('  Ana  ', 'great-vibes')).toEqual({
      ok: true,
      body: { kind: 'typed', text: 'Ana', font: 'great-vibes' },
    });
    expect(buildTypedBody('Ana', 'nope')).toMatchObject({ ok: true, body: { font: 'dancing-script' } });
    expect(buildTypedBody('  ', 'caveat')).toEqual({ ok: false, reason: 'empty' });
    expect(buildTypedBody('x'.repeat(101), 'caveat')).toEqual({ ok: false, reason: 'invalid' });
  });

  it("initials from the signer's name", () => {
    expect(initialsOf('Ana Maria Gonçalves')).toBe('AG');
    expect(initialsOf('  čeněk  ')).toBe('Č');
    expect(initialsOf('')).toBe('');
  });

  it('an image body only from a checked PNG or JPEG', () => {
    const png = PNG.sync.write(new PNG({ width: 20, height: 10 }));
    const checked = checkImageBytes(png);
    expect(checked).toEqual({ ok: true, mime: 'image/png' });
    expect(buildImageBody(imageDataUrl('image/png', png))).toMatchObject({ ok: true, body: { kind: 'image' } });
    expect(buildImageBody(null)).toEqual({ ok: false, reason: 'empty' });
    expect(checkImageBytes(new TextEncoder().encode('GIF89a....'))).toEqual({ ok: false, problem: 'type' });
    expect(checkImageBytes(new Uint8Array())).toEqual({ ok: false, problem: 'empty' });
    expect(checkImageBytes(new Uint8Array(1024 * 1024 + 1))).toEqual({ ok: false, problem: 'size' });
    expect(checkImageDimensions(4, 100)).toBe('dimensions');
    expect(checkImageDimensions(2001, 100)).toBe('dimensions');
    expect(checkImageDimensions(300, 100)).toBeNull();
  });

  it('encodes large images to the same data URL as Node', () => {
    const bytes = new Uint8Array(200_000).map((_, i) => i % 256);
    expect(imageDataUrl('image/jpeg', bytes)).toBe(`data:image/jpeg;base64,${Buffer.from(bytes).toString('base64')}`);
  });
});
