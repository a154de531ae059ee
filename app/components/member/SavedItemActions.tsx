import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { DialogLink as PlainDialogLink } from "../dialog/DialogLink";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import * as forms from "~/styles/forms.css";
import * as s from "./Address.css";

/*
 * The actions on a saved address or card in the member's lists (spec 2 §2): a link that opens its dialog with script
 * and leads to its own page without; 'Set as default'; and a confirmation's buttons.
 */

/** The list's dialog link, in the list's link style. */
export function DialogLink(props: { to: string; onOpen: () => void; children: ReactNode; className?: string }) {
  return <PlainDialogLink {...props} className={props.className ?? s.actionLink} />;
}

/** 'Set as default' for one item: a plain post of intent setDefault and the item's id under `name`. */
export function SetDefaultForm({ name, id, which }: { name: string; id: string | number; which: ReactNode }) {
  return (
    <Form method="post" className={s.inlineForm}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="setDefault" />
      <input type="hidden" name={name} value={id} />
      <button type="submit" className={forms.button.secondary}>
        Set as default{which}
      </button>
    </Form>
  );
}

/**
 * A confirmation's buttons: the action, then Cancel — a button that closes the dialog (`onCancel`), or a link back to
 * the list on the page without script (`cancelTo`).
 */
export function ConfirmButtons(props: {
  label: string;
  busy?: boolean;
  onCancel?: (() => void) | null;
  cancelTo: string;
  id?: string;
}) {
  return (
    <div className={s.formActions}>
      <button type="submit" id={props.id} className={forms.button.primary} disabled={props.busy}>
        {props.label}
      </button>
      {props.onCancel ? (
        <button type="button" className={forms.button.secondary} onClick={props.onCancel}>
          Cancel
        </button>
      ) : (
        <Link className={forms.button.secondary} to={props.cancelTo}>
          Cancel
        </Link>
      )}
    </div>
  );
}
