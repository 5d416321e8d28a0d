import { describe, expect, it } from 'vitest';
import { UNKNOWN_SCRIPT_TYPE, UnknownScriptTypeError, scriptTypeFromAddress } from './scriptType';

describe('script type', () => {
  it.each([
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'wrappedSegwit'],
    ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'wrappedSegwit'],
    ['7abc', 'wrappedSegwit'],
    ['Pabc', 'wrappedSegwit'],
    ['MQMcJhpWHYVeQArcZR3sBgyPZxxRtnH441', 'wrappedSegwit'],
    ['Sabc', 'wrappedSegwit'],
    ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'nativeSegwit'],
    ['bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', 'taproot'],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'legacy'],
    ['LTC1', 'legacy'],
  ])('%s → %s', (address, type) => {
    expect(scriptTypeFromAddress(address)).toBe(type);
  });

  it("throws 'Unknown ScriptType' for other bc prefixes", () => {
    expect(() => scriptTypeFromAddress('bc1zw508d6qejxtdg4y5r3zarvaryvg')).toThrow(UnknownScriptTypeError);
    expect(() => scriptTypeFromAddress('bcrt1q')).toThrow(UNKNOWN_SCRIPT_TYPE);
  });
});
