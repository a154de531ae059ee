import type { Route } from "./+types/social-callback";
import { finishSocialSignIn } from "./social.server";

/** /auth/:provider/callback: the provider sends the shopper back here; signed in, they go on to the member area. */
export function loader(args: Route.LoaderArgs) {
  return finishSocialSignIn(args);
}
