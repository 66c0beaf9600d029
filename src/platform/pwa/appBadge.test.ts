// The app icon's badge: a count shows, 0 clears, a browser without the API or refusing it
// (an app not installed) changes nothing and throws nothing.
import { describe, expect, it } from 'vitest';
import { showAppBadge } from './appBadge';

describe('showAppBadge', () => {
  it('sets a count and clears at 0', () => {
    const calls: string[] = [];
    const target = {
      setAppBadge: async (count?: number) => {
        calls.push(`set ${count}`);
      },
      clearAppBadge: async () => {
        calls.push('clear');
      },
    };
    showAppBadge(target, 3);
    showAppBadge(target, 0);
    expect(calls).toEqual(['set 3', 'clear']);
  });

  it('does nothing without the API, and swallows a refusal', async () => {
    expect(() => showAppBadge({}, 2)).not.toThrow();
    let refused = false;
    showAppBadge(
      {
        setAppBadge: () => {
          refused = true;
          return Promise.reject(new DOMException('not installed', 'NotAllowedError'));
        },
      },
      2,
    );
    await Promise.resolve();
    expect(refused).toBe(true);
  });
});
