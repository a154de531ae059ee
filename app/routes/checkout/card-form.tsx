import { Form, href, Link, useNavigation } from "react-router";
import { ClientOnly } from "remix-utils/client-only";
import type { Route } from "./+types/card-form";
import * as styles from "~/components/checkout/Checkout.css";
import { CardFields, SaveCardCheckbox } from "~/components/checkout/CardFields";
import { SavedCardChoice } from "~/components/checkout/SavedCardChoice";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { replyForm, replyFormProps } from "~/components/forms/fields";
import { cardFormData, payByCard } from "./card-form.server";
import * as forms from "~/styles/forms.css";

/** Spec 2 §5: the brands the card gateway takes. */
const ACCEPTED_CARDS = ["Visa", "Mastercard", "Discover", "JCB"];
const HOSTED_PAGE_ALTERNATIVE = "Enter your card on our payment provider's page instead";

/**
 * The card step (spec 2 §2): the amount and billing address, then the three card fields. With script they are the
 * gateway's fields on this page (CardFields); without it, or when they cannot load, they are on the gateway's
 * secure card page. Either way card data never passes through this site (decisions 0014, 0024). A member may keep
 * a new card, or pay with a kept one and its security code (decision 0023).
 */
export async function loader({ context }: Route.LoaderArgs) {
  return cardFormData(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return payByCard(context, request);
}

export default function CardForm({ loaderData, actionData }: Route.ComponentProps) {
  const { problem, disabledReason, total, savedCards } = loaderData;
  const choosing = savedCards !== null && savedCards.length > 0 && problem === null;
  const [form] = replyForm(choosing ? "card-new" : "card", actionData);
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction === href("/checkout/payment/card-form");
  const refusal = form.errors?.[0];
  const blocked = problem ?? disabledReason;
  const canSaveCard = savedCards !== null;
  /** The way without script: the gateway's hosted card page. With script, the alternative to the fields. */
  const hostedPage = (alternative: boolean) => {
    return (
      <Form method="post" {...replyFormProps(form)}>
        <p>
          {alternative
            ? "Or enter your card on our payment provider's secure page, then come back here."
            : "You will enter your card number, expiry date and security code on our payment provider's secure page, then come back here."}
        </p>
        <AuthenticityTokenInput />
        <input type="hidden" name="idempotencyKey" value={loaderData.formKey} />
        {canSaveCard ? <SaveCardCheckbox id={alternative ? "save-card-hosted" : "save-card"} /> : null}
        <button
          type="submit"
          className={alternative ? forms.button.secondary : forms.button.primary}
          disabled={blocked !== null || submitting}
          {...(alternative ? {} : { id: "pay" })}
        >
          {submitting ? "Please wait…" : alternative ? HOSTED_PAGE_ALTERNATIVE : `Pay ${total} by card`}
        </button>
      </Form>
    );
  };
  const newCard = problem ? null : loaderData.cardFields ? (
    <ClientOnly fallback={hostedPage(false)}>
      {() => (
        <CardFields
          {...loaderData.cardFields!}
          total={total}
          blocked={blocked}
          canSaveCard={canSaveCard}
          hostedPage={(failed) => hostedPage(!failed)}
        />
      )}
    </ClientOnly>
  ) : (
    hostedPage(false)
  );
  return (
    <>
      <h1 className={styles.title}>Pay by card</h1>
      {choosing ? null : <ErrorSummary errors={refusal ? [{ field: "pay", message: refusal }] : []} />}
      {blocked ? (
        <p className={styles.notice} role="alert">
          {blocked}
        </p>
      ) : null}
      <section className={styles.panel} aria-labelledby="card-payment-title">
        <h2 className={styles.panelTitle} id="card-payment-title">
          Card payment of {total}
        </h2>
        <dl className={styles.facts}>
          <div>
            <dt>Billing address</dt>
            <dd>
              {loaderData.billingAddress}{" "}
              <Link to={`${href("/checkout/payment/billing-address")}?change=billing`}>Change billing address</Link>
            </dd>
          </div>
          <div>
            <dt>Cards accepted</dt>
            <dd>{ACCEPTED_CARDS.join(", ")}</dd>
          </div>
        </dl>
        {choosing ? (
          <SavedCardChoice
            cards={savedCards}
            formKey={loaderData.formKey}
            total={total}
            blocked={blocked}
            submitting={submitting}
            lastResult={actionData}
            newCard={newCard}
          />
        ) : (
          newCard
        )}
      </section>
      <p>
        <Link to={href("/checkout/payment")}>Choose another way to pay</Link>
      </p>
    </>
  );
}

export function meta() {
  return [{ title: "Checkout: pay by card" }];
}
