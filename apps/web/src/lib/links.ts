/** External pages the wallet links to. They open in a new window with no opener and no referrer. */
export const LINKS = {
  news: 'https://secuxtech.com/blog/',
  help: 'https://secuxtech.com/support/',
  terms: 'https://secuxtech.com/terms-of-use/',
  privacy: 'https://secuxtech.com/privacy-policy/',
  dappConnect: 'https://wallet.secuxtech.com/dapp-connect/',
} as const;

export const EXTERNAL_LINK_PROPS = { target: '_blank', rel: 'noopener noreferrer' } as const;
