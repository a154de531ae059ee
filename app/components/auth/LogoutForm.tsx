import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import * as s from "./AuthPage.css";

/** Strips a button's own look, for a logout that sits among links (sidebar, desktop bar). */
export const logoutAsLink = s.logoutButton;

/**
 * Signing out is a post with the anti-forgery token (a link would let any page sign the member out), so it works
 * without script and looks like whatever its place needs.
 */
export function LogoutForm({ buttonClassName, label = "Logout" }: { buttonClassName: string; label?: string }) {
  return (
    <Form method="post" action="/logout" className={s.logoutForm}>
      <AuthenticityTokenInput />
      <button type="submit" className={buttonClassName}>
        {label}
      </button>
    </Form>
  );
}
