import { useState } from "react";
import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import type { Voucher } from "#contract/member-orders";
import { HoneypotFields } from "~/components/auth/HoneypotFields";
import { Dialog } from "~/components/dialog/Dialog";
import { historyDate } from "~/models/loyalty";
import { formatPence } from "~/models/money";
import * as forms from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import * as s from "./Loyalty.css";

export const VOUCHERS_PATH = "/member/vouchers";

export function voucherTermsPath(code: string): string {
  return `${VOUCHERS_PATH}/${encodeURIComponent(code)}/terms`;
}

/** "10% off" or "£5.00 off". */
export function voucherValue(voucher: Pick<Voucher, "kind" | "value">): string {
  return voucher.kind === "percent" ? `${voucher.value}% off` : `${formatPence(voucher.value)} off`;
}

/** A voucher's facts: value, minimum spend and how long it lasts. */
export function VoucherFacts({ voucher }: { voucher: Voucher }) {
  return (
    <dl className={s.facts}>
      <dt className={s.factTerm}>Value</dt>
      <dd className={s.factValue}>{voucherValue(voucher)}</dd>
      <dt className={s.factTerm}>Minimum spend</dt>
      <dd className={s.factValue}>{voucher.minSpend > 0 ? formatPence(voucher.minSpend) : "None"}</dd>
      <dt className={s.factTerm}>Valid until</dt>
      <dd className={s.factValue}>{voucher.validUntil ? historyDate(voucher.validUntil) : "No end date"}</dd>
      {voucher.requirement === "registered_with_verification" ? (
        <>
          <dt className={s.factTerm}>Needs</dt>
          <dd className={s.factValue}>A verified mobile number</dd>
        </>
      ) : null}
    </dl>
  );
}

/** 'Apply': posts the voucher's code to the vouchers page's action, which puts it on the basket. */
export function ApplyVoucherForm({ voucher, honeypot }: { voucher: Voucher; honeypot: HoneypotInputProps }) {
  return (
    <Form method="post" action={VOUCHERS_PATH} className={s.inlineForm}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="apply" />
      <input type="hidden" name="code" value={voucher.code} />
      <HoneypotFields honeypot={honeypot} />
      <button type="submit" className={forms.button.primary}>
        Apply<span className={visuallyHidden}> {voucher.name}</span>
      </button>
    </Form>
  );
}

/** A voucher's terms (spec 2 modal 'voucher terms'), in the dialog and on the terms page. */
export function VoucherTerms({ voucher, inDialog = false }: { voucher: Voucher; inDialog?: boolean }) {
  const Heading = inDialog ? "h3" : "h2";
  return (
    <>
      <VoucherFacts voucher={voucher} />
      <Heading>Terms</Heading>
      <p className={s.terms}>{voucher.terms}</p>
    </>
  );
}

/**
 * One voucher (spec 2 modal 'voucher'): its facts, 'View terms' (a link to the terms page that, with script, opens
 * them in a dialog) and 'Apply'.
 */
export function VoucherCard({ voucher, honeypot }: { voucher: Voucher; honeypot: HoneypotInputProps }) {
  const [open, setOpen] = useState(false);
  return (
    <li className={s.card}>
      <h2 className={s.cardTitle}>
        {voucher.name} <span className={forms.hint}>({voucher.code})</span>
      </h2>
      <VoucherFacts voucher={voucher} />
      <div className={s.actions}>
        <Link
          className={s.link}
          to={voucherTermsPath(voucher.code)}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          View terms<span className={visuallyHidden}> of {voucher.name}</span>
        </Link>
        <ApplyVoucherForm voucher={voucher} honeypot={honeypot} />
      </div>
      <Dialog open={open} title={`${voucher.name}: terms`} onClose={() => setOpen(false)}>
        <VoucherTerms voucher={voucher} inDialog />
        <ApplyVoucherForm voucher={voucher} honeypot={honeypot} />
      </Dialog>
    </li>
  );
}
