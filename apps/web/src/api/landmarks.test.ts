import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@tessera/contract';
import { LANDMARKS_NOT_FOUND_CODE, landmarksLoadFailureMessage } from '@tessera/domain';

describe('the landmarks read', () => {
  it('takes the server’s own "none stored" code as none (the domain names it without importing the contract)', () => {
    expect(LANDMARKS_NOT_FOUND_CODE).toBe(ERROR_CODES.landmarksNotFound);
    expect(
      landmarksLoadFailureMessage({ status: 404, code: ERROR_CODES.landmarksNotFound, message: 'x' }),
    ).toBeNull();
  });
});
