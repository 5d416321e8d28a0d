import { describe, expect, it } from 'vitest';
import { developerPanelEnabled } from './DeveloperPanel';

describe('developer panel', () => {
  it('is off by default and only the remote config turns it on', () => {
    expect(developerPanelEnabled(undefined)).toBe(false);
    expect(developerPanelEnabled({ environments: {} })).toBe(false);
    expect(developerPanelEnabled({ environments: { developerPanel: 'true' } })).toBe(false);
    expect(developerPanelEnabled({ environments: { developerPanel: true } })).toBe(true);
  });
});
