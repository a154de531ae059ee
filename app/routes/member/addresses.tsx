import { useCallback, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/addresses";
import type { action as addAction, loader as finderLoader } from "./addresses-new";
import type { action as editAction } from "./addresses-edit";
import type { SavedAddress } from "../../../platform/contract";
import { Dialog } from "~/components/dialog/Dialog";
import { ADDRESS_NOUN, AddressFinder, AddressForm, AddressLines, type AddressType } from "~/components/member/Address";
import { MemberPage, MemberSection } from "~/components/member/MemberArea";
import { formatAddress } from "~/models/address";
import * as forms from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import { savedAddresses, setDefaultAddress } from "./addresses.server";
import * as s from "~/components/member/Address.css";

/** The member's saved addresses (spec 2 §2 /member/addresses): delivery and billing, each with its default. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { addresses: await savedAddresses(context, request) };
}

/** 'Set as default' posts here; removing and editing have pages of their own. */
export async function action({ request, context }: Route.ActionArgs) {
  return setDefaultAddress(context, request);
}

const SECTIONS: { type: AddressType; title: string; empty: string }[] = [
  { type: "delivery", title: "Delivery addresses", empty: "You have no saved delivery addresses yet." },
  { type: "billing", title: "Billing addresses", empty: "You have no saved billing addresses yet." },
];

export default function Addresses({ loaderData }: Route.ComponentProps) {
  const { addresses } = loaderData;
  const [removing, setRemoving] = useState<SavedAddress | null>(null);
  const [editing, setEditing] = useState<SavedAddress | null>(null);
  const [adding, setAdding] = useState<AddressType | null>(null);
  const closeRemove = useCallback(() => setRemoving(null), []);
  const closeEdit = useCallback(() => setEditing(null), []);
  const closeAdd = useCallback(() => setAdding(null), []);
  return (
    <MemberPage title="Addresses" lead="The addresses you deliver to and pay from, ready for your next order.">
      {addresses.length === 0 ? <p className={s.empty}>You have no saved addresses yet.</p> : null}
      {SECTIONS.map((section) => {
        const ofType = addresses.filter((a) => a.type === section.type);
        return (
          <MemberSection key={section.type} id={`${section.type}-addresses`} title={section.title}>
            {ofType.length === 0 ? (
              <p className={s.empty}>{section.empty}</p>
            ) : (
              <ul className={s.list}>
                {ofType.map((address) => (
                  <AddressCard key={address.id} address={address} onEdit={setEditing} onRemove={setRemoving} />
                ))}
              </ul>
            )}
            <Link
              className={forms.button.secondary}
              to={`/member/addresses/new?type=${section.type}`}
              onClick={(event) => {
                // With script the finder opens over the list; without it, the link leads to its page.
                event.preventDefault();
                setAdding(section.type);
              }}
            >
              Add a {ADDRESS_NOUN[section.type]}
            </Link>
          </MemberSection>
        );
      })}
      <AddDialog type={adding} onClose={closeAdd} />
      <EditDialog address={editing} onClose={closeEdit} />
      <RemoveDialog address={removing} onClose={closeRemove} />
    </MemberPage>
  );
}

interface AddressCardProps {
  address: SavedAddress;
  onEdit: (address: SavedAddress) => void;
  onRemove: (address: SavedAddress) => void;
}

function AddressCard({ address, onEdit, onRemove }: AddressCardProps) {
  const which = <span className={visuallyHidden}> {formatAddress(address)}</span>;
  return (
    <li className={s.card}>
      {address.isDefault ? <span className={s.defaultTag}>Default</span> : null}
      <AddressLines address={address} />
      <div className={s.actions}>
        <Link
          className={s.actionLink}
          to={`/member/addresses/${address.id}/edit`}
          onClick={(event) => {
            event.preventDefault();
            onEdit(address);
          }}
        >
          Edit{which}
        </Link>
        <Link
          className={s.actionLink}
          to={`/member/addresses/${address.id}/remove`}
          onClick={(event) => {
            // With script the confirmation opens over the list; without it, the link leads to its page.
            event.preventDefault();
            onRemove(address);
          }}
        >
          Remove{which}
        </Link>
        {address.isDefault ? null : (
          <Form method="post" className={s.inlineForm}>
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="setDefault" />
            <input type="hidden" name="id" value={address.id} />
            <button type="submit" className={forms.button.secondary}>
              Set as default{which}
            </button>
          </Form>
        )}
      </div>
    </li>
  );
}

/**
 * Adding over the list (script only), the add page's steps in a dialog: find by postcode, choose from the results, or
 * type it in. The forms go to the add page's loader and action through fetchers; a saved address leads back here.
 */
function AddDialog({ type, onClose }: { type: AddressType | null; onClose: () => void }) {
  return (
    <Dialog open={type !== null} title={type ? `Add a ${ADDRESS_NOUN[type]}` : "Add an address"} onClose={onClose}>
      {type ? <AddAddress key={type} type={type} /> : null}
    </Dialog>
  );
}

function AddAddress({ type }: { type: AddressType }) {
  const finder = useFetcher<typeof finderLoader>();
  const saver = useFetcher<typeof addAction>();
  const [mode, setMode] = useState<"find" | "manual">("find");
  const path = `/member/addresses/new?type=${type}`;
  const answer = saver.data ?? null;
  if (mode === "manual") {
    return (
      <AddressForm
        form={saver.Form}
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
      onManual={() => setMode("manual")}
    />
  );
}

/** Editing over the list (script only): the edit page's form, posted through a fetcher. */
function EditDialog({ address, onClose }: { address: SavedAddress | null; onClose: () => void }) {
  return (
    <Dialog open={address !== null} title={address ? `Edit ${ADDRESS_NOUN[address.type]}` : "Edit address"} onClose={onClose}>
      {address ? <EditAddress key={address.id} address={address} onCancel={onClose} /> : null}
    </Dialog>
  );
}

function EditAddress({ address, onCancel }: { address: SavedAddress; onCancel: () => void }) {
  const saver = useFetcher<typeof editAction>();
  return (
    <AddressForm
      form={saver.Form}
      path={`/member/addresses/${address.id}/edit`}
      type={address.type}
      address={address}
      result={saver.data?.result ?? null}
      submitLabel="Save changes"
      back={{ href: "/member/addresses", label: "Cancel", onBack: onCancel }}
    />
  );
}

/** The remove confirmation over the list (script only): posts to the remove page's action, which leads back here. */
function RemoveDialog({ address, onClose }: { address: SavedAddress | null; onClose: () => void }) {
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
        <div className={s.formActions}>
          <button type="submit" className={forms.button.primary} disabled={fetcher.state !== "idle"}>
            Remove
          </button>
          <button type="button" className={forms.button.secondary} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </fetcher.Form>
    </>
  );
}

export function meta() {
  return [{ title: "Addresses" }];
}
