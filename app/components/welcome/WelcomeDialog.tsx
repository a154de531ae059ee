import { useState } from "react";
import { Dialog } from "~/components/dialog/Dialog";
import * as f from "~/styles/forms.css";
import * as s from "./Welcome.css";

export interface WelcomeDialogProps {
  companyName: string;
  /** Called once the dialog has closed, however it closed (the button, Escape, ×, a navigation). */
  onDone: () => void;
}

/** The one-time welcome (spec 2 §3 first-time-user modal flags): what the shop does, and one way on. */
export default function WelcomeDialog({ companyName, onDone }: WelcomeDialogProps) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog
      open={open}
      title={`Welcome to ${companyName}`}
      onClose={() => {
        setOpen(false);
        onDone();
      }}
    >
      <p className={s.text}>
        Order your shopping from a store near you: delivered to your door, or ready for you to collect.
      </p>
      <p className={s.text}>
        Enter your postcode to see the stores that serve you, fill your basket, then choose a time that suits you.
      </p>
      <button type="button" className={`${f.button.primary} ${f.buttonBlock}`} onClick={() => setOpen(false)}>
        Start shopping
      </button>
    </Dialog>
  );
}
