import { ApiError } from "../errors";

export { requireMember, type MemberAuth } from "../member-auth";

/** A 400 naming the field to mark, with the words to show beside it. */
export function fieldRefusal(field: string, display: string, problem: string = display): ApiError {
  return new ApiError(400, problem, { errorCode: "VALIDATION_ERROR", errorDisplay: display, details: { field } });
}
