import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/staff-login";
import * as styles from "~/components/checkout/Checkout.css";
import { CsrfInput } from "~/components/forms/CsrfInput";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { TextField } from "~/components/forms/TextField";
import { appContext, shopperContext } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { staffSignIn } from "~/services/staff.server";
import * as forms from "~/styles/forms.css";

/** Staff sign-in for the order board (credentials from the server's environment). */
export async function loader({ context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const now = context.get(appContext).clock.now();
  const staff = shopper.session.get("staff");
  if (staff && staff.expiresAt > now.getTime()) return redirect("/staff", 302);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const now = context.get(appContext).clock.now();
  const form = await request.formData();
  const username = String(form.get("username") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const errors: { field: string; message: string }[] = [];
  if (!username) errors.push({ field: "username", message: "Enter your username" });
  if (!password) errors.push({ field: "password", message: "Enter your password" });
  if (errors.length > 0) return data({ errors, username }, { status: 400 });
  try {
    await staffSignIn(shopper, now, username.slice(0, 200), password.slice(0, 200));
  } catch (error) {
    if (error instanceof PlatformError && error.status < 500) {
      return data({ errors: [{ field: "username", message: error.message }], username }, { status: error.status === 429 ? 429 : 400 });
    }
    throw error;
  }
  return redirect("/staff", 303);
}

export default function StaffLogin({ actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? [];
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  return (
    <div className={styles.page}>
      <div className={styles.main}>
        <h1 className={styles.title}>Staff sign in</h1>
        <p className={styles.lead}>The order board is for store staff.</p>
        <ErrorSummary errors={errors} />
        <Form method="post" noValidate>
          <CsrfInput />
          <TextField id="username" name="username" label="Username" autoComplete="username" spellCheck={false} maxLength={200} error={errorOf("username")} defaultValue={actionData?.username ?? ""} />
          <TextField id="password" name="password" label="Password" type="password" autoComplete="current-password" maxLength={200} error={errorOf("password")} />
          <button type="submit" className={forms.button.primary}>
            Sign in
          </button>
        </Form>
      </div>
    </div>
  );
}

export function meta() {
  return [{ title: "Staff sign in" }, { name: "robots", content: "noindex" }];
}
