import type { ApiErrorBody } from "./contract";

/** An expected failure: answered in the contract's error shape with its HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: number | string;
  readonly errorDisplay?: string;
  readonly errorText?: string;
  /** Further fields for the body, where one error says more than its message (AGE_RESTRICTED's ageRestriction). */
  readonly details?: Record<string, unknown>;

  constructor(
    status: number,
    message: string,
    options: {
      errorCode?: number | string;
      errorDisplay?: string;
      errorText?: string;
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.status = status;
    this.errorCode = options.errorCode ?? status;
    this.errorDisplay = options.errorDisplay;
    this.errorText = options.errorText;
    this.details = options.details;
  }

  toBody(): ApiErrorBody {
    // The standard fields come last so details can never overwrite them.
    const body: ApiErrorBody = {
      ...this.details,
      status: this.status,
      errorCode: this.errorCode,
      message: this.message,
    };
    if (this.errorDisplay !== undefined) body.errorDisplay = this.errorDisplay;
    if (this.errorText !== undefined) body.errorText = this.errorText;
    return body;
  }
}
