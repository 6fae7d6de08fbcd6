import 'server-only';
import type { TDrawnSignature, TPointerType } from '@/lib/api/v1/signature-body';

/**
 * The biometric record of a drawn signature, modelled on ISO/IEC 19794-7
 * (signature/sign time series, full format): one channel description per
 * channel, then the samples of each pen-down stroke in channel order.
 * docs/biometric.md describes it for forensic examiners.
 */
export const BIOMETRIC_FORMAT = 'signet-biometric/1';

/** ISO/IEC 19794-7 channel names; PT (pointer type) is ours, per stroke. */
export const CHANNELS = [
  { name: 'X', unit: 'pad unit (CSS pixel), origin top-left, rightwards' },
  { name: 'Y', unit: 'pad unit (CSS pixel), origin top-left, downwards' },
  { name: 'T', unit: 'millisecond since the first sample' },
  { name: 'F', unit: 'normalized tip pressure 0..1 (Pointer Events pressure)' },
  { name: 'TX', unit: 'degree, tilt in the X-Z plane, -90..90 (Pointer Events tiltX)' },
  { name: 'TY', unit: 'degree, tilt in the Y-Z plane, -90..90 (Pointer Events tiltY)' },
  { name: 'R', unit: 'degree, clockwise rotation about the pen axis, 0..359 (Pointer Events twist)' },
] as const;

export type TChannelName = (typeof CHANNELS)[number]['name'];

export type { TBiometricBinding } from '@/lib/signatures/biometric-aad';
import type { TBiometricBinding } from '@/lib/signatures/biometric-aad';

export type TBiometricRecord = {
  format: typeof BIOMETRIC_FORMAT;
  model: 'ISO/IEC 19794-7:2014 signature time series, full format (JSON rendering)';
  binding: TBiometricBinding;
  capturedAt: string;
  userAgent: string | null;
  pad: { width: number; height: number };
  /** `reported: false` is the explicit "not reported" of a device that lacks the channel (a mouse has no pressure); its samples hold null. */
  channels: { name: TChannelName; unit: string; reported: boolean }[];
  strokes: { pointerType: TPointerType | 'unknown'; samples: (number | null)[][] }[];
};

const FIELD: Record<Exclude<TChannelName, 'X' | 'Y' | 'T'>, 'pressure' | 'tiltX' | 'tiltY' | 'twist'> = {
  F: 'pressure',
  TX: 'tiltX',
  TY: 'tiltY',
  R: 'twist',
};

/**
 * A mouse "reports" pressure 0.5 while a button is down and tilt 0: the
 * page leaves those out for a mouse, and the record says not reported.
 */
export function buildBiometricRecord(
  body: TDrawnSignature,
  binding: TBiometricBinding,
  meta: { capturedAt: Date; userAgent?: string | null },
): TBiometricRecord {
  const points = body.strokes.flat();
  const reported = (name: TChannelName) =>
    name === 'X' || name === 'Y' || name === 'T' || points.some((point) => point[FIELD[name]] !== undefined);
  return {
    format: BIOMETRIC_FORMAT,
    model: 'ISO/IEC 19794-7:2014 signature time series, full format (JSON rendering)',
    binding,
    capturedAt: meta.capturedAt.toISOString(),
    userAgent: meta.userAgent ?? null,
    pad: { width: body.width, height: body.height },
    channels: CHANNELS.map((channel) => ({ ...channel, reported: reported(channel.name) })),
    strokes: body.strokes.map((stroke) => ({
      pointerType: stroke[0]?.pointerType ?? 'unknown',
      samples: stroke.map((point) => [
        point.x,
        point.y,
        point.t,
        point.pressure ?? null,
        point.tiltX ?? null,
        point.tiltY ?? null,
        point.twist ?? null,
      ]),
    })),
  };
}
