/**
 * The app's fixed confirmations, asked before a step that sends, signs,
 * declines, deletes or needs a paid plan. Each has a header, a message and
 * accept/reject labels (messages/*.json → dialogs.presets.<id>), and Escape
 * closes it (result false). A confirmation answers true for accept, false
 * for reject, the close icon, Escape or being replaced by another dialog.
 */
export const CONFIRM_PRESETS = {
  // Before sending a document out for signature.
  'send-to-sign': { tone: 'default', icon: 'send' },
  // After saving a draft: send now (Yes) or go to the dashboard (No).
  'send-now-or-dashboard': { tone: 'default', icon: 'send' },
  // The signer has filled every field: confirm the signing.
  'confirm-all-signed': { tone: 'default', icon: 'check' },
  // The signer rejects the document; this preset asks for no reject message.
  reject: { tone: 'danger', icon: 'stop' },
  'delete-user': { tone: 'danger', icon: 'trash' },
  // A Free user reaches a paid feature: accept leads to the plans.
  'add-signature-free': { tone: 'default', icon: 'star' },
  'finalize-free': { tone: 'default', icon: 'star' },
  // Settings → Team: an admin removes a member ({name}); a member leaves the team ({team}).
  'remove-member': { tone: 'danger', icon: 'trash' },
  'leave-team': { tone: 'danger', icon: 'stop' },
  'delete-team': { tone: 'danger', icon: 'trash' },
} as const satisfies Record<string, { tone: 'default' | 'danger'; icon: TPresetIcon }>;

export type TPresetIcon = 'send' | 'check' | 'stop' | 'trash' | 'star';

export type TConfirmPreset = keyof typeof CONFIRM_PRESETS;

export const CONFIRM_PRESET_IDS = Object.keys(CONFIRM_PRESETS) as TConfirmPreset[];

/** Values the preset's message interpolates, e.g. delete-user's {name}. */
export type TPresetValues = Record<string, string | number>;
