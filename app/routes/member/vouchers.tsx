import type { Route } from "./+types/vouchers";
import { MemberPage } from "~/components/member/MemberArea";
import { VoucherCard } from "~/components/member/Voucher";
import { applyVoucher, voucherPageData } from "./vouchers.server";
import * as s from "~/components/member/Loyalty.css";

/** The vouchers on offer to the member (issue 15), each with its terms and 'Apply'. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return voucherPageData(context, request);
}

/** 'Apply' posts here (from the list, the terms dialog and the terms page). */
export async function action({ request, context }: Route.ActionArgs) {
  return applyVoucher(context, request);
}

export default function Vouchers({ loaderData }: Route.ComponentProps) {
  const { vouchers, honeypot } = loaderData;
  return (
    <MemberPage title="Vouchers" lead="Offers for members. Apply one and it goes on your basket.">
      {vouchers.length === 0 ? (
        <p className={s.empty}>There are no vouchers for you right now.</p>
      ) : (
        <ul className={s.list}>
          {vouchers.map((voucher) => (
            <VoucherCard key={voucher.code} voucher={voucher} honeypot={honeypot} />
          ))}
        </ul>
      )}
    </MemberPage>
  );
}

export function meta() {
  return [{ title: "Vouchers" }];
}
