import { useState } from "react";
import { useFetcher } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { SavedAddress } from "#contract";
import { Dialog } from "~/components/dialog/Dialog";
import * as forms from "~/styles/forms.css";
import {
  ADDRESS_NOUN,
  ADDRESSES_PATH,
  AddressFinder,
  AddressForm,
  AddressLines,
  type AddressFormAnswer,
  type AddressLookupView,
  type AddressType,
} from "./Address";
import * as s from "./Address.css";
import { ConfirmButtons } from "./SavedItemActions";

/*
 * The address list's dialogs (spec 2 §2 modals), for pages with script. Each does what a page of its own does without
 * script, posting to that page's action (and reading its loader) through fetchers; a change that worked leads back to
 * the list, which closes the dialog.
 */

/**
 * Adding over the list (script only), the add page's steps in a dialog: find by postcode, choose from the results, or
 * type it in. The forms go to the add page's loader and action through fetchers; a saved address leads back here.
 */
export function AddDialog({ type, onClose }: { type: AddressType | null; onClose: () => void }) {
  return (
    <Dialog open={type !== null} title={type ? `Add a ${ADDRESS_NOUN[type]}` : "Add an address"} onClose={onClose}>
      {type ? <AddAddress key={type} type={type} /> : null}
    </Dialog>
  );
}

function AddAddress({ type }: { type: AddressType }) {
  const finder = useFetcher<{ lookup: AddressLookupView | null }>();
  const saver = useFetcher<AddressFormAnswer>();
  const [mode, setMode] = useState<"find" | "manual">("find");
  const path = `/member/addresses/new?type=${type}`;
  const answer = saver.data ?? null;
  if (mode === "manual") {
    return (
      <AddressForm
        form={saver.Form}
        busy={saver.state !== "idle"}
        path={`${path}&manual=1`}
        type={type}
        address={null}
        result={answer?.part === "save" ? answer.result : null}
        submitLabel="Save address"
        back={{ href: path, label: "Find the address by postcode instead", onBack: () => setMode("find") }}
      />
    );
  }
  return (
    <AddressFinder
      type={type}
      path={path}
      lookup={finder.data?.lookup ?? null}
      result={answer?.part === "choose" ? answer.result : null}
      manualHref={`${path}&manual=1`}
      finderForm={finder.Form}
      chooseForm={saver.Form}
      busy={saver.state !== "idle"}
      onManual={() => setMode("manual")}
    />
  );
}

/** Editing over the list (script only): the edit page's form, posted through a fetcher. */
export function EditDialog({ address, onClose }: { address: SavedAddress | null; onClose: () => void }) {
  return (
    <Dialog
      open={address !== null}
      title={address ? `Edit ${ADDRESS_NOUN[address.type]}` : "Edit address"}
      onClose={onClose}
    >
      {address ? <EditAddress key={address.id} address={address} onCancel={onClose} /> : null}
    </Dialog>
  );
}

function EditAddress({ address, onCancel }: { address: SavedAddress; onCancel: () => void }) {
  const saver = useFetcher<AddressFormAnswer>();
  return (
    <AddressForm
      form={saver.Form}
      busy={saver.state !== "idle"}
      path={`/member/addresses/${address.id}/edit`}
      type={address.type}
      address={address}
      result={saver.data?.result ?? null}
      submitLabel="Save changes"
      back={{ href: ADDRESSES_PATH, label: "Cancel", onBack: onCancel }}
    />
  );
}

/** The remove confirmation over the list (script only): posts to the remove page's action, which leads back here. */
export function RemoveDialog({ address, onClose }: { address: SavedAddress | null; onClose: () => void }) {
  return (
    <Dialog open={address !== null} title="Remove this address?" onClose={onClose}>
      {address ? <RemoveConfirm key={address.id} address={address} onCancel={onClose} /> : null}
    </Dialog>
  );
}

function RemoveConfirm({ address, onCancel }: { address: SavedAddress; onCancel: () => void }) {
  const fetcher = useFetcher<{ error: string }>();
  const error = fetcher.state === "idle" && fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  return (
    <>
      {error ? (
        <p className={forms.errorMessage} role="alert">
          {error}
        </p>
      ) : null}
      <div className={s.confirm}>
        <AddressLines address={address} />
      </div>
      <fetcher.Form method="post" action={`/member/addresses/${address.id}/remove`}>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="remove" />
        <ConfirmButtons
          label="Remove"
          busy={fetcher.state !== "idle"}
          onCancel={onCancel}
          cancelTo="/member/addresses"
        />
      </fetcher.Form>
    </>
  );
}
