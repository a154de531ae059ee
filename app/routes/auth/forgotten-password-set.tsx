import { href, Link } from "react-router";
import type { Route } from "./+types/forgotten-password-set";
import { AUTH_MESSAGES } from "#contract/auth";
import { AuthLinks, authLinkClass, AuthPageCard } from "~/components/auth/AuthPage";
import { authContent } from "./auth.server";

/** forgotten-password-set (spec 2 §2): the reset link is on its way, if the address has an account. */
export async function loader({ context }: Route.LoaderArgs) {
  const content = await authContent(context, "forgot-password");
  return { image: content.image, message: AUTH_MESSAGES.resetRequested };
}

export default function ForgottenPasswordSet({ loaderData }: Route.ComponentProps) {
  return (
    <AuthPageCard title="Check your email" image={loaderData.image}>
      <p role="status">{loaderData.message}</p>
      <p>The link works once, for one hour. If nothing arrives, check your junk folder or ask for another.</p>
      <AuthLinks label="Next steps">
        <li>
          <Link className={authLinkClass} to={href("/login")}>
            Back to log in
          </Link>
        </li>
        <li>
          <Link className={authLinkClass} to={href("/forgotten-password")}>
            Send another link
          </Link>
        </li>
      </AuthLinks>
    </AuthPageCard>
  );
}

export function meta() {
  return [{ title: "Check your email" }];
}
