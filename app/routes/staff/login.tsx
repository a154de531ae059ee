import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/login";
import * as styles from "~/components/checkout/Checkout.css";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { fieldErrors } from "~/components/forms/fields";
import { TextField } from "~/components/forms/TextField";
import { appContext, shopperContext } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { staffSignIn } from "./staff.server";
import * as forms from "~/styles/forms.css";

const USERNAME_REQUIRED = "Enter your username";
const PASSWORD_REQUIRED = "Enter your password";

/** Staff sign-in: what is typed beyond 200 characters is not sent on. */
const schema = z.object({
  username: z
    .string({ error: USERNAME_REQUIRED })
    .trim()
    .min(1, USERNAME_REQUIRED)
    .transform((v) => v.slice(0, 200)),
  password: z.string({ error: PASSWORD_REQUIRED }).transform((v) => v.slice(0, 200)),
});

/** Staff sign-in for the order board (credentials from the server's environment). */
export async function loader({ context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const now = context.get(appContext).clock.now();
  const staff = shopper.session.get("staff");
  if (staff && staff.expiresAt > now.getTime()) return redirect(href("/staff"), 302);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const now = context.get(appContext).clock.now();
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  try {
    await staffSignIn(shopper, now, submission.value.username, submission.value.password);
  } catch (error) {
    if (error instanceof PlatformError && error.status < 500) {
      return data(submission.reply({ fieldErrors: { username: [error.message] }, hideFields: ["password"] }), {
        status: error.status === 429 ? 429 : 400,
      });
    }
    throw error;
  }
  return redirect(href("/staff"), 303);
}

export default function StaffLogin({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<z.input<typeof schema>>({ id: "staff-login", lastResult: actionData });
  return (
    <div className={styles.page}>
      <div className={styles.main}>
        <h1 className={styles.title}>Staff sign in</h1>
        <p className={styles.lead}>The order board is for store staff.</p>
        <ErrorSummary errors={fieldErrors([fields.username, fields.password])} />
        <Form method="post" {...getFormProps(form)}>
          <AuthenticityTokenInput />
          <TextField
            field={fields.username}
            label="Username"
            autoComplete="username"
            spellCheck={false}
            maxLength={200}
          />
          <TextField
            field={fields.password}
            label="Password"
            type="password"
            autoComplete="current-password"
            maxLength={200}
          />
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
