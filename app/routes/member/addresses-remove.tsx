import { data, Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/addresses-remove";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { AddressLines, ADDRESSES_PATH } from "~/components/member/Address";
import { MemberPage } from "~/components/member/MemberArea";
import { ConfirmButtons } from "~/components/member/SavedItemActions";
import { ownAddress, removeAddress } from "./addresses.server";
import * as s from "~/components/member/Address.css";

/** The remove confirmation as a page (without script; the list opens it as a dialog with script). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return { address: await ownAddress(context, request, params.addressId) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const removed = await removeAddress(context, request, params.addressId);
  if (removed instanceof Response) return removed;
  return data(removed, { status: 500 });
}

export default function RemoveAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { address } = loaderData;
  const error = actionData?.error ?? null;
  return (
    <MemberPage title="Remove this address?">
      <ErrorSummary errors={error ? [{ field: "remove-address", message: error }] : []} />
      <div className={s.confirm}>
        <AddressLines address={address} />
      </div>
      <Form method="post" action={`/member/addresses/${address.id}/remove`}>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="remove" />
        <ConfirmButtons label="Remove" id="remove-address" cancelTo={ADDRESSES_PATH} />
      </Form>
    </MemberPage>
  );
}

export function meta() {
  return [{ title: "Remove this address?" }];
}
