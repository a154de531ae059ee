import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/checkout-details";
import { api } from "../../platform/contract";
import { AddressPicker } from "~/components/checkout/AddressPicker";
import * as styles from "~/components/checkout/Checkout.css";
import { CsrfInput } from "~/components/forms/CsrfInput";
import { ErrorSummary, summaryErrors, type FieldError } from "~/components/forms/ErrorSummary";
import { TextField } from "~/components/forms/TextField";
import { CHECKOUT_SUBTITLES, MARKETING_TITLE, marketingOptionsFromForm, validateContactDetails } from "~/models/checkout";
import { lookupFromQuery, pickerMode, saveAddressFromForm } from "~/services/checkout-address.server";
import { shopperContext } from "~/services/context";
import { refusalMessage, refusedField, requireCheckout } from "~/services/checkout.server";
import * as forms from "~/styles/forms.css";

const CONTACT_FIELDS = ["firstName", "lastName", "email", "phoneNumber", "acceptTerms"] as const;
const ADDRESS_ERROR_ORDER = ["addressLine1", "addressLine2", "town", "county", "postcode"] as const;
/** Ours: the details form sent before a delivery address was chosen. */
const DELIVERY_ADDRESS_MISSING = "Please enter your delivery address.";
const LOGIN_TO_ORDER = "Please Login or Create An Account to order with this store";

