import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { fieldErrors } from "~/components/forms/fields";
import * as forms from "~/styles/forms.css";
import { MemberSection } from "./MemberArea";
import * as s from "./Orders.css";

const STAR_LABELS = ["1 star", "2 stars", "3 stars", "4 stars", "5 stars"] as const;

/** The review form's fields, as the member's order action reads them (its reviewSchema). */
type ReviewFields = { intent: "review"; starRating: string; comment: string };

/** The review action's answer: Conform's reply to a refused review (a sent one redirects). */
type ReviewResult = SubmissionResult<string[]> | undefined;

export interface OrderReviewProps {
  /** The member's review of the order, once given. */
  review: { starRating: number; comment: string } | null;
  /** Delivered or collected, and not reviewed yet. */
  canReview: boolean;
  result: ReviewResult;
  commentMax: number;
}

/**
 * A member's order's review (spec 2 §2 /member/orders/{orderId}): the review given, or once the order is delivered or
 * collected, the form to give it. A refused review shows its reasons wherever the page then stands.
 */
export function OrderReview({ review, canReview, result, commentMax }: OrderReviewProps) {
  return review ? (
    <MemberSection id="order-review" title="Your review">
      <ReviewRefusal result={result} />
      <p>
        <strong>{STAR_LABELS[review.starRating - 1]}</strong>
      </p>
      {review.comment ? <p>{review.comment}</p> : null}
    </MemberSection>
  ) : canReview ? (
    <ReviewForm result={result} commentMax={commentMax} />
  ) : result ? (
    <ReviewRefusal result={result} />
  ) : null;
}

/** A refused review shown when the form itself is no longer offered (a second review of the order, say). */
function ReviewRefusal({ result }: { result: ReviewResult }) {
  const messages = result?.error ? Object.values(result.error).flatMap((list) => list ?? []) : [];
  return <ErrorSummary id="review-errors" errors={messages.map((message) => ({ field: "order-review", message }))} />;
}

/** 'Rate your order': 1–5 stars and a comment. */
function ReviewForm({ result, commentMax }: { result: ReviewResult; commentMax: number }) {
  const [form, fields] = useForm<ReviewFields>({
    id: "review",
    lastResult: result,
    shouldValidate: "onSubmit",
  });
  const formError = form.errors?.[0];
  const ratingError = fields.starRating.errors?.[0];
  const commentError = fields.comment.errors?.[0];
  // The rating's summary link goes to its first star.
  const summary = [
    ...(formError ? [{ field: `${fields.starRating.id}-1`, message: formError }] : []),
    ...(ratingError ? [{ field: `${fields.starRating.id}-1`, message: ratingError }] : []),
    ...fieldErrors([fields.comment]),
  ];
  return (
    <MemberSection id="order-review" title="Rate your order">
      <ErrorSummary id="review-errors" errors={summary} />
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="review" />
        <div className={ratingError ? `${forms.formGroup} ${forms.formGroupError}` : forms.formGroup}>
          <fieldset className={forms.fieldset} aria-describedby={ratingError ? fields.starRating.errorId : undefined}>
            <legend className={forms.legend}>Stars</legend>
            {ratingError ? (
              <p id={fields.starRating.errorId} className={forms.errorMessage}>
                {ratingError}
              </p>
            ) : null}
            <div className={s.stars}>
              {STAR_LABELS.map((label, index) => (
                <label key={label} className={s.star}>
                  <input
                    className={s.starInput}
                    type="radio"
                    id={`${fields.starRating.id}-${index + 1}`}
                    name={fields.starRating.name}
                    value={String(index + 1)}
                    defaultChecked={fields.starRating.initialValue === String(index + 1)}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        <div className={commentError ? `${forms.formGroup} ${forms.formGroupError}` : forms.formGroup}>
          <label className={forms.label} htmlFor={fields.comment.id}>
            Comment (optional)
          </label>
          {commentError ? (
            <p id={fields.comment.errorId} className={forms.errorMessage}>
              {commentError}
            </p>
          ) : null}
          <textarea
            id={fields.comment.id}
            name={fields.comment.name}
            className={commentError ? `${forms.textarea} ${forms.fieldError}` : forms.textarea}
            defaultValue={typeof fields.comment.initialValue === "string" ? fields.comment.initialValue : ""}
            maxLength={commentMax}
            aria-invalid={commentError ? true : undefined}
            aria-describedby={commentError ? fields.comment.errorId : undefined}
          />
        </div>
        <button type="submit" className={forms.button.primary}>
          Send your review
        </button>
      </Form>
    </MemberSection>
  );
}
