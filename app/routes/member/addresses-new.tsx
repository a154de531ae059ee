import { data, Link } from "react-router";
import type { Route } from "./+types/addresses-new";
import { ADDRESS_NOUN, ADDRESSES_PATH, AddressFinder, AddressForm } from "~/components/member/Address";
import { MemberPage } from "~/components/member/MemberArea";
import { lookupAddresses } from "../checkout/address.server";
import { addAddress, addressTypeFrom } from "./addresses.server";
import { memberCall } from "./member.server";

/**
 * Adding a saved address (spec 2 §2 modals "address list", "address results", "address form"): find it by postcode
 * and choose it from the addresses there, or type it in. The finder is a GET (the postcode in the query); the
 * choice and the typed address are posts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const type = addressTypeFrom(url.searchParams.get("type"));
  const manual = url.searchParams.has("manual");
  const lookup =
    !manual && url.searchParams.has("postcode")
      ? await memberCall(context, request, (shopper) =>
          lookupAddresses(shopper, url.searchParams.get("postcode") ?? ""),
        )
      : null;
  return {
    type,
    mode: manual ? ("manual" as const) : ("find" as const),
    lookup: lookup ? { postcode: lookup.postcode, addresses: lookup.addresses, error: lookup.error } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const posted = await addAddress(context, request);
  if (posted.ok) return posted.response;
  return data(posted.answer, { status: 400 });
}

export default function NewAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { type, lookup } = loaderData;
  const answer = actionData ?? null;
  const mode = answer ? (answer.part === "save" ? "manual" : "find") : loaderData.mode;
  const path = `/member/addresses/new?type=${type}`;
  return (
    <MemberPage
      title={`Add a ${ADDRESS_NOUN[type]}`}
      lead={mode === "manual" ? "Type the address in." : "Find the address by its postcode, or type it in."}
    >
      {mode === "manual" ? (
        <AddressForm
          path={`${path}&manual=1`}
          type={type}
          address={null}
          result={answer?.result ?? null}
          submitLabel="Save address"
          back={{ href: path, label: "Find the address by postcode instead" }}
        />
      ) : (
        <AddressFinder
          type={type}
          path={path}
          lookup={lookup}
          result={answer?.result ?? null}
          manualHref={`${path}&manual=1`}
        />
      )}
      <p>
        <Link to={ADDRESSES_PATH}>Back to your addresses</Link>
      </p>
    </MemberPage>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data ? `Add a ${ADDRESS_NOUN[data.type]}` : "Add an address" }];
}
