import type { ErrorCodeValue, ErrorData } from '../../contract/errors.contract';

/** A refusal with a catalogue code: the caller gets the code and its message in their language. */
export class RpcError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    readonly data?: ErrorData,
  ) {
    super(`rpc error ${code}`);
    this.name = 'RpcError';
  }
}
