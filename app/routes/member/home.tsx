import type { Route } from "./+types/home";
import { AuthPageCard, Facts } from "~/components/auth/AuthPage";
import { LogoutForm } from "~/components/auth/LogoutForm";
import { memberProfile } from "./member.server";
import * as forms from "~/styles/forms.css";

/** The member area's home (spec 2 §2 /member, login required): who is signed in, and the way out. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const profile = await memberProfile(context, request);
  return { firstName: profile.firstName, lastName: profile.lastName, email: profile.email };
}

export default function MemberHome({ loaderData }: Route.ComponentProps) {
  const { firstName, lastName, email } = loaderData;
  return (
    <AuthPageCard title={`Hello, ${firstName}`}>
      <Facts
        facts={[
          { term: "Name", value: `${firstName} ${lastName}` },
          { term: "Email address", value: email },
        ]}
      />
      <LogoutForm buttonClassName={forms.button.secondary} label="Log out" />
    </AuthPageCard>
  );
}

export function meta() {
  return [{ title: "Your account" }];
}
