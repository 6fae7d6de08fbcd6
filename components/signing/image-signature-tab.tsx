'use client';

import { useId, useState } from 'react';
import {
  checkImageBytes,
  checkImageDimensions,
  imageDataUrl,
  type TImageProblem,
} from '@/lib/signatures/check-signature-image';

type Props = {
  image: string | null;
  onImage: (dataUrl: string | null) => void;
  labels: { choose: string; hint: string; preview: string; problem: (problem: TImageProblem) => string };
};

/** The decoded size, or null when the browser cannot decode it (damaged, or not really an image). */
function decodedSize(url: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => resolve(null);
    image.src = url;
  });
}

/** Upload: a PNG or JPEG, checked here like any upload (the server checks again and re-encodes it). */
export function ImageSignatureTab({ image, onImage, labels }: Props) {
  const inputId = useId();
  const hintId = useId();
  const [problem, setProblem] = useState<TImageProblem | null>(null);

  const onFile = async (file: File | undefined) => {
    setProblem(null);
    onImage(null);
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const checked = checkImageBytes(bytes);
    if (!checked.ok) return setProblem(checked.problem);
    const url = imageDataUrl(checked.mime, bytes);
    const size = await decodedSize(url);
    if (!size) return setProblem('unreadable');
    const dimensions = checkImageDimensions(size.width, size.height);
    if (dimensions) return setProblem(dimensions);
    onImage(url);
  };

  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={inputId} className="text-sm font-semibold">
        {labels.choose}
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/png,image/jpeg"
        aria-describedby={hintId}
        onChange={(event) => void onFile(event.target.files?.[0])}
        className="block w-full text-sm text-ink file:mr-3 file:rounded-lg file:border-0 file:bg-primary-700 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-primary-800"
        data-signature-file=""
      />
      <p id={hintId} className="text-sm text-ink-muted">
        {labels.hint}
      </p>
      {problem ? (
        <p
          role="alert"
          className="text-sm font-semibold text-danger-700 dark:text-danger-300"
          data-signature-image-problem={problem}
        >
          {labels.problem(problem)}
        </p>
      ) : null}
      {image ? (
        <div className="flex h-40 items-center justify-center rounded-lg border border-surface-border bg-white p-2">
          {/* eslint-disable-next-line @next/next/no-img-element -- a local data URL, nothing for next/image to optimize */}
          <img src={image} alt={labels.preview} className="max-h-full max-w-full object-contain" />
        </div>
      ) : null}
    </div>
  );
}
