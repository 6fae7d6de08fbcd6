/**
 * The names a browser's workspace travels under, apart from the schemas in workspaces.ts so that client code
 * (lib/client/v1-api.ts, the switcher) can use them without bundling zod's schemas.
 */

/** The header a signed-in session names another of its workspaces with (docs/teams.md). */
export const WORKSPACE_HEADER = 'x-signet-workspace';
/**
 * The cookie holding a browser's current workspace (set by the switcher; not a secret, membership is checked on
 * every request). Calls that name none with the header act in it.
 */
export const WORKSPACE_COOKIE = 'signet-workspace';
