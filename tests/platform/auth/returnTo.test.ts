import { describe, expect, it } from 'vitest';
import {
  AUTH_CALLBACK_PATH,
  DEFAULT_RETURN_TO,
  returnToFromState,
  safeReturnTo,
} from '../../../src/platform/auth/returnTo';

describe('safeReturnTo', () => {
  it('keeps a path of this app with its query and hash', () => {
    expect(safeReturnTo('/order/order/list?orderType=ALL#top')).toBe(
      '/order/order/list?orderType=ALL#top',
    );
  });

  it('refuses other origins, protocol-relative and backslash tricks, and the callback', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'home',
      AUTH_CALLBACK_PATH,
      `${AUTH_CALLBACK_PATH}?code=1`,
      null,
      42,
    ]) {
      expect(safeReturnTo(value)).toBe(DEFAULT_RETURN_TO);
    }
  });

  it('reads the return address from the sign-in request state', () => {
    expect(returnToFromState({ returnTo: '/user/user-center' })).toBe('/user/user-center');
    expect(returnToFromState(undefined)).toBe(DEFAULT_RETURN_TO);
    expect(returnToFromState({ returnTo: 'https://evil.example' })).toBe(DEFAULT_RETURN_TO);
  });
});
