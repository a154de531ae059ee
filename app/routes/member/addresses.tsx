import { useCallback, useState } from "react";
import type { Route } from "./+types/addresses";
import type { SavedAddress } from "#contract";
import { ADDRESS_NOUN, AddressLines, type AddressType } from "~/components/member/Address";
import { AddDialog, EditDialog, RemoveDialog } from "~/components/member/AddressDialogs";
import { MemberPage, MemberSection } from "~/components/member/MemberArea";
import { formatAddress } from "~/models/address";
import * as forms from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import { savedAddresses, setDefaultAddress } from "./addresses.server";
import * as s from "~/components/member/Address.css";
import { DialogLink, SetDefaultForm } from "~/components/member/SavedItemActions";

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
            {/* With script the finder opens over the list; without it, the link leads to its page. */}
            <DialogLink
              className={forms.button.secondary}
              to={`/member/addresses/new?type=${section.type}`}
              onOpen={() => setAdding(section.type)}
            >
              Add a {ADDRESS_NOUN[section.type]}
            </DialogLink>
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
        <DialogLink to={`/member/addresses/${address.id}/edit`} onOpen={() => onEdit(address)}>
          Edit{which}
        </DialogLink>
        {/* With script the confirmation opens over the list; without it, the link leads to its page. */}
        <DialogLink to={`/member/addresses/${address.id}/remove`} onOpen={() => onRemove(address)}>
          Remove{which}
        </DialogLink>
        {address.isDefault ? null : <SetDefaultForm name="id" id={address.id} which={which} />}
      </div>
    </li>
  );
}

export function meta() {
  return [{ title: "Addresses" }];
}
