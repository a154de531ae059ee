import { data } from "react-router";
import type { Route } from "./+types/addresses-edit";
import { ADDRESS_NOUN, ADDRESSES_PATH, AddressForm } from "~/components/member/Address";
import { MemberPage } from "~/components/member/MemberArea";
import { ownAddress, updateAddress } from "./addresses.server";

/** Editing one of the member's saved addresses; any other id is the 404 page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return { address: await ownAddress(context, request, params.addressId) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const posted = await updateAddress(context, request, params.addressId);
  if (posted.ok) return posted.response;
  return data(posted.answer, { status: 400 });
}

export default function EditAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { address } = loaderData;
  return (
    <MemberPage title={`Edit ${ADDRESS_NOUN[address.type]}`}>
      <AddressForm
        path={`/member/addresses/${address.id}/edit`}
        type={address.type}
        address={address}
        result={actionData?.result ?? null}
        submitLabel="Save changes"
        back={{ href: ADDRESSES_PATH, label: "Cancel" }}
      />
    </MemberPage>
  );
}

export function meta() {
  return [{ title: "Edit address" }];
}
