import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import type { Route } from "./+types/details";
import { AddressPicker, addressErrors, addressFieldId } from "~/components/checkout/AddressPicker";
import * as styles from "~/components/checkout/Checkout.css";
import { ContactDetailsForm } from "~/components/checkout/ContactDetailsForm";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { fieldErrors, replyForm } from "~/components/forms/fields";
import { appContext, shopperContext } from "~/services/context";
import { redirectWithFlash } from "~/services/flash.server";
import { memberContact } from "./account.server";
import {
  CONTACT_FIELDS,
  detailsSchema as schema,
  saveDetails,
  type DetailsForm,
  type DetailsSaved,
} from "./details.server";
import {
  lookupFromQuery,
  memberSavedAddresses,
  pickerMode,
  saveAddressFromForm,
  savedAddressChoices,
} from "./address.server";
import { memberMarketingChoices, refusalMessage, refusedField, requireCheckout } from "./checkout.server";

/** Ours: the details form sent before a delivery address was chosen. */
const DELIVERY_ADDRESS_MISSING = "Please enter your delivery address.";

/**
 * The details step (spec 2 §2, §3): the delivery address (found by postcode or typed), then name, e-mail, mobile,
 * marketing preferences and the terms. For delivery the address comes first so that finding it, a post of its own
 * without script, never loses what was typed below. A member (spec 2 §3, §4) finds their details, their marketing
 * choices and the terms filled in, and their saved delivery addresses offered first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const { log } = context.get(appContext);
  const checkoutData = await requireCheckout(context, "details");
  const { basket, checkout, content, facts } = checkoutData;
  const url = new URL(request.url);
  const delivery = facts.method === "delivery";
  const saved = checkout.deliveryAddress;
  const member = facts.mode === "member";
  const [memberMarketing, savedAddresses] = await Promise.all([
    member ? memberMarketingChoices(shopper, content, log) : null,
    member && delivery ? memberSavedAddresses(shopper, "delivery", log) : [],
  ]);
  // A guest's consents are the basket's; a member's their account's, shown as they chose them.
  const offered = member ? (memberMarketing?.offered ?? []) : content.marketing.options;
  const optedIn = member
    ? (memberMarketing?.optedIn ?? [])
    : (checkout.marketing?.options ?? []).filter((o) => o.opted === "in").map((o) => o.type);
  return {
    delivery,
    address: delivery
      ? {
          saved,
          mode: pickerMode(url, "delivery", saved !== null),
          lookup: await lookupFromQuery(shopper, url, "delivery").then((l) =>
            l ? { postcode: l.postcode, addresses: l.addresses, error: l.error } : null,
          ),
          defaultPostcode: shopper.session.get("location")?.postcode ?? "",
          savedAddresses: savedAddressChoices(savedAddresses),
        }
      : null,
    // A member who has not given details for this order finds their own filled in (spec 2 §4).
    contact: checkout.contact ?? (await memberContact(shopper)),
    member,
    // Spec 2 §4: members find the terms accepted.
    acceptedTerms: facts.acceptedTerms || member,
    marketing: { intro: content.marketing.intro, secondaryIntro: content.marketing.secondaryIntro, offered, optedIn },
    terms: { label: content.termsLabel, link: content.termsLink },
    basketToken: basket.basketToken,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { log } = context.get(appContext);
  const checkoutData = await requireCheckout(context, "details");
  const { basket, checkout, facts } = checkoutData;
  const form = await request.formData();
  const submission = parseWithZod(form, { schema });

  // The address picker's own posts: find and choose, or type in, the delivery address.
  if (submission.payload.intent !== "details") {
    const saved = await saveAddressFromForm(shopper, "delivery", form, basket.basketToken, log);
    if (!saved.ok) return data({ part: "address" as const, answer: saved.answer }, { status: 400 });
    return redirectWithFlash(context, href("/checkout/details"), saved.toast ? { toast: saved.toast } : {});
  }

  const addressMissing = facts.method === "delivery" && !checkout.deliveryAddress;
  const refuse = (result = submission.reply()) =>
    data({ part: "details" as const, result, addressMissing }, { status: 400 });
  if (submission.status !== "success" || addressMissing) return refuse();
  let saved: DetailsSaved;
  try {
    saved = await saveDetails(shopper, log, checkoutData, submission.value);
  } catch (error) {
    const field = refusedField(error);
    const message = refusalMessage(error);
    if (field && (CONTACT_FIELDS as readonly string[]).includes(field))
      return refuse(submission.reply({ fieldErrors: { [field]: [message] } }));
    return refuse(submission.reply({ formErrors: [message] }));
  }
  // Spec 2 §4: a guest's e-mail may force sign-in when the store checks member e-mails: to the sign-in, filled in.
  if (saved.kind === "sign-in")
    return redirect(`${href("/checkout/details/sign-in")}?${new URLSearchParams({ email: saved.email })}`, 303);
  shopper.session.set("acceptedTerms", true);
  if (saved.toast) return redirectWithFlash(context, href("/checkout/payment"), { toast: saved.toast });
  return redirect(href("/checkout/payment"), 303);
}

export default function CheckoutDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { delivery, address, contact, member, marketing, terms } = loaderData;
  const detailsAnswer = actionData?.part === "details" ? actionData : null;
  const addressAnswer = actionData?.part === "address" ? actionData.answer : null;
  const [form, fields] = replyForm<DetailsForm>("details", detailsAnswer?.result);
  const termsAccepted = detailsAnswer ? fields.acceptTerms.initialValue === "yes" : loaderData.acceptedTerms;
  // A details post refused for want of a delivery address says so at the address too, not only in the summary.
  const addressMissing = detailsAnswer?.addressMissing ? DELIVERY_ADDRESS_MISSING : null;
  const addressMode = addressAnswer ? (addressAnswer.part === "save" ? "manual" : "find") : address?.mode;
  const formError = form.errors?.[0];
  const summary = [
    ...addressErrors(addressAnswer),
    ...(addressMissing ? [{ field: addressFieldId("delivery", "find-postcode"), message: addressMissing }] : []),
    ...(formError ? [{ field: fields.firstName.id, message: formError }] : []),
    ...fieldErrors([fields.firstName, fields.lastName, fields.email, fields.phoneNumber, fields.acceptTerms]),
  ];

  return (
    <>
      <h1 className={styles.title}>Your details</h1>
      <ErrorSummary errors={summary} />

      {delivery && address ? (
        <section className={styles.panel} aria-labelledby="delivery-address-title">
          <h2 className={styles.panelTitle} id="delivery-address-title">
            Delivery address
          </h2>
          <AddressPicker
            kind="delivery"
            path={href("/checkout/details")}
            saved={address.saved}
            mode={addressMode ?? "find"}
            lookup={address.lookup}
            answer={addressAnswer}
            defaultPostcode={address.defaultPostcode}
            formError={addressMissing}
            savedAddresses={address.savedAddresses}
            offerSave={member}
          />
        </section>
      ) : null}

      <ContactDetailsForm
        form={form}
        fields={fields}
        contact={contact}
        member={member}
        marketing={marketing}
        terms={terms}
        termsAccepted={termsAccepted}
      />
    </>
  );
}

export function meta() {
  return [{ title: "Checkout: your details" }];
}
