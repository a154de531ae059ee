import { Link } from "react-router";
import type { Route } from "./+types/vouchers-terms";
import { MemberPage } from "~/components/member/MemberArea";
import { ApplyVoucherForm, VOUCHERS_PATH, VoucherTerms } from "~/components/member/Voucher";
import * as forms from "~/styles/forms.css";
import * as s from "~/components/member/Loyalty.css";
import { appContext } from "~/services/context";
import { honeypotInputProps } from "~/services/honeypot.server";
import { memberVoucher } from "./vouchers.server";

/** A voucher's terms as a page (without script; the vouchers page opens them in a dialog with script). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const [voucher, honeypot] = await Promise.all([
    memberVoucher(context, request, params.code),
    honeypotInputProps(context.get(appContext).config),
  ]);
  return { voucher, honeypot };
}

export default function VoucherTermsPage({ loaderData }: Route.ComponentProps) {
  const { voucher, honeypot } = loaderData;
  return (
    <MemberPage title={`${voucher.name}: terms`}>
      <VoucherTerms voucher={voucher} />
      <div className={s.actions}>
        <ApplyVoucherForm voucher={voucher} honeypot={honeypot} />
        <Link className={forms.button.secondary} to={VOUCHERS_PATH}>
          Back to vouchers
        </Link>
      </div>
    </MemberPage>
  );
}

export function meta() {
  return [{ title: "Voucher terms" }];
}
