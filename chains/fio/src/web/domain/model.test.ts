import { describe, expect, it } from 'vitest';
import { deviceFailure, sortHandles } from './model';

describe('Domain page model', () => {
  it("lists handles on the default domain 'secux' first", () => {
    const sorted = sortHandles([
      { handle: 'a@mine' },
      { handle: 'z@secux' },
      { handle: 'b@secux' },
      { handle: 'c@other' },
    ]);
    expect(sorted.map((h) => h.handle)).toEqual(['b@secux', 'z@secux', 'a@mine', 'c@other']);
  });
  it('a user cancel on the device is silent; DATA_ERROR is the signature error; others keep their message', () => {
    expect(deviceFailure(new Error('[SecuX device] USER_CANCEL (0x9001)'))).toEqual({ cancelled: true });
    expect(deviceFailure(new Error('DATA_ERROR'))).toMatchObject({
      cancelled: false,
      key: 'errors.signatureError',
    });
    expect(deviceFailure(new Error('device unplugged'))).toMatchObject({
      cancelled: false,
      message: 'device unplugged',
    });
  });
});
