/**
 * The authenticated data of a biometric envelope: the exact bytes in a fixed
 * order, so the examiner's tool rebuilds them from the envelope's binding.
 * Plain (no server-only): the sealing server and scripts/lib/biometric-open.ts share it.
 */
export type TBiometricBinding = { documentSha256: string; recipientId: string; fieldId: string };

export function biometricAad(binding: TBiometricBinding): Uint8Array {
  return new TextEncoder().encode(
    JSON.stringify(['signet-biometric/1', binding.documentSha256, binding.recipientId, binding.fieldId]),
  );
}
