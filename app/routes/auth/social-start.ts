import type { Route } from "./+types/social-start";
import { startSocialSignIn } from "./social.server";

/** /auth/:provider: "Continue with Google / Facebook" starts here and leaves for the provider's sign-in page. */
export function loader(args: Route.LoaderArgs) {
  return startSocialSignIn(args);
}
