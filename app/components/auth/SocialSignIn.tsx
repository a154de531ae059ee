import { useId } from "react";
import { href } from "react-router";
import * as css from "./SocialSignIn.css";

export type SocialProviderName = "google" | "facebook";

const LABELS: Record<SocialProviderName, string> = {
  google: "Continue with Google",
  facebook: "Continue with Facebook",
};

/**
 * "Continue with Google / Facebook": plain links to /auth/:provider, which redirects to the provider (decision 0020).
 * Plain <a>, not <Link>: the start is a server redirect to another site, so the browser must make a real request.
 * Renders nothing when no provider is offered (socialProviders in app/routes/auth/social.server.ts).
 */
export function SocialSignIn({
  providers,
  redirectTo,
}: {
  providers: readonly SocialProviderName[];
  redirectTo?: string;
}) {
  const titleId = useId();
  if (providers.length === 0) return null;
  const query = redirectTo ? `?${new URLSearchParams({ redirectTo }).toString()}` : "";
  return (
    <section className={css.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={css.title}>
        Or sign in with
      </h2>
      <ul className={css.list}>
        {providers.map((provider) => (
          <li key={provider}>
            <a className={css.link} href={`${href("/auth/:provider", { provider })}${query}`}>
              {LABELS[provider]}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
