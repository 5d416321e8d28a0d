/** FIO's refusals as its http_plugin and contracts answer them: an HTTP status and FIO's body. */

/** A FIO chain error: HTTP status and FIO's body. */
export class FioReject extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(JSON.stringify(body));
  }
}

export const invalidInput = (name: string, value: unknown, error: string) =>
  new FioReject(400, {
    type: 'invalid_input',
    message: 'An invalid request was sent in, please check the nested errors for details.',
    fields: [{ name, value: String(value), error }],
  });

/** A FIO contract's signature refusal (fio_403_assert: fioerror.hpp's text), e.g. a handle the signer does not own. */
export const invalidSignature = () =>
  new FioReject(403, {
    type: 'invalid_signature',
    message: 'Request signature is not valid or this user is not allowed to sign this transaction.',
  });

export const notFound = (message: string) => new FioReject(404, { message });

/**
 * A nodeos exception as FIO's http_plugin answers it (handle_exception): unsatisfied_authorization is 401
 * 'UnAuthorized', tx_duplicate 409 'Conflict', any other chain exception 500 'Internal Service Error - (fc)'; the body
 * carries the exception's code, name and what, and its first log message in details.
 */
export const nodeosError = (
  name: string,
  code: number,
  what: string,
  detail = what,
  at: { file?: string; line?: number; method?: string } = {},
) => {
  const [status, message] =
    name === 'unsatisfied_authorization'
      ? [401, 'UnAuthorized']
      : name === 'tx_duplicate'
        ? [409, 'Conflict']
        : [500, 'Internal Service Error - (fc)'];
  return new FioReject(status, {
    code: status,
    message,
    error: {
      code,
      name,
      what,
      details: [{ message: detail, file: at.file ?? '', line_number: at.line ?? 0, method: at.method ?? '' }],
    },
  });
};

export const chainError = (name: string, code: number, what: string) => nodeosError(name, code, what);

/** An eosio_assert refusal as nodeos answers it (500, the message in details). */
export const assertFailure = (message: string) =>
  new FioReject(500, {
    code: 500,
    message: 'Internal Service Error - (fc)',
    error: {
      code: 3050003,
      name: 'eosio_assert_message_exception',
      what: 'eosio_assert_message assertion failure',
      details: [
        { message: `assertion failure with message: ${message}`, file: '', line_number: 0, method: '' },
      ],
    },
  });
