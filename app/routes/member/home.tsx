import { useRouteLoaderData } from "react-router";
import { Facts } from "~/components/auth/AuthPage";
import { LogoutForm } from "~/components/auth/LogoutForm";
import { MemberPage, MemberTiles } from "~/components/member/MemberArea";
import { ROUTE_IDS, type MemberLayoutData } from "~/models/route-data";
import * as forms from "~/styles/forms.css";

/** The member area's dashboard (spec 2 §2 /member): who is signed in, a way to each part of the area, and out. */
export default function MemberHome() {
  const { member } = useRouteLoaderData(ROUTE_IDS.memberLayout) as MemberLayoutData;
  return (
    <MemberPage title={`Hello, ${member.firstName}`}>
      <Facts
        facts={[
          { term: "Name", value: `${member.firstName} ${member.lastName}` },
          { term: "Email address", value: member.email },
        ]}
      />
      <MemberTiles />
      <LogoutForm buttonClassName={forms.button.secondary} label="Log out" />
    </MemberPage>
  );
}

export function meta() {
  return [{ title: "Your account" }];
}
