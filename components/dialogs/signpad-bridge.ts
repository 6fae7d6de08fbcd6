/**
 * Where the modal dialog meets the signpad. No signpad exists yet:
 * showHome and closeBankId do nothing until a signpad integration installs
 * the real calls with setSignpadBridge (show the signpad's home
 * screen; request the closing of the bank-ID flow).
 */
export type TSignpadBridge = { showHome: () => void; closeBankId: () => void };

const bridge: TSignpadBridge = { showHome: () => {}, closeBankId: () => {} };

export function getSignpadBridge(): TSignpadBridge {
  return bridge;
}

export function setSignpadBridge(calls: Partial<TSignpadBridge>): void {
  Object.assign(bridge, calls);
}

/** The external "closed by signpad" signal: an event on window, which a signpad integration dispatches. */
export const SIGNPAD_CLOSED_EVENT = 'signet:signpad-closed';
/** The signal closes the dialog 100 ms after it arrives. */
export const SIGNPAD_CLOSE_DELAY_MS = 100;

/** Calls onClosed 100 ms after each signal; the returned function stops listening and drops pending calls. */
export function listenForSignpadClose(
  target: EventTarget,
  onClosed: () => void,
  delayMs = SIGNPAD_CLOSE_DELAY_MS,
): () => void {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const onSignal = () => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      onClosed();
    }, delayMs);
    timers.add(timer);
  };
  target.addEventListener(SIGNPAD_CLOSED_EVENT, onSignal);
  return () => {
    target.removeEventListener(SIGNPAD_CLOSED_EVENT, onSignal);
    timers.forEach(clearTimeout);
    timers.clear();
  };
}
