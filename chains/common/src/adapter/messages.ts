/** A signature checked: made by the address over the message, not, or not readable as this family's signature. */
export type MessageCheck = 'valid' | 'invalid' | 'unreadable';