/**
 * The details step (spec 2 §2, §3): the delivery address (found by postcode or typed), then name, e-mail, mobile,
 * marketing preferences and the terms. For delivery the address comes first so that finding it, a post of its own
 * without script, never loses what was typed below.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const checkoutData = await requireCheckout(shopper, "details");
  const { basket, checkout, content, facts } = checkoutData;
  const url = new URL(request.url);
  const delivery = facts.method === "delivery";
  const saved = checkout.deliveryAddress;
  const offered = content.marketing.options;
  const optedIn = new Set((checkout.marketing?.options ?? []).filter((o) => o.opted === "in").map((o) => o.type));
  return {
    delivery,
    address: delivery
      ? {
          saved,
          mode: pickerMode(url, "delivery", saved !== null),
          lookup: await lookupFromQuery(shopper, url, "delivery").then((l) => (l ? { postcode: l.postcode, addresses: l.addresses, error: l.error } : null)),
          defaultPostcode: shopper.session.get("location")?.postcode ?? "",
        }
      : null,
    contact: checkout.contact,
    acceptedTerms: facts.acceptedTerms,
    marketing: { intro: content.marketing.intro, secondaryIntro: content.marketing.secondaryIntro, offered, optedIn: [...optedIn] },
    terms: { label: content.termsLabel, link: content.termsLink },
    basketToken: basket.basketToken,
  };
}

type ActionData = {
  part: "address" | "details";
  errors: FieldError[];
  fieldErrors: Partial<Record<string, string>> | null;
  formError: string | null;
  values: Record<string, string | string[]>;
};

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { basket, store, checkout, content, facts } = await requireCheckout(shopper, "details");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  if (intent === "choose-delivery" || intent === "save-delivery") {
    const saved = await saveAddressFromForm(shopper, "delivery", form, basket.basketToken);
    if (!saved.ok) {
      const errors: FieldError[] = saved.fieldErrors
        ? summaryErrors(saved.fieldErrors, ADDRESS_ERROR_ORDER, "delivery-")
        : [{ field: intent === "save-delivery" ? "delivery-addressLine1" : "delivery-find-postcode", message: saved.formError ?? "" }];
      const back = intent === "save-delivery" ? "manual" : "find";
      return data({ part: "address", errors, fieldErrors: saved.fieldErrors, formError: saved.formError, values: { ...saved.values, mode: back } } satisfies ActionData, { status: 400 });
    }
    if (saved.toast) shopper.session.flash("toast", saved.toast);
    return redirect("/checkout/details", 303);
  }

  const text = (name: string) => String(form.get(name) ?? "").trim();
  const values = { firstName: text("firstName"), lastName: text("lastName"), email: text("email"), phoneNumber: text("phoneNumber") };
  const acceptTerms = form.get("acceptTerms") === "yes";
  const marketingChecked = form.getAll("marketing").map(String);
  const fieldErrors: Partial<Record<string, string>> = { ...validateContactDetails({ ...values, acceptTerms }) };
  const answer = (status: number, extra: FieldError[] = []) =>
    data(
      {
        part: "details",
        errors: [...extra, ...summaryErrors(fieldErrors, CONTACT_FIELDS)],
        fieldErrors,
        formError: null,
        values: { ...values, marketing: marketingChecked, acceptTerms: acceptTerms ? "yes" : "" },
      } satisfies ActionData,
      { status },
    );

  const missingAddress = facts.method === "delivery" && !checkout.deliveryAddress;
  const addressError = missingAddress ? [{ field: "delivery-find-postcode", message: DELIVERY_ADDRESS_MISSING }] : [];
  if (Object.keys(fieldErrors).length > 0 || missingAddress) return answer(400, addressError);

  try {
    // Spec 2 §4: a guest's e-mail may force sign-in when the store checks member e-mails.
    const status = await shopper.api.call(api.checkRegistrationStatus, { email: values.email, basketToken: basket.basketToken });
    if (status.loginRequired) {
      fieldErrors.email = LOGIN_TO_ORDER;
      return answer(400);
    }
    await shopper.api.call(api.setContactDetails, { basketToken: basket.basketToken, ...values });
    await shopper.api.call(api.updateMarketingPreferences, {
      marketingOptions: marketingOptionsFromForm(content.marketing.options, marketingChecked),
      marketingChannelId: store.allowedMarketingChannels[0]?.id ?? null,
      basketToken: basket.basketToken,
    });
  } catch (error) {
    const field = refusedField(error);
    const message = refusalMessage(error);
    if (field && (CONTACT_FIELDS as readonly string[]).includes(field)) fieldErrors[field] = message;
    else return answer(400, [{ field: "firstName", message }]);
    return answer(400);
  }
  shopper.session.set("acceptedTerms", true);
  return redirect("/checkout/payment", 303);
}

export default function CheckoutDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { delivery, address, contact, marketing, terms } = loaderData;
  const detailsAnswer = actionData?.part === "details" ? actionData : null;
  const addressAnswer = actionData?.part === "address" ? actionData : null;
  const errorsFor = detailsAnswer?.fieldErrors ?? {};
  const value = (name: string) => {
    const v = (detailsAnswer?.values as Record<string, unknown> | undefined)?.[name];
    return typeof v === "string" ? v : undefined;
  };
  const checkedMarketing = new Set(
    detailsAnswer ? ((detailsAnswer.values.marketing as string[] | undefined) ?? []) : marketing.optedIn,
  );
  const termsAccepted = detailsAnswer ? detailsAnswer.values.acceptTerms === "yes" : loaderData.acceptedTerms;
  // A details post refused for want of a delivery address says so at the address too, not only in the summary.
  const addressMissing = detailsAnswer?.errors.find((e) => e.message === DELIVERY_ADDRESS_MISSING)?.message ?? null;
  const addressMode = addressAnswer ? (addressAnswer.values.mode === "manual" ? "manual" : "find") : address?.mode;

  return (
    <>
      <h1 className={styles.title}>Your details</h1>
      <ErrorSummary errors={actionData?.errors ?? []} />

      {delivery && address ? (
        <section className={styles.panel} aria-labelledby="delivery-address-title">
          <h2 className={styles.panelTitle} id="delivery-address-title">
            Delivery address
          </h2>
          <AddressPicker
            kind="delivery"
            path="/checkout/details"
            saved={address.saved}
            mode={addressMode ?? "find"}
            lookup={address.lookup}
            errors={addressAnswer?.fieldErrors ?? null}
            values={addressAnswer ? (addressAnswer.values as Record<string, string>) : null}
            defaultPostcode={address.defaultPostcode}
            formError={addressAnswer?.formError ?? addressMissing}
          />
        </section>
      ) : null}

      <Form method="post" noValidate>
        <CsrfInput />
        <input type="hidden" name="intent" value="details" />
        <section className={styles.panel} aria-labelledby="contact-title">
          <h2 className={styles.panelTitle} id="contact-title">
            Contact details
          </h2>
          <p className={styles.choiceHint}>{CHECKOUT_SUBTITLES.guest}</p>
          <TextField id="firstName" name="firstName" label="First name" autoComplete="given-name" maxLength={50} spellCheck={false} error={errorsFor.firstName} defaultValue={value("firstName") ?? contact?.firstName ?? ""} />
          <TextField id="lastName" name="lastName" label="Last name" autoComplete="family-name" maxLength={50} spellCheck={false} error={errorsFor.lastName} defaultValue={value("lastName") ?? contact?.lastName ?? ""} />
          <TextField id="email" name="email" label="Email address" hint="We will send your order confirmation here" type="email" autoComplete="email" spellCheck={false} maxLength={254} error={errorsFor.email} defaultValue={value("email") ?? contact?.email ?? ""} />
          <TextField id="phoneNumber" name="phoneNumber" label="Mobile number" hint="For updates about your order, like 07700 900 982" type="tel" autoComplete="tel" width="phone" maxLength={20} error={errorsFor.phoneNumber} defaultValue={value("phoneNumber") ?? contact?.phoneNumber ?? ""} />
        </section>

        {marketing.offered.length > 0 ? (
          <section className={styles.panel} aria-labelledby="marketing-title">
            <fieldset className={forms.fieldset} aria-describedby="marketing-intro">
              <legend className={forms.legend}>
                <h2 className={styles.panelTitle} id="marketing-title">
                  {MARKETING_TITLE}
                </h2>
              </legend>
              <div id="marketing-intro">
                {marketing.intro ? <p>{marketing.intro}</p> : null}
                {marketing.secondaryIntro ? <p className={styles.choiceHint}>{marketing.secondaryIntro}</p> : null}
              </div>
              <div className={styles.choices}>
                {marketing.offered.map((option) => (
                  <label key={option.type} className={styles.choice}>
                    <input className={styles.choiceInput} type="checkbox" name="marketing" value={option.type} defaultChecked={checkedMarketing.has(option.type)} />
                    <span>{option.text}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          </section>
        ) : null}

        <div className={errorsFor.acceptTerms ? `${forms.formGroup} ${forms.formGroupError}` : forms.formGroup}>
          {errorsFor.acceptTerms ? (
            <p className={forms.errorMessage} id="acceptTerms-error">
              {errorsFor.acceptTerms}
            </p>
          ) : null}
          <label className={styles.choice}>
            <input
              className={styles.choiceInput}
              type="checkbox"
              id="acceptTerms"
              name="acceptTerms"
              value="yes"
              defaultChecked={termsAccepted}
              aria-describedby={errorsFor.acceptTerms ? "acceptTerms-error terms-link" : "terms-link"}
              aria-invalid={errorsFor.acceptTerms ? true : undefined}
            />
            <span>{terms.label}</span>
          </label>
          {terms.link ? (
            <p id="terms-link">
              <a href={terms.link} target="_blank" rel="noopener">
                Read the terms and conditions (opens in a new tab)
              </a>
            </p>
          ) : null}
        </div>

        <button type="submit" className={forms.button.primary}>
          Continue to payment
        </button>
      </Form>
    </>
  );
}

export function meta() {
  return [{ title: "Checkout: your details" }];
}
