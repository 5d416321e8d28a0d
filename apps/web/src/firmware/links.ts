/** External pages of the firmware and home areas (open in a new window, no opener). */
export const FIRMWARE_LINKS = {
  cardanoPortal: 'https://secuxtech.com/cardano/',
  mobileApp: 'https://secuxtech.com/secux-mobile-app/',
  supportEmail: 'support@secuxtech.com',
  guideAddAccount: 'https://secuxtech.com/support/add-accounts/',
  guideSendReceive: 'https://secuxtech.com/support/send-receive/',
  guideDevice: 'https://secuxtech.com/support/device-functions/',
} as const;
