/**
 * The header reads the session after hydration (pages stay static), so a
 * signed-in visitor would see "Sign In" until that answer arrives. The last
 * answer is remembered in localStorage; the boot script below (inlined in
 * <head>, before first paint) marks <html data-session-hint="in"> from it and
 * the Sign In link stays invisible (its space kept) until the session answers.
 */
export const SESSION_HINT_KEY = 'signet.signedIn';
export const SESSION_HINT_ATTRIBUTE = 'data-session-hint';

export const sessionHintBootScript = `(function(){try{if(localStorage.getItem('${SESSION_HINT_KEY}')==='1')document.documentElement.setAttribute('${SESSION_HINT_ATTRIBUTE}','in');}catch(e){}})();`;

/** Records what the session said (or `null`: unknown, e.g. offline) and lifts the mark. */
export function settleSessionHint(signedIn: boolean | null) {
  try {
    if (signedIn === true) localStorage.setItem(SESSION_HINT_KEY, '1');
    else if (signedIn === false) localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Storage disabled: the hint is only a nicety.
  }
  document.documentElement.removeAttribute(SESSION_HINT_ATTRIBUTE);
}
